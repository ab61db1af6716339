// Adapters from the telemetry client to the panes' data sources: the chart asks for a range
// and a column count, we choose the step within the API's limits.
import type { TelemetryClient } from '../api/telemetry/client.js';
import { chooseStep } from '../api/telemetry/step.js';
import type { ChartSource } from '../views/chart/source.js';
import type { LogSource } from '../views/logs/source.js';

export function chartSource(client: TelemetryClient, expression: string, fixedStep?: number): ChartSource {
  return {
    async fetch(range, signal) {
      const caps = await client.capabilities(signal);
      const plan = fixedStep
        ? {
            stepSeconds: fixedStep,
            startMs: Math.floor(range.startMs / (fixedStep * 1000)) * fixedStep * 1000,
            endMs: Math.ceil(range.endMs / (fixedStep * 1000)) * fixedStep * 1000,
          }
        : chooseStep({
            startMs: range.startMs,
            endMs: range.endMs,
            columns: range.columns,
            limits: caps.limits,
          });
      const res = await client.queryRange(
        { expression, start: plan.startMs, end: plan.endMs, stepSeconds: plan.stepSeconds },
        signal,
      );
      return {
        series: res.data.series,
        stepSeconds: plan.stepSeconds,
        startMs: plan.startMs,
        endMs: plan.endMs,
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
      const stepSeconds = Math.max(1, Math.ceil((q.endMs - q.startMs) / 1000 / Math.max(1, q.buckets)));
      const res = await client.logsHistogram({ query, start: q.startMs, end: q.endMs, stepSeconds }, signal);
      return res.data;
    },
    async facets(signal) {
      const res = await client.facets({ query }, signal);
      return res.data;
    },
  };
}
