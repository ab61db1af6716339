// The logs histogram, whose shape the spec leaves out. Two shapes are known: VictoriaLogs'
// `{ hits: [{ fields, timestamps: [...], values: [...], total }] }` and a server's
// `{ step_seconds, buckets: [{ timestamp, count, group }] }`. Anything else decodes to no
// buckets with UNKNOWN_HISTOGRAM as the warning: a note for the user, never a chart of zeros.
import { type Decoded, isObj, num, summarize, warn } from './decode.js';
import { parseTime } from './time.js';
import type { HistogramBucket } from './types.js';

export const UNKNOWN_HISTOGRAM = "histogram: the server's answer has a shape routersh does not know";

interface Group {
  fields: Record<string, string>;
  points: Array<[number, number]>;
  total?: number;
}

export interface HistogramRange {
  startMs: number;
  endMs: number;
  stepSeconds: number;
  grouped?: boolean;
}

/** A number, or a string holding one (counts sometimes travel as strings). */
const numLike = (v: unknown): number | undefined =>
  typeof v === 'string' && v.trim() !== '' ? num(Number(v)) : num(v);

const str = (v: unknown): string | undefined =>
  typeof v === 'string' ? v : typeof v === 'number' || typeof v === 'boolean' ? String(v) : undefined;

/** RFC 3339, or epoch milliseconds as a number. */
const timeOf = (v: unknown): number | undefined => parseTime(v) ?? num(v);

function decodeFields(fields: unknown): Record<string, string> {
  const out: Record<string, string> = {};
  if (isObj(fields)) for (const [k, v] of Object.entries(fields)) out[k] = str(v) ?? JSON.stringify(v);
  else if (str(fields) !== undefined) out.group = str(fields)!;
  return out;
}

const looksLikeHits = (e: unknown) => isObj(e) && (Array.isArray(e.timestamps) || Array.isArray(e.values));
const looksLikeBuckets = (e: unknown) => isObj(e) && 'timestamp' in e && ('count' in e || 'hits' in e);

function hitsGroups(list: unknown[], problems: string[]): Group[] {
  const out: Group[] = [];
  for (const h of list) {
    if (!isObj(h)) {
      problems.push('a histogram entry is not an object');
      continue;
    }
    const ts = Array.isArray(h.timestamps) ? h.timestamps : undefined;
    const vs = Array.isArray(h.values) ? h.values : undefined;
    if (!ts || !vs) {
      problems.push('a histogram entry lacks timestamps or values');
      continue;
    }
    if (ts.length !== vs.length) problems.push('histogram timestamps and values differ in length');
    const points: Array<[number, number]> = [];
    for (let i = 0; i < Math.min(ts.length, vs.length); i++) {
      const t = timeOf(ts[i]);
      const v = numLike(vs[i]);
      if (t === undefined || v === undefined) problems.push('a histogram point is not a time and a number');
      else points.push([t, v]);
    }
    const total = num(h.total);
    out.push({ fields: decodeFields(h.fields), points, ...(total !== undefined ? { total } : {}) });
  }
  return out;
}

/** `[{ timestamp, count, group }]`, one entry per bucket and group: gathered by group. */
function bucketGroups(list: unknown[], problems: string[]): Group[] {
  const groups = new Map<string, Group>();
  for (const b of list) {
    const t = isObj(b) ? timeOf(b.timestamp) : undefined;
    const n = isObj(b) ? numLike(b.count ?? b.hits) : undefined;
    if (!isObj(b) || t === undefined || n === undefined) {
      problems.push('a histogram bucket is not a time and a count');
      continue;
    }
    const fields = decodeFields(b.group ?? b.fields);
    const key = JSON.stringify(Object.entries(fields).sort());
    const g = groups.get(key) ?? { fields, points: [] };
    groups.set(key, g);
    g.points.push([t, n]);
  }
  return [...groups.values()];
}

/** The entries and which shape they have, or undefined for a shape we do not know. */
function classify(data: unknown): { shape: 'hits' | 'buckets'; list: unknown[] } | undefined {
  if (isObj(data)) {
    if (Array.isArray(data.hits)) return { shape: 'hits', list: data.hits };
    if (Array.isArray(data.buckets)) return { shape: 'buckets', list: data.buckets };
    if (Array.isArray(data.series)) return { shape: 'hits', list: data.series };
    return undefined;
  }
  if (!Array.isArray(data)) return undefined;
  if (data.length === 0 || data.some(looksLikeHits)) return { shape: 'hits', list: data };
  if (data.some(looksLikeBuckets)) return { shape: 'buckets', list: data };
  return undefined;
}

/**
 * Buckets zero-filled on the grid floor(start/step)…end (end excluded); a point off the grid
 * is added to the bucket containing it, and one outside [start, end) extends the grid. The
 * step is the one asked for, or the server's `step_seconds` when that is coarser. An
 * ungrouped histogram with no hits at all is one all-zero series (a flat line, not nothing).
 */
export function decodeHistogram(data: unknown, range: HistogramRange): Decoded<HistogramBucket[]> {
  const found = classify(data);
  if (!found) return warn([], UNKNOWN_HISTOGRAM);
  const problems: string[] = [];
  const groups =
    found.shape === 'hits' ? hitsGroups(found.list, problems) : bucketGroups(found.list, problems);
  // Entries we could not read at all: a chart of them would be a chart of zeros.
  if (found.list.length > 0 && groups.every((g) => g.points.length === 0) && problems.length > 0)
    return warn([], UNKNOWN_HISTOGRAM);
  if (groups.length === 0 && range.grouped !== true) groups.push({ fields: {}, points: [] });
  // A coarser step of the server's own is its grid; a finer one is summed onto ours.
  const serverStep = isObj(data) ? (num(data.step_seconds) ?? 0) : 0;
  const stepMs = Math.max(serverStep, range.stepSeconds) * 1000;
  return warn(zeroFill(groups, range, stepMs, problems), summarize(problems));
}

/**
 * Points may extend the grid by at most the asked range on either side: the grid's length is
 * then bounded by the buckets asked for (checked against the limits), not by a server's
 * timestamp from the year 1 or 9999. Points further out are dropped with a problem.
 */
function zeroFill(
  groups: Group[],
  range: HistogramRange,
  stepMs: number,
  problems: string[],
): HistogramBucket[] {
  let first = Math.floor(range.startMs / stepMs) * stepMs;
  let end = Math.max(range.endMs, first + stepMs);
  const reach = end - first;
  const [lowest, highest] = [first - reach, end + reach];
  for (const g of groups) {
    const kept = g.points.filter(([t]) => t >= lowest && t < highest);
    if (kept.length < g.points.length) problems.push('points far outside the asked range were dropped');
    g.points = kept;
  }
  for (const g of groups)
    for (const [t] of g.points) {
      first = Math.min(first, Math.floor(t / stepMs) * stepMs);
      end = Math.max(end, t + 1);
    }
  const n = Math.ceil((end - first) / stepMs);
  const timestamps = Array.from({ length: n }, (_, i) => first + i * stepMs);
  return groups.map((g) => {
    const values = new Array<number>(n).fill(0);
    for (const [t, v] of g.points) {
      const i = Math.floor((t - first) / stepMs);
      values[i] = (values[i] ?? 0) + v;
    }
    const sum = values.reduce((a, b) => a + b, 0);
    return { fields: g.fields, timestamps: [...timestamps], values, total: g.total ?? sum };
  });
}
