// Decoders for the shapes the spec leaves out (histogram, facets, fields, field values,
// metrics discovery). They accept the VictoriaLogs-like shapes and a few plausible variants,
// and report anything else as a warning instead of failing.
import { type Decoded, isObj, num, type Obj, summarize, warn } from './decode.js';
import { parseTime } from './time.js';
import type { Facet, HistogramBucket, ValueHits } from './types.js';

/** A number, or a string holding one (counts sometimes travel as strings). */
const numLike = (v: unknown): number | undefined =>
  typeof v === 'string' && v.trim() !== '' ? num(Number(v)) : num(v);

const str = (v: unknown): string | undefined =>
  typeof v === 'string' ? v : typeof v === 'number' || typeof v === 'boolean' ? String(v) : undefined;

/** The first array among `keys` of an object, or the value itself when it is an array. */
function listOf(data: unknown, keys: string[]): unknown[] | undefined {
  if (Array.isArray(data)) return data;
  if (!isObj(data)) return undefined;
  for (const k of keys) if (Array.isArray(data[k])) return data[k] as unknown[];
  return undefined;
}

/** Metrics discovery: `{values:[…]}`, `{names:[…]}`, `{labels:[…]}` or a plain array. */
export function decodeStringList(data: unknown): Decoded<string[]> {
  const list = listOf(data, ['values', 'names', 'labels', 'data']);
  if (!list) return warn([], 'discovery data has no list of values');
  const problems: string[] = [];
  const out: string[] = [];
  for (const item of list) {
    const s = str(item) ?? (isObj(item) ? str(item.value ?? item.name) : undefined);
    if (s === undefined) problems.push('a discovery item is not a string');
    else out.push(s);
  }
  return warn(out, summarize(problems));
}

function valueHits(item: unknown, problems: string[], valueKeys: string[]): ValueHits | undefined {
  const plain = str(item);
  if (plain !== undefined) return { value: plain, hits: 0 };
  if (!isObj(item)) return void problems.push('a value is neither a string nor an object');
  let value: string | undefined;
  for (const k of valueKeys) value ??= str(item[k]);
  if (value === undefined) return void problems.push('a value object has no value');
  const hits = numLike(item.hits);
  if (hits === undefined) problems.push('a value has no numeric hits');
  return { value, hits: hits ?? 0 };
}

/** Fields and field values: `{values:[{value,hits}]}`, or plain strings (hits 0). */
export function decodeValueHits(data: unknown): Decoded<ValueHits[]> {
  const list = listOf(data, ['values', 'fields', 'names']);
  if (!list) return warn([], 'data has no list of values');
  const problems: string[] = [];
  const out: ValueHits[] = [];
  for (const item of list) {
    const v = valueHits(item, problems, ['value', 'name', 'field', 'field_value']);
    if (v) out.push(v);
  }
  return warn(out, summarize(problems));
}

/** Facets: `{facets:[{field_name, values:[{field_value, hits}]}]}`. */
export function decodeFacets(data: unknown): Decoded<Facet[]> {
  const list = listOf(data, ['facets']);
  if (!list) return warn([], 'facets data has no facets list');
  const problems: string[] = [];
  const out: Facet[] = [];
  for (const f of list) {
    const field = isObj(f) ? (str(f.field_name) ?? str(f.field) ?? str(f.name)) : undefined;
    if (!isObj(f) || field === undefined) {
      problems.push('a facet has no field_name');
      continue;
    }
    const values: Facet['values'] = [];
    if (!Array.isArray(f.values)) problems.push('a facet has no values list');
    for (const item of Array.isArray(f.values) ? f.values : []) {
      const v = valueHits(item, problems, ['field_value', 'value']);
      if (v) values.push(v);
    }
    out.push({ field, values });
  }
  return warn(out, summarize(problems));
}

function decodeFields(fields: unknown): Record<string, string> {
  const out: Record<string, string> = {};
  if (isObj(fields)) for (const [k, v] of Object.entries(fields)) out[k] = str(v) ?? JSON.stringify(v);
  return out;
}

/**
 * Histogram: `{hits:[{fields, timestamps, values, total}]}` with only non-empty buckets. The
 * result is zero-filled on the grid floor(start/step)…end (end excluded); a bucket off the grid
 * is added to the bucket containing it, and one outside [start, end) extends the grid. An
 * ungrouped histogram with no hits at all is one all-zero series (a flat line, not nothing).
 */
export function decodeHistogram(
  data: unknown,
  range: { startMs: number; endMs: number; stepSeconds: number; grouped?: boolean },
): Decoded<HistogramBucket[]> {
  const list = listOf(data, ['hits', 'buckets', 'series']);
  if (!list) return warn([], 'histogram data has no hits list');
  const problems: string[] = [];
  const stepMs = range.stepSeconds * 1000;
  const parsed: Array<{ fields: Record<string, string>; points: Array<[number, number]>; total?: number }> =
    [];
  let first = Math.floor(range.startMs / stepMs) * stepMs;
  let end = Math.max(range.endMs, first + stepMs);
  for (const h of list) {
    if (!isObj(h)) {
      problems.push('a histogram entry is not an object');
      continue;
    }
    const points = histogramPoints(h, problems);
    for (const [t] of points) {
      first = Math.min(first, Math.floor(t / stepMs) * stepMs);
      end = Math.max(end, t + 1);
    }
    const total = num(h.total);
    parsed.push({ fields: decodeFields(h.fields), points, ...(total !== undefined ? { total } : {}) });
  }
  if (parsed.length === 0 && range.grouped !== true && problems.length === 0)
    parsed.push({ fields: {}, points: [] });
  const n = Math.ceil((end - first) / stepMs);
  const timestamps = Array.from({ length: n }, (_, i) => first + i * stepMs);
  const buckets = parsed.map((p) => {
    const values = new Array<number>(n).fill(0);
    for (const [t, v] of p.points) {
      const i = Math.floor((t - first) / stepMs);
      values[i] = (values[i] ?? 0) + v;
    }
    const sum = values.reduce((a, b) => a + b, 0);
    return { fields: p.fields, timestamps: [...timestamps], values, total: p.total ?? sum };
  });
  return warn(buckets, summarize(problems));
}

function histogramPoints(h: Obj, problems: string[]): Array<[number, number]> {
  const ts = Array.isArray(h.timestamps) ? h.timestamps : undefined;
  const vs = Array.isArray(h.values) ? h.values : undefined;
  if (!ts || !vs) {
    problems.push('a histogram entry lacks timestamps or values');
    return [];
  }
  if (ts.length !== vs.length) problems.push('histogram timestamps and values differ in length');
  const out: Array<[number, number]> = [];
  for (let i = 0; i < Math.min(ts.length, vs.length); i++) {
    const t = parseTime(ts[i]) ?? num(ts[i]);
    const v = numLike(vs[i]);
    if (t === undefined || v === undefined) problems.push('a histogram point is not a time and a number');
    else out.push([t, v]);
  }
  return out;
}
