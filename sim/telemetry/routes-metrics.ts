// Metrics endpoints: instant and range queries, and discovery (names, labels, label values).
// Discovery answers `data: { values: string[] }`, sorted, with meta.truncated when cut at `limit`.
import { metricsStore, type SeriesData } from './data/metrics-gen.js';
import { Body, type FieldType, intInRange } from './body.js';
import { ApiError, invalidRequest, rangeTooLarge, resultTooLarge } from './errors.js';
import { dataAvailableFrom, globalLimits, LIMITS, metricsLimits } from './limits.js';
import { evaluate, lookbehind } from './metricsql/eval.js';
import { matchLabel, parseMetricsQL, parseSelector } from './metricsql/parser.js';
import type { VSeries } from './metricsql/values.js';
import { DAY_MS, formatMs } from './time.js';

export interface RouteCtx {
  now: number;
  seed: number;
  org: number;
  /** logs/histogram answer shape (default 'hits'). */
  histogram?: HistogramShape;
  /** A simulated fleet's series (data/fleet-gen.ts), in every organization. */
  fleet?: readonly SeriesData[];
}

const withFleet = new WeakMap<readonly SeriesData[], Map<string, SeriesData[]>>();

/** The organization's series, a fleet's appended (the concatenation memoized). */
function storeOf(ctx: RouteCtx): SeriesData[] {
  const own = metricsStore(ctx.seed, ctx.org);
  if (!ctx.fleet) return own;
  let byOrg = withFleet.get(ctx.fleet);
  if (!byOrg) {
    byOrg = new Map();
    withFleet.set(ctx.fleet, byOrg);
  }
  const key = `${ctx.seed}:${ctx.org}`;
  let all = byOrg.get(key);
  if (!all) {
    all = [...own, ...ctx.fleet];
    byOrg.set(key, all);
  }
  return all;
}

/**
 * 'hits': VictoriaLogs' `{ hits: [{ fields, timestamps, values, total }] }`; 'buckets': a
 * server answering `{ step_seconds, buckets: [{ timestamp, count, group }] }`.
 */
export type HistogramShape = 'hits' | 'buckets';

export interface RouteResult {
  data: unknown;
  meta: Record<string, unknown>;
}

export function metricsMeta(now: number, extra: Record<string, unknown> = {}): Record<string, unknown> {
  return {
    source: 'store_metrics',
    limits: { global: globalLimits(), metrics: metricsLimits() },
    data_available_from: formatMs(dataAvailableFrom(now)),
    ...extra,
  };
}

/** Rejects reversed ranges, ranges over 31 days, and reads before data_available_from. */
export function checkRange(start: number, end: number, earliest: number, now: number): void {
  if (start > end) throw invalidRequest('start must not be after end');
  if (end - start > LIMITS.rangeDays * DAY_MS) throw rangeTooLarge('the time range exceeds 31 days');
  const from = dataAvailableFrom(now);
  if (earliest < from) {
    throw new ApiError(422, 'range_not_available', `metrics are available from ${formatMs(from)}`, {
      data_available_from: formatMs(from),
    });
  }
}

export function formatValue(v: number): string {
  if (Number.isNaN(v)) return 'NaN';
  if (v === Number.POSITIVE_INFINITY) return '+Inf';
  if (v === Number.NEGATIVE_INFINITY) return '-Inf';
  return String(v);
}

function orderedLabels(labels: Record<string, string>): Record<string, string> {
  const out: Record<string, string> = {};
  if (labels.__name__ !== undefined) out.__name__ = labels.__name__;
  for (const k of Object.keys(labels).sort()) if (k !== '__name__') out[k] = labels[k]!;
  return out;
}

function serialize(series: VSeries[], steps: number[]) {
  return series.map((s) => {
    const samples: Array<{ timestamp: string; value: string }> = [];
    for (let k = 0; k < steps.length; k++) {
      if (s.has[k]) samples.push({ timestamp: formatMs(steps[k]!), value: formatValue(s.v[k]!) });
    }
    return { labels: orderedLabels(s.labels), samples };
  });
}

export function checkResult(series: number, points: number): void {
  if (series > LIMITS.series) {
    throw resultTooLarge(`the result has ${series} series, more than ${LIMITS.series}`, { series });
  }
  if (series * points > LIMITS.totalPoints) {
    throw resultTooLarge(`the result has ${series * points} points, more than ${LIMITS.totalPoints}`, {
      series,
      points_per_series: points,
    });
  }
}

export function query(ctx: RouteCtx, raw: unknown): RouteResult {
  const b = new Body(raw, { expression: 'string', time: 'time' }, ['expression']);
  const t = b.time('time') ?? ctx.now;
  const expr = parseMetricsQL(b.str('expression')!);
  const ev = { steps: [t], stepMs: 0, now: ctx.now, store: storeOf(ctx) };
  checkRange(t, t, t - lookbehind(expr, ev), ctx.now);
  const series = evaluate(expr, ev);
  checkResult(series.length, 1);
  return {
    data: { result_type: 'vector', series: serialize(series, ev.steps) },
    meta: metricsMeta(ctx.now, { truncated: false }),
  };
}

export function queryRange(ctx: RouteCtx, raw: unknown): RouteResult {
  const b = new Body(raw, { expression: 'string', start: 'time', end: 'time', step_seconds: 'integer' }, [
    'expression',
    'start',
    'end',
  ]);
  const start = b.time('start')!;
  const end = b.time('end')!;
  const expr = parseMetricsQL(b.str('expression')!);
  // Default: about 300 points, never finer than the 30 s scrape interval.
  const step = intInRange(
    b,
    'step_seconds',
    1,
    LIMITS.rangeDays * 86_400,
    Math.max(30, Math.ceil((end - start) / 300_000)),
  );
  const stepMs = step * 1000;
  const first = Math.ceil(start / stepMs) * stepMs;
  const points = first <= end ? Math.floor((end - first) / stepMs) + 1 : 0;
  if (points > LIMITS.pointsPerSeries) {
    throw resultTooLarge(
      `${points} points per series, more than ${LIMITS.pointsPerSeries}; use a larger step`,
      {
        points_per_series: points,
      },
    );
  }
  // No sample is evaluated after now: its window would hold only part of its data (a chart
  // whose end is aligned up to the step would show a false drop at the end).
  const steps = Array.from({ length: points }, (_, k) => first + k * stepMs).filter((t) => t <= ctx.now);
  const ev = { steps, stepMs, now: ctx.now, store: storeOf(ctx) };
  checkRange(start, end, Math.min(start, first - lookbehind(expr, ev)), ctx.now);
  const series = steps.length > 0 ? evaluate(expr, ev) : [];
  checkResult(series.length, points);
  return {
    data: { result_type: 'matrix', series: serialize(series, steps) },
    meta: metricsMeta(ctx.now, { truncated: false }),
  };
}

/** A discovery body (names, labels, label-values) read and its range checked: the simulator's
 * own data and the upstream mode (upstream.ts) read it alike. */
export function discoveryBody(ctx: RouteCtx, raw: unknown, kind: 'names' | 'labels' | 'values') {
  const schema: Record<string, FieldType> = { start: 'time', end: 'time', limit: 'integer' };
  if (kind !== 'names') schema.matchers = 'strings';
  if (kind === 'values') schema.label = 'string';
  const b = new Body(raw, schema, kind === 'values' ? ['label', 'start', 'end'] : ['start', 'end']);
  const start = b.time('start')!;
  const end = b.time('end')!;
  checkRange(start, end, start, ctx.now);
  const limit = intInRange(b, 'limit', 1, LIMITS.discoveryLimitMax, LIMITS.discoveryLimitMax);
  return { b, start, end, limit };
}

function discoveryInput(ctx: RouteCtx, raw: unknown, kind: 'names' | 'labels' | 'values') {
  const { b, limit } = discoveryBody(ctx, raw, kind);
  const selectors = (b.strs('matchers') ?? []).map(parseSelector);
  let series: SeriesData[] = storeOf(ctx);
  if (selectors.length > 0) {
    series = series.filter((s) =>
      selectors.some((sel) => sel.matchers.every((m) => matchLabel(m, s.labels[m.name] ?? ''))),
    );
  }
  return { b, limit, series };
}

function listResult(ctx: RouteCtx, values: Set<string>, limit: number): RouteResult {
  const sorted = [...values].sort();
  return {
    data: { values: sorted.slice(0, limit) },
    meta: metricsMeta(ctx.now, { truncated: sorted.length > limit }),
  };
}

export function names(ctx: RouteCtx, raw: unknown): RouteResult {
  const { limit, series } = discoveryInput(ctx, raw, 'names');
  return listResult(ctx, new Set(series.map((s) => s.labels.__name__ ?? '')), limit);
}

export function labels(ctx: RouteCtx, raw: unknown): RouteResult {
  const { limit, series } = discoveryInput(ctx, raw, 'labels');
  const out = new Set<string>();
  for (const s of series) for (const k of Object.keys(s.labels)) out.add(k);
  return listResult(ctx, out, limit);
}

export function labelValues(ctx: RouteCtx, raw: unknown): RouteResult {
  const { b, limit, series } = discoveryInput(ctx, raw, 'values');
  const label = b.str('label')!;
  const out = new Set<string>();
  for (const s of series) {
    const v = s.labels[label];
    if (v !== undefined) out.add(v);
  }
  return listResult(ctx, out, limit);
}
