// Logs endpoints. Shapes the spec leaves open (VictoriaLogs-like):
//   search     data: { records: [{ _time, _msg, service_name, level, host, customer_id? }] },
//              newest first; meta.pagination { offset, limit, next_offset (full page only) }
//   histogram  data: { hits: [{ fields: {group…}, timestamps: [rfc3339…], values: [count…], total }] },
//              only non-empty buckets; bucket start = floor(t / step) * step. With the
//              'buckets' switch: data: { step_seconds, buckets: [{ timestamp, count, group: {group…} }] }
//   facets     data: { facets: [{ field_name, values: [{ field_value, hits }] }] } (no _time/_msg)
//   fields     data: { values: [{ value, hits }] }   (field names)
//   field-values data: { values: [{ value, hits }] }
// Without start/end the range is the last hour; records exist from data_available_from to now.
import { type LogRec, scanDesc, toWire } from './data/logs-gen.js';
import { orgProfile } from './data/profile.js';
import { Body, type FieldType, intInRange } from './body.js';
import { invalidRequest } from './errors.js';
import { dataAvailableFrom, globalLimits, LIMITS, logsLimits } from './limits.js';
import { matches } from './logsql/eval.js';
import { type LogsQuery, parseLogsQL } from './logsql/parser.js';
import type { RouteCtx, RouteResult } from './routes-metrics.js';
import { formatMs } from './time.js';

const DEFAULT_RANGE_MS = 3_600_000;
const COMMON: Record<string, FieldType> = { query: 'string', start: 'time', end: 'time' };

function meta(extra: Record<string, unknown> = {}): Record<string, unknown> {
  return { source: 'store_logs', limits: { global: globalLimits(), logs: logsLimits() }, ...extra };
}

interface Input {
  b: Body;
  q: LogsQuery;
  from: number;
  to: number;
}

function input(
  ctx: RouteCtx,
  raw: unknown,
  extra: Record<string, FieldType>,
  required: string[] = [],
): Input {
  const b = new Body(raw, { ...COMMON, ...extra }, required);
  const q = parseLogsQL(b.str('query') ?? '*');
  const end = b.time('end') ?? ctx.now;
  let start = b.time('start') ?? end - DEFAULT_RANGE_MS;
  if (start > end) throw invalidRequest('start must not be after end');
  if (q.timeMs !== null) start = Math.max(start, ctx.now - q.timeMs);
  return { b, q, from: Math.max(start, dataAvailableFrom(ctx.now)), to: Math.min(end, ctx.now) };
}

/** Visits matching records newest first, honouring `| limit N`; visit returns false to stop. */
function each(ctx: RouteCtx, inp: Input, visit: (r: LogRec) => boolean): void {
  if (inp.from > inp.to) return;
  let matched = 0;
  const cap = inp.q.limit ?? Number.POSITIVE_INFINITY;
  if (cap <= 0) return;
  scanDesc(orgProfile(ctx.seed, ctx.org), inp.from, inp.to, (r) => {
    if (!matches(inp.q.filter, r.fields)) return true;
    matched++;
    return visit(r) !== false && matched < cap;
  });
}

export function search(ctx: RouteCtx, raw: unknown): RouteResult {
  const inp = input(ctx, raw, { limit: 'integer', offset: 'integer' });
  const limit = intInRange(inp.b, 'limit', 1, LIMITS.searchMax, LIMITS.searchDefault);
  const offset = intInRange(inp.b, 'offset', 0, LIMITS.searchOffsetMax, 0);
  const records: Array<Record<string, string>> = [];
  let seen = 0;
  each(ctx, inp, (r) => {
    if (seen++ >= offset) records.push(toWire(r));
    return records.length < limit;
  });
  const pagination = { offset, limit, ...(records.length === limit ? { next_offset: offset + limit } : {}) };
  return { data: { records }, meta: meta({ pagination }) };
}

export function histogram(ctx: RouteCtx, raw: unknown): RouteResult {
  const inp = input(ctx, raw, { step_seconds: 'integer', group_by: 'strings' });
  const span = Math.max(0, inp.to - inp.from);
  const step = intInRange(inp.b, 'step_seconds', 1, 31 * 86_400, Math.max(1, Math.ceil(span / 60_000)));
  const stepMs = step * 1000;
  const groupBy = inp.b.strs('group_by') ?? [];
  const groups = new Map<string, { fields: Record<string, string>; counts: Map<number, number> }>();
  each(ctx, inp, (r) => {
    const fields: Record<string, string> = {};
    for (const f of groupBy) fields[f] = r.fields[f] ?? '';
    const key = JSON.stringify(fields);
    let g = groups.get(key);
    if (!g) {
      g = { fields, counts: new Map() };
      groups.set(key, g);
    }
    const bucket = Math.floor((r.sec * 1000 + Math.floor(r.nanos / 1e6)) / stepMs) * stepMs;
    g.counts.set(bucket, (g.counts.get(bucket) ?? 0) + 1);
    return true;
  });
  const hits = [...groups.entries()]
    .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))
    .map(([, g]) => {
      const buckets = [...g.counts.entries()].sort((a, b) => a[0] - b[0]);
      return {
        fields: g.fields,
        timestamps: buckets.map(([t]) => formatMs(t)),
        values: buckets.map(([, n]) => n),
        total: buckets.reduce((acc, [, n]) => acc + n, 0),
      };
    });
  if (ctx.histogram === 'buckets') {
    const buckets = hits.flatMap((h) =>
      h.timestamps.map((timestamp, i) => ({ timestamp, count: h.values[i] ?? 0, group: h.fields })),
    );
    return { data: { step_seconds: step, buckets }, meta: meta() };
  }
  return { data: { hits }, meta: meta() };
}

type Counts = Map<string, number>;
const bump = (m: Counts, k: string) => m.set(k, (m.get(k) ?? 0) + 1);
const ranked = (m: Counts) =>
  [...m.entries()].sort((a, b) => b[1] - a[1] || (a[0] < b[0] ? -1 : a[0] > b[0] ? 1 : 0));

export function facets(ctx: RouteCtx, raw: unknown): RouteResult {
  const inp = input(ctx, raw, { limit_per_field: 'integer' });
  const per = intInRange(inp.b, 'limit_per_field', 1, LIMITS.discoveryLimitMax, 10);
  const byField = new Map<string, Counts>();
  each(ctx, inp, (r) => {
    for (const [f, v] of Object.entries(r.fields)) {
      if (f === '_msg') continue;
      let m = byField.get(f);
      if (!m) {
        m = new Map();
        byField.set(f, m);
      }
      bump(m, v);
    }
    return true;
  });
  let truncated = false;
  const out = [...byField.keys()].sort().map((field_name) => {
    const values = ranked(byField.get(field_name)!);
    if (values.length > per) truncated = true;
    return { field_name, values: values.slice(0, per).map(([field_value, hits]) => ({ field_value, hits })) };
  });
  return { data: { facets: out }, meta: meta({ truncated }) };
}

function valueList(m: Counts, filter: string | undefined, limit: number): RouteResult {
  const needle = filter?.toLowerCase();
  const all = ranked(m).filter(([v]) => needle === undefined || v.toLowerCase().includes(needle));
  return {
    data: { values: all.slice(0, limit).map(([value, hits]) => ({ value, hits })) },
    meta: meta({ truncated: all.length > limit }),
  };
}

export function fields(ctx: RouteCtx, raw: unknown): RouteResult {
  const inp = input(ctx, raw, { filter: 'string', limit: 'integer' });
  const limit = intInRange(inp.b, 'limit', 1, LIMITS.discoveryLimitMax, LIMITS.discoveryLimitMax);
  const m: Counts = new Map();
  each(ctx, inp, (r) => {
    bump(m, '_time');
    for (const f of Object.keys(r.fields)) bump(m, f);
    return true;
  });
  return valueList(m, inp.b.str('filter'), limit);
}

export function fieldValues(ctx: RouteCtx, raw: unknown): RouteResult {
  const inp = input(ctx, raw, { field: 'string', filter: 'string', limit: 'integer' }, ['field']);
  const limit = intInRange(inp.b, 'limit', 1, LIMITS.discoveryLimitMax, LIMITS.discoveryLimitMax);
  const field = inp.b.str('field')!;
  const m: Counts = new Map();
  each(ctx, inp, (r) => {
    const v = field === '_time' ? toWire(r)._time : r.fields[field];
    if (v !== undefined) bump(m, v);
    return true;
  });
  return valueList(m, inp.b.str('filter'), limit);
}
