// Defensive decoding of the documented telemetry shapes: envelope, meta, metrics results and
// log records. A surprise never throws here; it becomes a `shapeWarning` next to the raw JSON.
import { protocolError } from '../../errors.js';
import { parseTime } from './time.js';
import type { LogRecord, Meta, MetricsResult, Sample, Series } from './types.js';

export type Obj = Record<string, unknown>;

export const isObj = (v: unknown): v is Obj => typeof v === 'object' && v !== null && !Array.isArray(v);

export const num = (v: unknown): number | undefined =>
  typeof v === 'number' && Number.isFinite(v) ? v : undefined;

/** What a decoder produced plus, when the shape surprised it, why. */
export interface Decoded<T> {
  value: T;
  warning?: string;
}

export function warn<T>(value: T, warning: string | undefined): Decoded<T> {
  return warning === undefined ? { value } : { value, warning };
}

/** Splits a success body into its `data` and `meta`; a body that is not `{data, meta}` is garbage. */
export function decodeEnvelope(body: unknown): { data: unknown; meta: unknown } {
  if (!isObj(body) || !('data' in body)) throw protocolError('telemetry API answered without a data member');
  return { data: body.data, meta: body.meta };
}

export function decodeMeta(meta: unknown): Meta {
  if (!isObj(meta)) return {};
  const out: Meta = {};
  if (typeof meta.request_id === 'string') out.requestId = meta.request_id;
  if (typeof meta.source === 'string') out.source = meta.source;
  if (typeof meta.truncated === 'boolean') out.truncated = meta.truncated;
  const from = parseTime(meta.data_available_from);
  if (from !== undefined) out.dataAvailableFrom = from;
  if (isObj(meta.pagination)) {
    const p = meta.pagination;
    const pagination: NonNullable<Meta['pagination']> = {
      offset: num(p.offset) ?? 0,
      limit: num(p.limit) ?? 0,
    };
    const next = num(p.next_offset);
    if (next !== undefined) pagination.nextOffset = next;
    out.pagination = pagination;
  }
  if (meta.limits !== undefined) out.limits = meta.limits;
  return out;
}

const SPECIAL: Record<string, number> = {
  NaN: Number.NaN,
  '+Inf': Number.POSITIVE_INFINITY,
  Inf: Number.POSITIVE_INFINITY,
  '-Inf': Number.NEGATIVE_INFINITY,
};

/** Parses a sample value string; NaN and ±Inf are kept. Undefined when it is no number at all. */
export function parseValue(raw: string): number | undefined {
  const special = SPECIAL[raw.trim()];
  if (special !== undefined) return special;
  if (raw.trim() === '') return undefined;
  const v = Number(raw);
  return Number.isNaN(v) ? undefined : v;
}

/** Timestamps already parsed in this answer: the series of a range share one step grid. */
type TimeCache = Map<string, number>;

function decodeSample(s: unknown, problems: string[], times: TimeCache): Sample | undefined {
  if (!isObj(s)) return void problems.push('a sample is not an object');
  const ts = s.timestamp;
  let t = typeof ts === 'string' ? times.get(ts) : undefined;
  if (t === undefined) {
    t = parseTime(ts);
    if (t === undefined) return void problems.push('a sample timestamp is not RFC 3339');
    if (typeof ts === 'string' && times.size < 100_000) times.set(ts, t);
  }
  const raw = typeof s.value === 'number' ? String(s.value) : s.value;
  if (typeof raw !== 'string') return void problems.push('a sample value is not a string');
  const v = parseValue(raw);
  if (v === undefined) problems.push(`sample value ${JSON.stringify(raw.slice(0, 20))} is not a number`);
  return { t, v: v ?? Number.NaN, raw };
}

function decodeLabels(labels: unknown, problems: string[]): Record<string, string> {
  if (!isObj(labels)) {
    if (labels !== undefined) problems.push('series labels are not an object');
    return {};
  }
  const out: Record<string, string> = {};
  for (const [k, v] of Object.entries(labels)) out[k] = typeof v === 'string' ? v : String(v);
  return out;
}

function decodeSeries(s: unknown, problems: string[], times: TimeCache): Series | undefined {
  if (!isObj(s)) return void problems.push('a series is not an object');
  const samples: Sample[] = [];
  if (!Array.isArray(s.samples)) problems.push('a series has no samples array');
  for (const p of Array.isArray(s.samples) ? s.samples : []) {
    const d = decodeSample(p, problems, times);
    if (d) samples.push(d);
  }
  // Servers send samples in time order: sort only when they are not.
  for (let i = 1; i < samples.length; i++) {
    if (samples[i - 1]!.t > samples[i]!.t) {
      samples.sort((a, b) => a.t - b.t);
      break;
    }
  }
  return { labels: decodeLabels(s.labels, problems), samples };
}

function metricsHead(data: unknown, expected: 'vector' | 'matrix', problems: string[]) {
  if (!isObj(data)) return undefined;
  const rt = data.result_type;
  const resultType = rt === 'vector' || rt === 'matrix' ? rt : expected;
  if (rt !== resultType) problems.push(`unexpected result_type ${JSON.stringify(rt)}`);
  if (!Array.isArray(data.series)) problems.push('metrics data has no series array');
  return { resultType, list: Array.isArray(data.series) ? (data.series as unknown[]) : [] };
}

export function decodeMetrics(data: unknown, expected: 'vector' | 'matrix'): Decoded<MetricsResult> {
  const problems: string[] = [];
  const head = metricsHead(data, expected, problems);
  if (!head) return warn({ resultType: expected, series: [] }, 'metrics data is not an object');
  const times: TimeCache = new Map();
  const series: Series[] = [];
  for (const s of head.list) {
    const d = decodeSeries(s, problems, times);
    if (d) series.push(d);
  }
  return warn({ resultType: head.resultType, series }, summarize(problems));
}

/** Samples decoded between two turns of the event loop (~1 ms of work, ~6 before it is compiled). */
export const DECODE_SLICE = 1000;

/**
 * decodeMetrics for big answers (a chart's range of hundreds of series): the same result, but
 * it gives the event loop a turn every DECODE_SLICE samples, so a key pressed during a refresh
 * is read and drawn without waiting for the whole answer to be decoded.
 */
export async function decodeMetricsYielding(
  data: unknown,
  expected: 'vector' | 'matrix',
  yieldNow: () => Promise<void> = nextTurn,
): Promise<Decoded<MetricsResult>> {
  const problems: string[] = [];
  const head = metricsHead(data, expected, problems);
  if (!head) return warn({ resultType: expected, series: [] }, 'metrics data is not an object');
  const times: TimeCache = new Map();
  const series: Series[] = [];
  let done = 0;
  for (const s of head.list) {
    const d = decodeSeries(s, problems, times);
    if (d) series.push(d);
    done += (d?.samples.length ?? 0) + 1;
    if (done >= DECODE_SLICE) {
      done = 0;
      await yieldNow();
    }
  }
  return warn({ resultType: head.resultType, series }, summarize(problems));
}

/** After the I/O that is waiting (a key on stdin) has been handled. */
export const nextTurn = (): Promise<void> => new Promise((resolve) => setImmediate(resolve));

/** Records of a search page: at most `max` (the limit asked for); more is noted and dropped. */
export function decodeRecords(data: unknown, max = Number.POSITIVE_INFINITY): Decoded<LogRecord[]> {
  const problems: string[] = [];
  const all = isObj(data) ? data.records : Array.isArray(data) ? data : undefined;
  if (!Array.isArray(all)) return warn([], 'logs data has no records array');
  const list = all.length > max ? all.slice(0, max) : all;
  if (list !== all) {
    const n = (all.length - max).toLocaleString('en-US');
    problems.push(
      `the server sent ${all.length.toLocaleString('en-US')} records for a limit of ${max}; the last ${n} were dropped`,
    );
  }
  const records: LogRecord[] = [];
  for (const r of list) {
    if (!isObj(r)) {
      problems.push('a record is not an object');
      continue;
    }
    if (typeof r._time !== 'string') problems.push('a record has no _time');
    records.push({ ...r, _time: typeof r._time === 'string' ? r._time : '' });
  }
  return warn(records, summarize(problems));
}

/** One line naming the distinct problems (first three), or undefined when there were none. */
export function summarize(problems: string[]): string | undefined {
  if (problems.length === 0) return undefined;
  const distinct = [...new Set(problems)];
  const more = distinct.length > 3 ? ` (+${distinct.length - 3} more)` : '';
  return `unexpected response shape: ${distinct.slice(0, 3).join('; ')}${more}`;
}
