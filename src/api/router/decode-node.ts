// Decodes WireNodeInfo into NodeInfo at the boundary: every field is checked, flags become
// booleans, null lists become [], both AllowUnSet spellings count, unknown fields stay in
// `raw`. A wrong shape is a protocol error naming the field, never a crash further in.
import { protocolError } from '../../errors.js';
import { decodeShowOutput } from './decode-table.js';
import type { NodeInfo, OptionInfo } from './types.js';

export type Json = Record<string, unknown>;

export function isObject(v: unknown): v is Json {
  return typeof v === 'object' && v !== null && !Array.isArray(v);
}

function bad(field: string, what: string): never {
  throw protocolError(`malformed response from router: ${field} is not ${what}`, { field });
}

function optString(o: Json, key: string, where: string): string | undefined {
  const v = o[key];
  if (v === undefined || v === null) return undefined;
  if (typeof v === 'string') return v;
  if (typeof v === 'number') return String(v);
  return bad(`${where}${key}`, 'a string');
}

/** 0/1 (also booleans and "0"/"1"); absent means 0. */
function flag(o: Json, key: string, where: string): boolean {
  const v = o[key];
  if (v === undefined || v === null) return false;
  if (typeof v === 'boolean') return v;
  if (typeof v === 'number') return v !== 0;
  if (v === '0' || v === '1') return v === '1';
  return bad(`${where}${key}`, 'a 0/1 flag');
}

function cell(v: unknown, field: string): string {
  if (typeof v === 'string') return v;
  if (typeof v === 'number' || typeof v === 'boolean') return String(v);
  if (v === null || v === undefined) return '';
  return bad(field, 'a string or number');
}

function stringList(v: unknown, field: string): string[] {
  if (v === undefined || v === null) return [];
  if (!Array.isArray(v)) return bad(field, 'an array');
  // An array of strings already is what we keep: no copy (65,536-entry lists, ×2 per node).
  return allStrings(v) ? v : v.map((x) => cell(x, field));
}

function stringArrays(m: Json): m is Record<string, string[]> {
  for (const k in m) {
    const v = m[k];
    if (!Array.isArray(v) || !allStrings(v)) return false;
  }
  return true;
}

function allStrings(v: unknown[]): v is string[] {
  for (const x of v) if (typeof x !== 'string') return false;
  return true;
}

function optionMap(m: unknown, field: string): Record<string, string[]> {
  if (m === null) return {};
  if (!isObject(m)) return bad(field, 'an array of maps');
  // A map of string arrays already is what we keep: no copy (65,536 entries: ~10 MB).
  if (stringArrays(m)) return m;
  const out: Record<string, string[]> = {};
  for (const k of Object.keys(m)) {
    const vals = m[k];
    out[k] = Array.isArray(vals) ? stringList(vals, `${field}.${k}`) : [cell(vals, `${field}.${k}`)];
  }
  return out;
}

function optionMaps(v: unknown, field: string, values: readonly string[]): Array<Record<string, string[]>> {
  if (v === undefined || v === null) return [];
  if (!Array.isArray(v)) return bad(field, 'an array');
  const out: Array<Record<string, string[]>> = new Array(v.length);
  let prev: Record<string, string[]> | undefined;
  for (let i = 0; i < v.length; i++) {
    prev = shareParts(optionMap(v[i], field), prev, values[i]);
    out[i] = prev;
  }
  return out;
}

/**
 * The parts of an entry that repeat are kept once (every NodeInfo list is read-only once decoded):
 * an option's values equal to the entry before's are that entry's array, an entry all equal to
 * the one before is that entry (65,536 match-lists with the same timeout and key: 10 MB → 0.5),
 * and a one-value option equal to the entry's SetValues word is that string, not a second copy
 * of it (a key option: a match-list's 65,536 members, `net` and SetValues alike: ~2 MB).
 */
function shareParts(
  rec: Record<string, string[]>,
  prev: Record<string, string[]> | undefined,
  word: string | undefined,
): Record<string, string[]> {
  let same = prev !== undefined;
  let keys = 0;
  for (const k in rec) {
    keys++;
    const vals = rec[k]!;
    const before = prev?.[k];
    if (before !== undefined && sameStrings(vals, before)) rec[k] = before;
    else {
      same = false;
      if (word !== undefined && vals.length === 1 && vals[0] === word) vals[0] = word;
    }
  }
  if (same && prev !== undefined && keys === Object.keys(prev).length) return prev;
  return rec;
}

function sameStrings(a: readonly string[], b: readonly string[]): boolean {
  if (a === b) return true;
  if (a.length !== b.length) return false;
  for (let i = 0; i < a.length; i++) if (a[i] !== b[i]) return false;
  return true;
}

function decodeOption(name: string, v: unknown, where: string): OptionInfo {
  if (!isObject(v)) return bad(where, 'an object');
  const w = `${where}.`;
  const count = v['Count'];
  if (count !== undefined && count !== null && (typeof count !== 'number' || !Number.isFinite(count))) {
    bad(`${w}Count`, 'a number');
  }
  const opt: OptionInfo = {
    name,
    count: typeof count === 'number' ? count : 1,
    availableInSet: flag(v, 'AvailableInSet', w),
    availableInUnSet: flag(v, 'AvailableInUnSet', w) || flag(v, 'AvailableInUnset', w),
    availableInShow: flag(v, 'AvailableInShow', w),
    key: flag(v, 'Key', w),
  };
  const inputRe = optString(v, 'InputRe', w);
  const valueType = optString(v, 'ValueType', w);
  const description = optString(v, 'Description', w);
  if (inputRe !== undefined) opt.inputRe = inputRe;
  if (valueType !== undefined) opt.valueType = valueType;
  if (description !== undefined) opt.description = description;
  return opt;
}

function decodeOptions(v: unknown, where: string): OptionInfo[] {
  if (v === undefined || v === null) return [];
  if (!isObject(v)) return bad(where, 'a map of options');
  return Object.entries(v).map(([name, o]) => decodeOption(name, o, `${where}.${name}`));
}

/** SubNodes nested deeper are dropped with a note: routers answer one level (server-sized recursion otherwise). */
export const MAX_NODE_DEPTH = 64;

export function decodeNodeInfo(v: unknown, where = 'NodeInfo'): NodeInfo {
  const cut = { dropped: false };
  const node = decodeNode(v, where, 0, cut);
  if (cut.dropped) node.note = `sub-nodes nested deeper than ${MAX_NODE_DEPTH} levels were dropped`;
  return node;
}

const KNOWN = new Set([
  'Name',
  'Type',
  'Description',
  'Help',
  'InputRe',
  'AllowSet',
  'AllowUnSet',
  'AllowUnset',
  'AllowShow',
  'HasSetSubnodes',
  'HasUnSetSubnodes',
  'HasUnsetSubnodes',
  'HasShowSubnodes',
  'HasSubnodes',
  'SetValues',
  'SetOptions',
  'PossibleValues',
  'PossibleOptions',
  'MultiValue',
  'SubNodes',
  'ShowOutput',
  'ShowFormat',
]);

/**
 * Only the fields the decoder does not know: keeping the whole wire object would hold every
 * SetValues/SetOptions list twice in the metadata cache (65,536 match-list members: ~2× the MB).
 */
function unknownFields(v: Json): Json {
  const out: Json = {};
  for (const k of Object.keys(v)) if (!KNOWN.has(k)) out[k] = v[k];
  return out;
}

function decodeNode(v: unknown, where: string, depth: number, cut: { dropped: boolean }): NodeInfo {
  if (!isObject(v)) return bad(where, 'an object');
  const w = `${where}.`;
  const hasShow = v['ShowOutput'] !== undefined && v['ShowOutput'] !== null;
  // A show answer may carry only ShowOutput/ShowFormat: its Name is not needed to print it.
  const name = optString(v, 'Name', w) ?? (hasShow ? '' : bad(`${w}Name`, 'present'));
  const t = v['Type'];
  let type: 'Token' | 'Value';
  if (t === 'Token' || t === 'Value') type = t;
  else if (t === undefined || t === null) type = name.startsWith('%') ? 'Value' : 'Token';
  else return bad(`${w}Type`, 'Token or Value');
  const subs = v['SubNodes'];
  if (subs !== undefined && subs !== null && !Array.isArray(subs)) bad(`${w}SubNodes`, 'an array');
  const setValues = stringList(v['SetValues'], `${w}SetValues`);
  const node: NodeInfo = {
    name,
    type,
    allowSet: flag(v, 'AllowSet', w),
    allowUnSet: flag(v, 'AllowUnSet', w) || flag(v, 'AllowUnset', w),
    allowShow: flag(v, 'AllowShow', w),
    hasSetSubnodes: flag(v, 'HasSetSubnodes', w),
    hasUnSetSubnodes: flag(v, 'HasUnSetSubnodes', w) || flag(v, 'HasUnsetSubnodes', w),
    hasShowSubnodes: flag(v, 'HasShowSubnodes', w),
    hasSubnodes: flag(v, 'HasSubnodes', w),
    setValues,
    setOptions: optionMaps(v['SetOptions'], `${w}SetOptions`, setValues),
    possibleValues: stringList(v['PossibleValues'], `${w}PossibleValues`),
    possibleOptions: decodeOptions(v['PossibleOptions'], `${w}PossibleOptions`),
    multiValue: flag(v, 'MultiValue', w),
    subNodes: [],
    raw: unknownFields(v),
  };
  const list = (subs as unknown[] | null | undefined) ?? [];
  if (depth >= MAX_NODE_DEPTH) cut.dropped ||= list.length > 0;
  else node.subNodes = list.map((s, i) => decodeNode(s, `${w}SubNodes[${i}]`, depth + 1, cut));
  for (const [key, prop] of [
    ['Description', 'description'],
    ['Help', 'help'],
    ['InputRe', 'inputRe'],
  ] as const) {
    const s = optString(v, key, w);
    if (s !== undefined) node[prop] = s;
  }
  if (hasShow) {
    const out = decodeShowOutput(v['ShowOutput']);
    node.showOutput = out;
    node.showFormat = typeof out === 'string' ? 'text' : 'table';
  }
  return node;
}
