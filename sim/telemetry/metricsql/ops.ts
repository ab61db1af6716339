// Binary operators and aggregations of the evaluator.
import { invalidQuery } from '../errors.js';
import { COMPARISONS, SET_OPS } from './ast.js';
import { emptySeries, type Labels, signature, type Value, type VSeries, withoutName } from './values.js';

export function arith(op: string, a: number, b: number): number {
  switch (op) {
    case '+':
      return a + b;
    case '-':
      return a - b;
    case '*':
      return a * b;
    case '/':
      return a / b;
    case '%':
      return a % b;
    case '^':
      return a ** b;
    default:
      throw invalidQuery(`unknown operator ${op}`);
  }
}

function compare(op: string, a: number, b: number): boolean {
  switch (op) {
    case '==':
      return a === b;
    case '!=':
      return a !== b;
    case '>':
      return a > b;
    case '<':
      return a < b;
    case '>=':
      return a >= b;
    default:
      return a <= b;
  }
}

export interface BinSpec {
  op: string;
  bool: boolean;
  on: string[] | null;
  ignoring: string[] | null;
}

function matchKey(labels: Labels, spec: BinSpec): string {
  if (spec.on) {
    const picked: Labels = {};
    for (const l of spec.on) if (labels[l] !== undefined) picked[l] = labels[l];
    return signature(picked);
  }
  const rest = withoutName(labels);
  for (const l of spec.ignoring ?? []) delete rest[l];
  return signature(rest);
}

function resultLabels(labels: Labels, spec: BinSpec): Labels {
  const cmpFilter = COMPARISONS.has(spec.op) && !spec.bool;
  let out = cmpFilter ? { ...labels } : withoutName(labels);
  if (spec.on) {
    const kept: Labels = cmpFilter && labels.__name__ !== undefined ? { __name__: labels.__name__ } : {};
    for (const l of spec.on) if (labels[l] !== undefined) kept[l] = labels[l];
    out = kept;
  } else for (const l of spec.ignoring ?? []) delete out[l];
  return out;
}

/** Applies op to one pair; returns undefined when a comparison filters the sample out. */
function apply(spec: BinSpec, a: number, b: number, keep: number): number | undefined {
  if (!COMPARISONS.has(spec.op)) return arith(spec.op, a, b);
  const ok = compare(spec.op, a, b);
  if (spec.bool) return ok ? 1 : 0;
  return ok ? keep : undefined;
}

function setOp(spec: BinSpec, l: VSeries[], r: VSeries[], n: number): VSeries[] {
  const present = new Map<string, Uint8Array>();
  for (const s of r) {
    const key = matchKey(s.labels, spec);
    const acc = present.get(key) ?? new Uint8Array(n);
    for (let k = 0; k < n; k++) acc[k]! |= s.has[k]!;
    present.set(key, acc);
  }
  if (spec.op === 'or') {
    const lhsKeys = new Map<string, Uint8Array>();
    for (const s of l) {
      const key = matchKey(s.labels, spec);
      const acc = lhsKeys.get(key) ?? new Uint8Array(n);
      for (let k = 0; k < n; k++) acc[k]! |= s.has[k]!;
      lhsKeys.set(key, acc);
    }
    const extra = r.map((s) => {
      const mask = lhsKeys.get(matchKey(s.labels, spec));
      const out = emptySeries(s.labels, n);
      for (let k = 0; k < n; k++) {
        if (s.has[k] && !mask?.[k]) {
          out.v[k] = s.v[k]!;
          out.has[k] = 1;
        }
      }
      return out;
    });
    return [...l, ...extra];
  }
  return l.map((s) => {
    const mask = present.get(matchKey(s.labels, spec));
    const out = emptySeries(s.labels, n);
    for (let k = 0; k < n; k++) {
      const inR = mask?.[k] === 1;
      if (s.has[k] && (spec.op === 'and' ? inR : !inR)) {
        out.v[k] = s.v[k]!;
        out.has[k] = 1;
      }
    }
    return out;
  });
}

export function binary(spec: BinSpec, l: Value, r: Value, n: number): Value {
  if (SET_OPS.has(spec.op)) {
    if (l.t !== 'vector' || r.t !== 'vector')
      throw invalidQuery(`${spec.op} is only allowed between vectors`);
    return { t: 'vector', s: setOp(spec, l.s, r.s, n) };
  }
  if (l.t === 'scalar' && r.t === 'scalar') {
    if (COMPARISONS.has(spec.op) && !spec.bool) {
      throw invalidQuery('comparisons between scalars must use the bool modifier');
    }
    const v = new Float64Array(n);
    for (let k = 0; k < n; k++) v[k] = apply(spec, l.v[k]!, r.v[k]!, 0) ?? 0;
    return { t: 'scalar', v };
  }
  if (l.t === 'scalar' || r.t === 'scalar') {
    const vec = (l.t === 'vector' ? l.s : (r as { s: VSeries[] }).s) as VSeries[];
    const sc = (l.t === 'scalar' ? l.v : (r as { v: Float64Array }).v) as Float64Array;
    const swap = l.t === 'scalar';
    const keepName = COMPARISONS.has(spec.op) && !spec.bool;
    return {
      t: 'vector',
      s: vec.map((s) => {
        const out = emptySeries(keepName ? s.labels : withoutName(s.labels), n);
        for (let k = 0; k < n; k++) {
          if (!s.has[k]) continue;
          const x = s.v[k]!;
          const res = swap ? apply(spec, sc[k]!, x, x) : apply(spec, x, sc[k]!, x);
          if (res === undefined) continue;
          out.v[k] = res;
          out.has[k] = 1;
        }
        return out;
      }),
    };
  }
  const rhs = new Map<string, VSeries>();
  for (const s of r.s) {
    const key = matchKey(s.labels, spec);
    if (rhs.has(key)) {
      throw invalidQuery(
        'many-to-many matching not allowed: the right side has duplicate series for a match group',
      );
    }
    rhs.set(key, s);
  }
  const seen = new Set<string>();
  const out: VSeries[] = [];
  for (const s of l.s) {
    const key = matchKey(s.labels, spec);
    const other = rhs.get(key);
    if (!other) continue;
    if (seen.has(key)) {
      throw invalidQuery(
        'many-to-one matching must be explicit: the left side has duplicate series for a match group',
      );
    }
    seen.add(key);
    const res = emptySeries(resultLabels(s.labels, spec), n);
    for (let k = 0; k < n; k++) {
      if (!s.has[k] || !other.has[k]) continue;
      const v = apply(spec, s.v[k]!, other.v[k]!, s.v[k]!);
      if (v === undefined) continue;
      res.v[k] = v;
      res.has[k] = 1;
    }
    out.push(res);
  }
  return { t: 'vector', s: out };
}

export interface AggSpec {
  op: string;
  by: string[] | null;
  without: string[] | null;
}

function groupLabels(labels: Labels, spec: AggSpec): Labels {
  if (spec.by) {
    const out: Labels = {};
    for (const l of spec.by) if (labels[l] !== undefined) out[l] = labels[l];
    return out;
  }
  if (spec.without) {
    const out = withoutName(labels);
    for (const l of spec.without) delete out[l];
    return out;
  }
  return {};
}

export function aggregate(spec: AggSpec, input: VSeries[], param: Float64Array | null, n: number): VSeries[] {
  const groups = new Map<string, { labels: Labels; members: VSeries[] }>();
  for (const s of input) {
    const labels = groupLabels(s.labels, spec);
    const key = signature(labels);
    const g = groups.get(key) ?? { labels, members: [] };
    g.members.push(s);
    groups.set(key, g);
  }
  const out: VSeries[] = [];
  if (spec.op === 'topk' || spec.op === 'bottomk') {
    for (const g of groups.values()) {
      const picked = g.members.map((m) => emptySeries(m.labels, n));
      for (let k = 0; k < n; k++) {
        const count = Math.floor(param?.[k] ?? 0);
        if (count < 1) continue;
        const idx = g.members.map((_, i) => i).filter((i) => g.members[i]!.has[k]);
        const val = (i: number) => g.members[i]!.v[k]!;
        idx.sort((a, b) => {
          const x = val(a);
          const y = val(b);
          if (Number.isNaN(x)) return Number.isNaN(y) ? 0 : 1;
          if (Number.isNaN(y)) return -1;
          return spec.op === 'topk' ? y - x : x - y;
        });
        for (const i of idx.slice(0, count)) {
          picked[i]!.v[k] = val(i);
          picked[i]!.has[k] = 1;
        }
      }
      out.push(...picked);
    }
    return out;
  }
  for (const g of groups.values()) {
    const res = emptySeries(g.labels, n);
    for (let k = 0; k < n; k++) {
      let count = 0;
      let acc = 0;
      for (const m of g.members) {
        if (!m.has[k]) continue;
        const x = m.v[k]!;
        if (count === 0) acc = spec.op === 'count' ? 0 : x;
        else if (spec.op === 'sum' || spec.op === 'avg') acc += x;
        else if (spec.op === 'min') acc = x < acc || Number.isNaN(acc) ? x : acc;
        else if (spec.op === 'max') acc = x > acc || Number.isNaN(acc) ? x : acc;
        count++;
      }
      if (count === 0) continue;
      res.v[k] = spec.op === 'count' ? count : spec.op === 'avg' ? acc / count : acc;
      res.has[k] = 1;
    }
    out.push(res);
  }
  return out;
}
