// `logs search … all`: every record of the range, in bounded work. The API pages by offset up
// to `search_offset_max` and promises no record order, so a range holding more is split into
// time windows that each stay under that ceiling, planned from `logs histogram` counts (not
// "before the oldest record seen", which would skip records). A window that still holds more
// (counts off, or a histogram this client cannot read) is halved and fetched again. Each window
// is fetched fully and handed on oldest first (to a sink as it is done, so a long run keeps no
// more than a window in memory). Whatever the server does, the work is bounded: a page that
// brings no new records — next_offset stuck, or creeping (advancing less than the page held, so
// the next page would repeat it), or an empty page with a next_offset — ends the paging with a
// note; so do MAX_ALL_RECORDS records (or `limit N`) and MAX_ALL_REQUESTS requests.
import type { TelemetryClient } from '../../api/telemetry/client.js';
import type { LogRecord } from '../../api/telemetry/types.js';
import { logTimeMs } from '../../api/telemetry/log-time.js';

export const MAX_ALL_RECORDS = 100_000;
/**
 * Searches and histograms one `all` may send. 100,000 records at the API's 1,000 a page take
 * about 130 (a partial page per window, the plan): the rest is headroom for halved windows.
 */
export const MAX_ALL_REQUESTS = 1000;
/** Histogram buckets asked per planning request (well under points_per_series). */
const PLAN_BUCKETS = 1000;

export interface Window {
  startMs: number;
  endMs: number;
}

export interface AllResult {
  /** Windows oldest first, each its records oldest first (empty when a sink took them). */
  records: LogRecord[];
  /** The raw pages (none kept when a sink took the records). */
  pages: unknown[];
  /** Records delivered (to `records` or the sink) and requests sent. */
  delivered: number;
  requests: number;
  notes: string[];
}

/** Takes each window's records, oldest first, as soon as the window is done. */
export type RecordSink = (records: LogRecord[]) => void;

interface Ctx {
  client: TelemetryClient;
  query: string;
  signal: AbortSignal;
  pageSize: number;
  offsetMax: number;
  maxRecords: number;
  maxRequests: number;
  out: AllResult;
  sink: RecordSink | undefined;
  stop: boolean;
}

/** Hands records on: to the sink, or kept in the result. */
function deliver(c: Ctx, records: LogRecord[]): void {
  c.out.delivered += records.length;
  if (c.sink) {
    if (records.length) c.sink(records);
  } else c.out.records.push(...records);
}

/** One more request, or false (and a note, once) when the bound is reached. */
function spend(c: Ctx): boolean {
  if (c.out.requests < c.maxRequests) {
    c.out.requests++;
    return true;
  }
  if (!c.stop)
    c.out.notes.push(
      `stopped after ${c.maxRequests} requests with ${c.out.delivered} records; narrow the range (since, from/to) or the query`,
    );
  c.stop = true;
  return false;
}

/** Sums the histogram's series per bucket: [bucket start, count] over [start, end). */
async function counts(c: Ctx, w: Window, stepSeconds: number): Promise<Array<[number, number]>> {
  if (!spend(c)) return [];
  const res = await c.client.logsHistogram(
    { query: c.query, start: w.startMs, end: w.endMs, stepSeconds },
    c.signal,
  );
  const byTime = new Map<number, number>();
  for (const s of res.data) {
    for (let i = 0; i < s.timestamps.length; i++) {
      const t = s.timestamps[i]!;
      byTime.set(t, (byTime.get(t) ?? 0) + (s.values[i] ?? 0));
    }
  }
  return [...byTime.entries()].sort((a, b) => a[0] - b[0]);
}

/** Consecutive buckets grouped into windows of at most `ceiling` records; finer where one is over. */
export async function planWindows(c: Ctx, w: Window, ceiling: number): Promise<Window[]> {
  const span = w.endMs - w.startMs;
  const step = Math.max(1, Math.ceil(span / 1000 / PLAN_BUCKETS));
  const buckets = await counts(c, w, step);
  const out: Window[] = [];
  let cur: { startMs: number; n: number } = { startMs: w.startMs, n: 0 };
  for (const [t, n] of buckets) {
    const b = { startMs: Math.max(w.startMs, t), endMs: Math.min(w.endMs, t + step * 1000) };
    if (n > ceiling) {
      if (cur.startMs < b.startMs) out.push({ startMs: cur.startMs, endMs: b.startMs });
      // One second is as fine as the histogram goes: that window is fetched up to the ceiling.
      out.push(...(step > 1 ? await planWindows(c, b, ceiling) : [b]));
      cur = { startMs: b.endMs, n: 0 };
    } else if (cur.n + n > ceiling) {
      out.push({ startMs: cur.startMs, endMs: b.startMs });
      cur = { startMs: b.startMs, n };
    } else cur.n += n;
  }
  if (cur.startMs < w.endMs) out.push({ startMs: cur.startMs, endMs: w.endMs });
  return out;
}

/** Windows are halved down to this span; a fuller one is fetched up to the ceiling. */
const MIN_SPAN_MS = 1000;

/** Pages one window to its end (or the bound); halves it when it holds more than the ceiling. */
async function fetchWindow(c: Ctx, w: Window, last: boolean): Promise<void> {
  const got: LogRecord[] = [];
  let offset = 0;
  for (;;) {
    const limit = Math.min(c.pageSize, c.maxRecords - c.out.delivered - got.length);
    if (limit <= 0) {
      c.stop = true;
      break;
    }
    if (!spend(c)) break;
    const res = await c.client.logsSearch(
      { query: c.query, start: w.startMs, end: w.endMs, limit, ...(offset > 0 ? { offset } : {}) },
      c.signal,
    );
    if (!c.sink) c.out.pages.push(res.raw);
    got.push(...res.data);
    const next = res.meta.pagination?.nextOffset;
    if (next === undefined) break;
    if (!advances(c, offset, next, res.data.length)) break;
    if (next > c.offsetMax && w.endMs - w.startMs > MIN_SPAN_MS) {
      const mid = w.startMs + Math.floor((w.endMs - w.startMs) / 2);
      await fetchWindow(c, { startMs: w.startMs, endMs: mid }, false);
      if (!c.stop) await fetchWindow(c, { startMs: mid, endMs: w.endMs }, last);
      return;
    }
    if (next > c.offsetMax) {
      c.out.notes.push(
        `more than ${c.offsetMax + c.pageSize} records between ${iso(w.startMs)} and ${iso(w.endMs)}: only those were fetched; narrow the query`,
      );
      break;
    }
    offset = next;
  }
  // Windows share their edges (the API's end is inclusive): an edge record belongs to the later
  // one — unless the run stops here (a bound reached), when no later window is fetched.
  const mine = last || c.stop ? got : got.filter((r) => !(logTimeMs(r._time) >= w.endMs));
  deliver(c, sortByTime(mine));
}

/**
 * Whether a page with a next_offset brought new records to page on from; when not, the
 * paging ends with a note: next_offset stuck, creeping (the next page would repeat records of
 * this one, so pages bring almost nothing new), or an empty page that claims more.
 */
function advances(c: Ctx, offset: number, next: number, records: number): boolean {
  let why: string | undefined;
  if (next <= offset) why = `did not advance (${next} after ${offset})`;
  else if (records === 0) why = `came with an empty page (${next} after ${offset})`;
  else if (next - offset < records)
    why = `advanced by ${next - offset} after a page of ${records} records (the pages would overlap)`;
  if (why === undefined) return true;
  c.out.notes.push(`the server's next_offset ${why}; paging stopped`);
  c.stop = true;
  return false;
}

const iso = (ms: number) => new Date(ms).toISOString();

function sortByTime(records: LogRecord[]): LogRecord[] {
  return records
    .map((r, i) => ({ r, i, t: logTimeMs(r._time) }))
    .sort((a, b) => (a.t === b.t || (Number.isNaN(a.t) && Number.isNaN(b.t)) ? a.i - b.i : a.t - b.t))
    .map((x) => x.r);
}

/**
 * Every record of the range, oldest first, within the bounds: handed to `sink` window by
 * window as each is done (nothing kept), or, without one, in the result.
 */
export async function searchAll(
  client: TelemetryClient,
  query: string,
  range: Window,
  signal: AbortSignal,
  maxRecords = MAX_ALL_RECORDS,
  sink?: RecordSink,
  maxRequests = MAX_ALL_REQUESTS,
): Promise<AllResult> {
  const caps = await client.capabilities(signal);
  const c: Ctx = {
    client,
    query,
    signal,
    pageSize: caps.limits.searchMax,
    offsetMax: caps.limits.searchOffsetMax,
    maxRecords,
    maxRequests,
    out: { records: [], pages: [], delivered: 0, requests: 1, notes: [] },
    sink,
    stop: false,
  };
  // One page first: most searches fit in it and need no plan.
  const first = await client.logsSearch(
    { query, start: range.startMs, end: range.endMs, limit: Math.min(c.pageSize, maxRecords) },
    signal,
  );
  const next = first.meta.pagination?.nextOffset;
  if (next === undefined || first.data.length >= maxRecords || !advances(c, 0, next, first.data.length)) {
    if (!sink) c.out.pages.push(first.raw);
    deliver(c, sortByTime(first.data));
    if (next !== undefined && first.data.length >= maxRecords) cutNote(c);
    return c.out;
  }
  const windows = await planWindows(c, range, c.offsetMax);
  for (let i = 0; i < windows.length && !c.stop; i++)
    await fetchWindow(c, windows[i]!, i === windows.length - 1);
  if (c.out.delivered >= maxRecords) cutNote(c);
  return c.out;
}

function cutNote(c: Ctx): void {
  c.out.notes.push(
    `output cut at ${c.maxRecords} records (oldest first); narrow the range (since, from/to) or the query`,
  );
}
