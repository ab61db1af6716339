// A telemetry API nobody on this team would write: valid answers by default (the spec's
// envelopes), made hostile by modes. Every request is recorded as it arrived.
import type { ServerResponse } from 'node:http';
import { type Harness, type Recorded, startHarness } from './harness.js';
import { EVIL } from './router.js';

export interface TelemetryModes {
  /** Labels, log fields, messages and error text carry EVIL. */
  controls?: boolean;
  /** logs/search: `next_offset` is always the offset asked for (a server that never advances). */
  stuckPagination?: boolean;
  /**
   * logs/search: `next_offset` is always offset + 1, without end (takes precedence over
   * `records`). 'one': each page holds one record whatever the limit, so every page brings one
   * new record; 'overlap': each page is full, so the next one repeats all but one of it.
   */
  creepingPagination?: 'one' | 'overlap';
  /**
   * logs/search: this many records, their `_time` spread evenly over `recordsSpanMs` ending a
   * minute before the harness started, filtered by the request's start/end (inclusive) and
   * paged by limit/offset (next_offset while more). logs/histogram counts the same records.
   */
  records?: number;
  /** How long a stretch the `records` cover (default 50 minutes). */
  recordsSpanMs?: number;
  /** logs/search: one page of this many records, whatever the limit (a 300k-record page). */
  hugePage?: number;
  /** logs/histogram answer shape: the documented-elsewhere `buckets`, VictoriaLogs' `hits`, or garbage. */
  histogram?: 'buckets' | 'hits' | 'garbage';
  /** capabilities: meta.limits.global.route_deadline_seconds (1e10 overflows a timer). */
  deadlineSeconds?: number;
  /** Every answer waits this long first; `silent` never answers. */
  delayMs?: number;
  silent?: boolean;
  /** Every answer is a 307 to this URL. */
  redirectTo?: string;
  /** A live stream for logs/search and logs/histogram (takes precedence over `records`). */
  stream?: LogStream;
  /** capabilities: meta.limits.logs (e.g. a smaller search_max to make following slow). */
  logsLimits?: { search_max?: number; search_offset_max?: number };
  /** logs/search (the default records): these fields too, as another router's logs hold them. */
  recordFields?: Record<string, string>;
  /** metrics/query and query-range: no series (the metric is not there). */
  noSeries?: boolean;
}

/**
 * Records produced at `ratePerSec` from `startMs` (for `forMs`, or without end): record k has
 * `_msg` "stream k" and `_time` startMs + ⌊k·1000/rate⌋ ms, so it exists only once that time has
 * come. Searches see the records in [start, end] (inclusive) produced so far, newest first.
 */
export interface LogStream {
  ratePerSec: number;
  startMs: number;
  forMs?: number;
}

/** Index range [lo, hi) of the stream's records with _time in [startMs, endMs] produced by now. */
export function streamRange(
  st: LogStream,
  startMs: number,
  endMs: number,
  nowMs = Date.now(),
): [number, number] {
  const r = st.ratePerSec / 1000;
  const produced = Math.max(0, Math.ceil((Math.min(endMs, nowMs) - st.startMs + 1) * r));
  const cap = st.forMs !== undefined ? Math.ceil(st.forMs * r) : Number.POSITIVE_INFINITY;
  const lo = Math.max(0, Math.ceil((startMs - st.startMs) * r));
  return [lo, Math.max(lo, Math.min(produced, cap))];
}

/** Every record the stream has produced by `nowMs`. */
export const streamProduced = (st: LogStream, nowMs = Date.now()) =>
  streamRange(st, st.startMs, nowMs, nowMs)[1];

const streamTime = (st: LogStream, k: number) => st.startMs + Math.floor((k * 1000) / st.ratePerSec);

export type HostileTelemetry = Harness<TelemetryModes>;

const now = () => new Date().toISOString().replace('Z', '000000Z');
const startedAt = Date.now();

/** Epoch ms of each `records` record, oldest first (cached per count and span). */
const timesCache = new Map<string, number[]>();
function recordTimes(m: TelemetryModes): number[] {
  const n = m.records ?? 0;
  const span = m.recordsSpanMs ?? 3_000_000;
  const key = `${n}/${span}`;
  let times = timesCache.get(key);
  if (!times) {
    const base = startedAt - 60_000 - span;
    times = Array.from({ length: n }, (_, k) => base + Math.floor((k * span) / n));
    timesCache.set(key, times);
  }
  return times;
}

const msOf = (v: unknown, fallback: number) => (typeof v === 'string' ? Date.parse(v) : fallback);

/** Indexes of the `records` records in [start, end], newest first. */
function inRange(m: TelemetryModes, body: Record<string, unknown>): number[] {
  const times = recordTimes(m);
  const end = msOf(body.end, Date.now());
  const start = msOf(body.start, end - 3_600_000);
  const out: number[] = [];
  for (let k = times.length - 1; k >= 0; k--) if (times[k]! >= start && times[k]! <= end) out.push(k);
  return out;
}

function answer(m: TelemetryModes, rec: Recorded, res: ServerResponse) {
  const json = (status: number, body: unknown) => {
    res.writeHead(status, { 'content-type': 'application/json', 'cache-control': 'no-store' });
    res.end(JSON.stringify(body));
  };
  if (m.redirectTo) {
    res.writeHead(307, { location: m.redirectTo });
    res.end();
    return;
  }
  const evil = m.controls ? EVIL : '';
  const meta = (extra: Record<string, unknown> = {}) => ({
    request_id: `req-1${evil}`,
    organization_id: 1,
    ...extra,
  });
  const body = (rec.body ? JSON.parse(rec.body) : {}) as Record<string, unknown>;
  const path = new URL(rec.url, 'http://x').pathname.replace(/^\/api\/v1\//, '');
  switch (path) {
    case 'capabilities':
      return json(200, {
        data: { providers: [] },
        meta: meta({
          source: 'stats_api',
          limits: {
            global: { request_body_bytes: 65536, route_deadline_seconds: m.deadlineSeconds ?? 20 },
            metrics: { range_days: 31, series: 1000, total_points: 100000 },
            ...(m.logsLimits && { logs: m.logsLimits }),
          },
        }),
      });
    case 'metrics/query':
    case 'metrics/query-range':
      return json(200, {
        data: {
          result_type: path === 'metrics/query' ? 'vector' : 'matrix',
          series: m.noSeries
            ? []
            : [
                {
                  labels: { __name__: `up${evil}`, job: `router${evil}` },
                  samples: [{ timestamp: now(), value: '1' }],
                },
              ],
        },
        meta: meta({ source: 'store_metrics' }),
      });
    case 'logs/search': {
      const limit = typeof body.limit === 'number' ? body.limit : 200;
      const offset = typeof body.offset === 'number' ? body.offset : 0;
      if (m.creepingPagination) {
        const count = m.creepingPagination === 'one' ? 1 : limit;
        const records = Array.from({ length: count }, (_, i) => ({
          _time: new Date(startedAt - 60_000 - (offset + i) * 1000).toISOString(),
          _msg: `record ${offset + i}${evil}`,
          level: `error${evil}`,
        }));
        const pagination = { offset, limit, next_offset: offset + 1 };
        return json(200, { data: { records }, meta: meta({ source: 'store_logs', pagination }) });
      }
      if (m.stream) {
        const st = m.stream;
        const [lo, hi] = streamRange(st, msOf(body.start, st.startMs), msOf(body.end, Date.now()));
        const top = hi - 1 - offset;
        const records = [];
        for (let k = top; k >= lo && k > top - limit; k--)
          records.push({
            _time: new Date(streamTime(st, k)).toISOString(),
            _msg: `stream ${k}`,
            level: 'info',
          });
        const more = top - records.length >= lo;
        const pagination = { offset, limit, ...(more ? { next_offset: offset + records.length } : {}) };
        return json(200, { data: { records }, meta: meta({ source: 'store_logs', pagination }) });
      }
      if (m.records !== undefined && m.hugePage === undefined) {
        const hits = inRange(m, body);
        const page = hits.slice(offset, offset + limit);
        const times = recordTimes(m);
        const records = page.map((k) => ({
          _time: new Date(times[k]!).toISOString(),
          _msg: `record ${k}${evil}`,
          level: `error${evil}`,
        }));
        const more = m.stuckPagination || offset + page.length < hits.length;
        const pagination = {
          offset,
          limit,
          ...(more ? { next_offset: m.stuckPagination ? offset : offset + page.length } : {}),
        };
        return json(200, { data: { records }, meta: meta({ source: 'store_logs', pagination }) });
      }
      const total = m.hugePage ?? m.records ?? 3;
      const count = m.hugePage ?? Math.max(0, Math.min(limit, total - offset));
      const records = Array.from({ length: count }, (_, i) => ({
        _time: now(),
        _msg: `record ${offset + i}${evil}`,
        level: `error${evil}`,
        ...m.recordFields,
      }));
      const more = m.stuckPagination || (m.hugePage === undefined && offset + count < total);
      const pagination = {
        offset,
        limit,
        ...(more ? { next_offset: m.stuckPagination ? offset : offset + count } : {}),
      };
      return json(200, { data: { records }, meta: meta({ source: 'store_logs', pagination }) });
    }
    case 'logs/histogram': {
      const t = new Date(Math.floor(Date.now() / 60_000) * 60_000).toISOString();
      if (m.histogram === 'garbage') return json(200, { data: { whatever: [1, 2, 3] }, meta: meta() });
      if (m.stream) {
        // [start, end) like the API; buckets on the epoch-aligned step grid.
        const st = m.stream;
        const step = (typeof body.step_seconds === 'number' ? body.step_seconds : 60) * 1000;
        const start = msOf(body.start, st.startMs);
        const end = msOf(body.end, Date.now());
        const counts = new Map<number, number>();
        const [lo, hi] = streamRange(st, start, end - 1);
        for (let k = lo; k < hi; k++) {
          const b = Math.floor(streamTime(st, k) / step) * step;
          counts.set(b, (counts.get(b) ?? 0) + 1);
        }
        const buckets = [...counts.entries()]
          .sort((a, b) => a[0] - b[0])
          .map(([b, count]) => ({ timestamp: new Date(b).toISOString(), count }));
        return json(200, { data: { step_seconds: step / 1000, buckets }, meta: meta() });
      }
      if (m.records !== undefined) {
        const step = (typeof body.step_seconds === 'number' ? body.step_seconds : 60) * 1000;
        const times = recordTimes(m);
        const counts = new Map<number, number>();
        for (const k of inRange(m, body)) {
          const b = Math.floor(times[k]! / step) * step;
          counts.set(b, (counts.get(b) ?? 0) + 1);
        }
        const sorted = [...counts.entries()].sort((a, b) => a[0] - b[0]);
        const iso = (b: number) => new Date(b).toISOString();
        if (m.histogram === 'hits') {
          const hits = [
            {
              fields: {},
              timestamps: sorted.map(([b]) => iso(b)),
              values: sorted.map(([, n]) => n),
              total: sorted.reduce((a, [, n]) => a + n, 0),
            },
          ];
          return json(200, { data: { hits }, meta: meta() });
        }
        const buckets = sorted.map(([b, count]) => ({ timestamp: iso(b), count }));
        return json(200, { data: { step_seconds: step / 1000, buckets }, meta: meta() });
      }
      if (m.histogram === 'hits')
        return json(200, {
          data: { hits: [{ fields: { level: 'error' }, timestamps: [t], values: [7], total: 7 }] },
          meta: meta(),
        });
      return json(200, {
        data: { step_seconds: 60, buckets: [{ timestamp: t, count: 7, group: { level: 'error' } }] },
        meta: meta(),
      });
    }
    default:
      return json(404, {
        error: { code: 'not_found', message: `no such route${evil}`, request_id: `r${evil}` },
      });
  }
}

/** Starts the hostile telemetry API on 127.0.0.1 (ephemeral port). Modes can change while it runs. */
export function startHostileTelemetry(modes: TelemetryModes = {}): Promise<HostileTelemetry> {
  return startHarness(modes, (m, rec, _req, res) => {
    if (m.silent) return;
    if (m.delayMs) setTimeout(() => answer(m, rec, res), m.delayMs);
    else answer(m, rec, res);
  });
}
