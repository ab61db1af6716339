// Adapters from the telemetry client to the panes' data sources: the chart asks for a range
// and a column count, we choose the step within the API's limits.
import type { TelemetryClient } from '../../api/telemetry/client.js';
import { argumentError } from '../../errors.js';
import { formatDuration } from '../../term/format-time.js';
import { alignToStep, chooseStep } from '../../api/telemetry/step.js';
import type { Limits } from '../../api/telemetry/types.js';
import type { ChartSource } from '../../contract/chart.js';
import type { LogSource } from '../../contract/logs.js';
import { histogramNote } from './histogram-text.js';

/** The step and aligned range for a chart: the user's step, or one fitted to the columns. */
export function planRange(
  range: { startMs: number; endMs: number },
  columns: number,
  limits: Limits,
  fixedStep?: number,
  /** The least step (a dashboard panel's Min interval): a finer plan is made this coarse. */
  minStep?: number,
): { stepSeconds: number; startMs: number; endMs: number } {
  if (fixedStep) {
    // Aligned to a step longer than the range, the range would grow to a whole step (a 100-year
    // step makes an hour a century) and fail on range_days with a puzzling number.
    const spanMs = range.endMs - range.startMs;
    if (fixedStep * 1000 > spanMs) {
      throw argumentError(
        `step ${formatDuration(fixedStep * 1000)} is longer than the range (${formatDuration(spanMs)}); use a shorter step or a longer range`,
      );
    }
    return { stepSeconds: fixedStep, ...alignToStep(range.startMs, range.endMs, fixedStep) };
  }
  const plan = chooseStep({ startMs: range.startMs, endMs: range.endMs, columns, limits });
  // Coarser only (fewer points than the plan), and never a step longer than the range.
  if (minStep && plan.stepSeconds < minStep && minStep * 1000 <= range.endMs - range.startMs)
    return { stepSeconds: minStep, ...alignToStep(range.startMs, range.endMs, minStep) };
  return plan;
}

/** Seconds per histogram bucket so [start, end) has about `buckets` of them. */
export const bucketStep = (startMs: number, endMs: number, buckets: number) =>
  Math.max(1, Math.ceil((endMs - startMs) / 1000 / Math.max(1, buckets)));

/**
 * `expression` may depend on the step (a dashboard's `$__rate_interval`): it is then made from
 * the step this plan chose, the one sent, so the two always agree.
 */
export function chartSource(
  client: TelemetryClient,
  expression: string | ((stepSeconds: number) => string),
  fixedStep?: number,
  minStep?: number,
): ChartSource {
  return {
    async fetch(range, signal) {
      const caps = await client.capabilities(signal);
      // `c`/`f` scale the user's step (doubling, halving); without one, the columns choose it.
      const step = fixedStep ? Math.max(1, Math.round(fixedStep * (range.stepFactor ?? 1))) : undefined;
      const plan = planRange(range, range.columns, caps.limits, step, minStep);
      const text = typeof expression === 'string' ? expression : expression(plan.stepSeconds);
      const res = await client.queryRange(
        { expression: text, start: plan.startMs, end: plan.endMs, stepSeconds: plan.stepSeconds },
        signal,
      );
      return {
        series: res.data.series,
        stepSeconds: plan.stepSeconds,
        // The window asked for: its start moved up to data_available_from.
        startMs: res.window?.startMs ?? plan.startMs,
        endMs: res.window?.endMs ?? plan.endMs,
        ...(res.notices?.length ? { notices: res.notices } : {}),
      };
    },
  };
}

export function logSource(client: TelemetryClient, query: string): LogSource {
  return {
    async search(q, signal) {
      const res = await client.logsSearch(
        {
          query,
          limit: q.limit,
          ...(q.startMs !== undefined ? { start: q.startMs } : {}),
          ...(q.endMs !== undefined ? { end: q.endMs } : {}),
          ...(q.offset !== undefined ? { offset: q.offset } : {}),
        },
        signal,
      );
      const next = res.meta.pagination?.nextOffset;
      return { records: res.data, ...(next !== undefined ? { nextOffset: next } : {}) };
    },
    async histogram(q, signal) {
      const stepSeconds = bucketStep(q.startMs, q.endMs, q.buckets);
      const res = await client.logsHistogram({ query, start: q.startMs, end: q.endMs, stepSeconds }, signal);
      const note = histogramNote(res);
      return note !== undefined ? { note } : res.data;
    },
    async facets(signal) {
      const res = await client.facets({ query }, signal);
      return res.data;
    },
    async limits(signal) {
      const { searchMax, searchOffsetMax } = (await client.capabilities(signal)).limits;
      return { searchMax, searchOffsetMax };
    },
    async count(q, signal) {
      // One or two buckets covering the range; their sum is the count.
      const stepSeconds = bucketStep(q.startMs, q.endMs, 1);
      const res = await client.logsHistogram({ query, start: q.startMs, end: q.endMs, stepSeconds }, signal);
      if (histogramNote(res) !== undefined) return undefined;
      let n = 0;
      for (const s of res.data) for (const v of s.values) n += v;
      return n;
    },
  };
}
