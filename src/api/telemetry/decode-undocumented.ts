// Decoders for the shapes the spec leaves out (histogram, facets, fields, field values,
// metrics discovery). They accept the VictoriaLogs-like shapes and a few plausible variants,
// and report anything else as a warning instead of failing. The histogram has its own file.
import { type Decoded, isObj, num, summarize, warn } from './decode.js';
import type { Facet, ValueHits } from './types.js';

export { decodeHistogram, UNKNOWN_HISTOGRAM } from './decode-histogram.js';

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
