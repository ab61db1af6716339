// MetricsQL evaluator over the synthetic store. Every node yields a scalar or a set of series
// over all steps at once. Raw samples sit on the SCRAPE_MS grid; instant selectors look back
// 5 minutes; rollups read the samples in (t - offset - window, t - offset], never after `now`.
import { ORIGIN_MS, SCRAPE_MS, type SeriesData } from '../data/metrics-gen.js';
import { invalidQuery, resultTooLarge } from '../errors.js';
import type { Expr, Selector } from './ast.js';
import { aggregate, binary } from './ops.js';
import { matchLabel } from './parser.js';
import { emptySeries, type EvalContext, signature, type Value, type VSeries, withoutName } from './values.js';

const LOOKBACK_MS = 5 * 60_000;
/** Samples a query may read before the simulator refuses it as too expensive. */
const MAX_SAMPLE_READS = 60_000_000;

export interface Evaluation extends EvalContext {
  store: SeriesData[];
}

function select(sel: Selector, ctx: Evaluation): SeriesData[] {
  return ctx.store.filter((s) => sel.matchers.every((m) => matchLabel(m, s.labels[m.name] ?? '')));
}

/** The window a rollup uses when its argument has none: the step, or 5m for instant queries. */
function implicitWindow(ctx: EvalContext): number {
  return ctx.stepMs > 0 ? Math.max(ctx.stepMs, SCRAPE_MS) : LOOKBACK_MS;
}

/** How far before the first step the query reads (offsets plus explicit windows). */
export function lookbehind(e: Expr, ctx: EvalContext): number {
  switch (e.kind) {
    case 'sel':
      return e.offset + e.range;
    case 'call': {
      const a = e.args[0];
      if (a?.kind === 'sel' && a.range === 0) return a.offset + implicitWindow(ctx);
      return Math.max(0, ...e.args.map((x) => lookbehind(x, ctx)));
    }
    case 'agg':
      return Math.max(lookbehind(e.expr, ctx), e.param ? lookbehind(e.param, ctx) : 0);
    case 'bin':
      return Math.max(lookbehind(e.lhs, ctx), lookbehind(e.rhs, ctx));
    case 'neg':
      return lookbehind(e.expr, ctx);
    default:
      return 0;
  }
}

const O1_COUNTER = new Set(['rate', 'increase', 'delta', 'irate', 'last_over_time', 'count_over_time']);

/** Estimated raw-sample reads, so a 31-day window at 11000 steps is refused, not ground through. */
function estimateReads(e: Expr, ctx: Evaluation): number {
  const n = ctx.steps.length;
  switch (e.kind) {
    case 'sel':
      return select(e, ctx).length * n;
    case 'call': {
      const a = e.args[0];
      if (a?.kind !== 'sel') return 0;
      const w = (a.range || implicitWindow(ctx)) / SCRAPE_MS;
      return select(a, ctx).reduce((acc, s) => acc + n * (s.counter && O1_COUNTER.has(e.name) ? 2 : w), 0);
    }
    case 'agg':
      return estimateReads(e.expr, ctx) + (e.param ? estimateReads(e.param, ctx) : 0);
    case 'bin':
      return estimateReads(e.lhs, ctx) + estimateReads(e.rhs, ctx);
    case 'neg':
      return estimateReads(e.expr, ctx);
    default:
      return 0;
  }
}

function instantSelector(sel: Selector, ctx: Evaluation): VSeries[] {
  const n = ctx.steps.length;
  return select(sel, ctx).map((s) => {
    const out = emptySeries(s.labels, n);
    for (let k = 0; k < n; k++) {
      const t = ctx.steps[k]! - sel.offset;
      const g = Math.floor(Math.min(t, ctx.now) / SCRAPE_MS) * SCRAPE_MS;
      if (g < ORIGIN_MS || g <= t - LOOKBACK_MS) continue;
      out.v[k] = s.at(g);
      out.has[k] = 1;
    }
    return out;
  });
}

/** Grid reads for one series, cached in an array when windows overlap enough to pay off. */
function gridReader(s: SeriesData, from: number, to: number, reads: number): (g: number) => number {
  const span = (to - from) / SCRAPE_MS + 1;
  if (span <= 0 || span > 2 * reads || span > 5_000_000) return (g) => s.at(g);
  const arr = new Float64Array(span);
  for (let i = 0; i < span; i++) arr[i] = s.at(from + i * SCRAPE_MS);
  return (g) => arr[(g - from) / SCRAPE_MS]!;
}

function rollupValue(fn: string, s: SeriesData, get: (g: number) => number, first: number, hi: number) {
  const prev = first - SCRAPE_MS >= ORIGIN_MS ? first - SCRAPE_MS : first;
  switch (fn) {
    case 'count_over_time':
      return (hi - first) / SCRAPE_MS + 1;
    case 'last_over_time':
      return get(hi);
    case 'irate': {
      const before = hi - SCRAPE_MS;
      if (before < ORIGIN_MS) return undefined;
      const d = get(hi) - get(before);
      return (d < 0 ? get(hi) : d) / (SCRAPE_MS / 1000);
    }
    case 'delta':
      return get(hi) - get(prev);
    case 'rate':
    case 'increase': {
      if (s.counter) return get(hi) - get(prev);
      let inc = 0;
      let last = get(prev);
      for (let g = prev + SCRAPE_MS; g <= hi; g += SCRAPE_MS) {
        const x = get(g);
        inc += x < last ? x : x - last; // a decrease is a counter reset
        last = x;
      }
      return inc;
    }
    default: {
      let sum = 0;
      let min = Number.POSITIVE_INFINITY;
      let max = Number.NEGATIVE_INFINITY;
      let count = 0;
      for (let g = first; g <= hi; g += SCRAPE_MS) {
        const x = get(g);
        sum += x;
        if (x < min) min = x;
        if (x > max) max = x;
        count++;
      }
      if (fn === 'sum_over_time') return sum;
      if (fn === 'avg_over_time') return sum / count;
      return fn === 'min_over_time' ? min : max;
    }
  }
}

function rollup(fn: string, args: Expr[], ctx: Evaluation): VSeries[] {
  const arg = args[0];
  if (args.length !== 1 || !arg) throw invalidQuery(`${fn} expects 1 argument, got ${args.length}`);
  if (arg.kind !== 'sel') throw invalidQuery(`${fn}: expected a range vector selector like metric[5m]`);
  const window = arg.range || implicitWindow(ctx);
  const n = ctx.steps.length;
  const grid = (t: number) => Math.floor(t / SCRAPE_MS) * SCRAPE_MS;
  const from = grid(ctx.steps[0]! - arg.offset - window);
  const to = grid(Math.min(ctx.steps[n - 1]! - arg.offset, ctx.now));
  return select(arg, ctx).map((s) => {
    const cheap = s.counter && O1_COUNTER.has(fn);
    const get = cheap ? (g: number) => s.at(g) : gridReader(s, from, to, (n * window) / SCRAPE_MS);
    const out = emptySeries(withoutName(s.labels), n);
    for (let k = 0; k < n; k++) {
      const end = ctx.steps[k]! - arg.offset;
      const hi = grid(Math.min(end, ctx.now));
      const first = Math.max(ORIGIN_MS, grid(end - window) + SCRAPE_MS);
      if (first > hi) continue;
      let v = rollupValue(fn, s, get, first, hi);
      if (v === undefined) continue;
      if (fn === 'rate') v /= window / 1000;
      out.v[k] = v;
      out.has[k] = 1;
    }
    return out;
  });
}

function ev(e: Expr, ctx: Evaluation): Value {
  const n = ctx.steps.length;
  switch (e.kind) {
    case 'num':
      return { t: 'scalar', v: new Float64Array(n).fill(e.value) };
    case 'str':
      throw invalidQuery('a string literal is not allowed here');
    case 'sel':
      if (e.range > 0) throw invalidQuery('a range vector must be passed to a function such as rate()');
      return { t: 'vector', s: instantSelector(e, ctx) };
    case 'call':
      return { t: 'vector', s: rollup(e.name, e.args, ctx) };
    case 'neg': {
      const v = ev(e.expr, ctx);
      if (v.t === 'scalar') return { t: 'scalar', v: v.v.map((x) => -x) };
      return {
        t: 'vector',
        s: v.s.map((s) => ({ labels: withoutName(s.labels), v: s.v.map((x) => -x), has: s.has })),
      };
    }
    case 'agg': {
      const inner = ev(e.expr, ctx);
      if (inner.t !== 'vector') throw invalidQuery(`${e.op}: expected an instant vector argument`);
      let param: Float64Array | null = null;
      if (e.param) {
        const p = ev(e.param, ctx);
        if (p.t !== 'scalar') throw invalidQuery(`${e.op}: the first argument must be a number`);
        param = p.v;
      }
      return { t: 'vector', s: aggregate(e, inner.s, param, n) };
    }
    case 'bin':
      return binary(e, ev(e.lhs, ctx), ev(e.rhs, ctx), n);
  }
}

/** Evaluates and returns the non-empty series, sorted by labels. */
export function evaluate(e: Expr, ctx: Evaluation): VSeries[] {
  const reads = estimateReads(e, ctx);
  if (reads > MAX_SAMPLE_READS) {
    throw resultTooLarge(
      `the query would read about ${reads} raw samples; narrow the range, window or selector`,
    );
  }
  const v = ev(e, ctx);
  const n = ctx.steps.length;
  if (v.t === 'scalar') return [{ labels: {}, v: v.v, has: new Uint8Array(n).fill(1) }];
  return v.s
    .filter((s) => s.has.some((h) => h === 1))
    .map((s) => ({ s, key: signature(s.labels) }))
    .sort((a, b) => (a.key < b.key ? -1 : a.key > b.key ? 1 : 0))
    .map((x) => x.s);
}
