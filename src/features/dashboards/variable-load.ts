// A dashboard's variables at open, as Grafana loads them: every query variable (label values,
// query results, metric names) is fetched, the ones another uses first (chained: `instance`
// whose query names `$job` waits for `job`); a cycle is refused with one line. Then what each
// holds: `--var` as given; All (the file's default, or includeAll with none) as every value
// fetched, or `.*` when the API cut the list or the alternation would pass the request-body
// limit (Chosen.wildcard, said on the status line); a default the values no longer hold gives
// way to the first value (Grafana's rule); no values → Chosen.why, said on each panel.
import type { Chosen, Dashboard, Variable } from '../../contract/dashboard.js';
import { interpolate } from './interpolate.js';
import type { TelemetryClient } from '../../api/telemetry/client.js';
import { type VariableOptions, variableOptions } from './variable-values.js';
import { usedNames } from './validate-variables.js';

/** Bytes of a request's body besides its expression (`{"expression":…,"start":…}`), with room. */
const BODY_OVERHEAD = 256;

/** The text a variable's values come from (where the variables it uses are named). */
export const variableSource = (v: Variable): string =>
  v.kind === 'label' ? (v.match ?? '') : v.kind === 'query' ? v.expr : v.kind === 'metrics' ? v.match : '';

/** Variables in an order where each comes after those it uses; a cycle: its names, in order. */
export function variableOrder(vars: readonly Variable[]): { order: Variable[] } | { cycle: string[] } {
  const byName = new Map(vars.map((v) => [v.name, v]));
  const uses = (v: Variable) => [...new Set(usedNames(variableSource(v)))].filter((n) => byName.has(n));
  const order: Variable[] = [];
  const state = new Map<string, 'visiting' | 'done'>();
  // Depth-first with an explicit stack (at most MAX_VARIABLES deep, but no recursion either way).
  for (const root of vars) {
    if (state.has(root.name)) continue;
    const stack: Array<{ v: Variable; next: string[] }> = [{ v: root, next: uses(root) }];
    state.set(root.name, 'visiting');
    while (stack.length > 0) {
      const top = stack[stack.length - 1]!;
      const n = top.next.shift();
      if (n === undefined) {
        state.set(top.v.name, 'done');
        order.push(top.v);
        stack.pop();
        continue;
      }
      const s = state.get(n);
      if (s === 'done') continue;
      if (s === 'visiting') {
        const from = stack.findIndex((f) => f.v.name === n);
        return { cycle: [...stack.slice(from).map((f) => f.v.name), n] };
      }
      const dep = byName.get(n)!;
      state.set(n, 'visiting');
      stack.push({ v: dep, next: uses(dep) });
    }
  }
  return { order };
}

/** The one line a cycle is refused with. */
export const cycleText = (cycle: readonly string[]): string =>
  `variables use each other in a cycle (${cycle.map((n) => `$${n}`).join(' → ')}): none of them can be fetched first`;

export interface LoadPort {
  /** A variable's values, its query filled with what `chosen` holds for the variables it uses. */
  options(v: Variable, chosen: Record<string, Chosen>, signal: AbortSignal): Promise<VariableOptions>;
  /** The API's request-body limit, bytes (capabilities' request_body_bytes). */
  bodyLimit(signal: AbortSignal): Promise<number>;
}

const fetched = (v: Variable) => v.kind === 'label' || v.kind === 'query' || v.kind === 'metrics';

/** Whether the dashboard has variables to fetch at open. */
export const needsLoad = (d: Dashboard): boolean => d.variables.some(fetched);

/** What `v` holds once its values are known. */
function settle(v: Variable, had: Chosen | undefined, o: VariableOptions): Chosen | undefined {
  const { values } = o;
  if (had?.given && !had.all) return had;
  // Kept whatever is chosen: All picked later (the `v` picker) is sent as `.*` too.
  const cut = o.truncated ? { wildcard: `the API cut ${v.name}'s values at ${values.length}` } : {};
  const all = had?.all === true || (had === undefined && v.includeAll === true);
  if (all) {
    if (v.allValue !== undefined) return { values, all: true };
    if (values.length === 0) return { values, all: true, why: `$${v.name} has no values` };
    return { values, all: true, ...cut };
  }
  const kept = had?.values.filter((x) => values.includes(x)) ?? [];
  if (kept.length > 0) return { values: kept, all: false, ...cut };
  if (values[0] !== undefined) return { values: [values[0]], all: false, ...cut };
  return had
    ? { ...had, why: `$${v.name} has no values` }
    : { values: [], all: false, why: `$${v.name} has no values` };
}

/** The texts panels send (chart and stat expressions, logs queries). */
const panelTexts = (d: Dashboard): string[] =>
  d.panels.flatMap((p) =>
    p.kind === 'chart' || p.kind === 'stat'
      ? [p.expr]
      : p.kind === 'logs' || p.kind === 'histogram'
        ? [p.query]
        : [],
  );

/**
 * All of a variable whose alternation makes a panel's request pass the body limit is sent as `.*`
 * instead: the largest alternation first, until every panel's text fits.
 */
function fitBodies(d: Dashboard, chosen: Record<string, Chosen>, limit: number): Record<string, Chosen> {
  const out = { ...chosen };
  const texts = panelTexts(d);
  const size = (t: string) =>
    Buffer.byteLength(
      JSON.stringify(
        interpolate(t, { variables: d.variables, chosen: out, rangeSeconds: 3600, stepSeconds: 60 }),
      ),
    ) + BODY_OVERHEAD;
  for (let round = 0; round < d.variables.length; round++) {
    const over = texts.filter((t) => size(t) > limit);
    if (over.length === 0) break;
    const used = new Set(over.flatMap(usedNames));
    const widest = d.variables
      .filter(
        (v) => used.has(v.name) && out[v.name]?.all && !out[v.name]?.wildcard && v.allValue === undefined,
      )
      .sort((a, b) => (out[b.name]?.values.length ?? 0) - (out[a.name]?.values.length ?? 0))[0];
    if (!widest) break;
    const c = out[widest.name]!;
    out[widest.name] = {
      ...c,
      wildcard: `${c.values.length} values of ${widest.name} would pass the API's ${limit}-byte request limit`,
    };
  }
  return out;
}

/**
 * Every query variable fetched in dependency order; `chosen` as the file and `--var` gave it.
 * A variable whose look-up fails keeps what it had, with the error as its `why`; aborted (the
 * caller's deadline), the ones fetched by then are kept and the rest say so. Never rejects.
 */
export async function loadVariables(
  d: Dashboard,
  chosen: Readonly<Record<string, Chosen>>,
  port: LoadPort,
  signal: AbortSignal,
): Promise<Record<string, Chosen>> {
  const out: Record<string, Chosen> = { ...chosen };
  const ordered = variableOrder(d.variables);
  if ('cycle' in ordered) {
    const why = cycleText(ordered.cycle);
    for (const n of ordered.cycle) out[n] = { ...(out[n] ?? { values: [], all: false }), why };
    return out;
  }
  for (const v of ordered.order) {
    if (!fetched(v)) continue;
    try {
      // Out of time (the caller's deadline): what was found so far, the rest said as not fetched.
      signal.throwIfAborted();
      const o = await port.options(v, out, signal);
      const next = settle(v, out[v.name], o);
      if (next) out[v.name] = next;
      else delete out[v.name];
    } catch (e) {
      const had = out[v.name] ?? { values: [], all: v.includeAll === true };
      const why = signal.aborted ? 'not fetched in time' : e instanceof Error ? e.message : String(e);
      out[v.name] = { ...had, why: `$${v.name}: ${why}` };
    }
  }
  if (signal.aborted) return out;
  const limit = await port.bodyLimit(signal).catch(() => Number.POSITIVE_INFINITY);
  return Number.isFinite(limit) ? fitBodies(d, out, limit) : out;
}

/**
 * Why a panel's text cannot be sent: a variable it uses holds no values (none found, or the
 * look-up failed). `undefined` when every variable it uses has something to send.
 */
export function unfilled(
  text: string,
  variables: readonly Variable[],
  chosen: Readonly<Record<string, Chosen>>,
): string | undefined {
  for (const name of new Set(usedNames(text))) {
    const v = variables.find((x) => x.name === name);
    const c = chosen[name];
    if (!v || !c) continue;
    if (c.all && v.allValue !== undefined) continue;
    if (c.all && c.wildcard !== undefined) continue;
    if (c.values.length === 0) return c.why ?? `$${name} has no values`;
  }
  return undefined;
}

/** The dashboard sources' variable members (panes/dashboard/panel-data.ts), from the telemetry client. */
export function variableSources(d: Dashboard, client: TelemetryClient | undefined) {
  const port: LoadPort = {
    options: (v, chosen, signal) => variableOptions(v, client, signal, { variables: d.variables, chosen }),
    bodyLimit: async (signal) =>
      client ? (await client.capabilities(signal)).limits.requestBodyBytes : Number.POSITIVE_INFINITY,
  };
  return {
    variableValues: async (i: number, signal: AbortSignal, chosen: Record<string, Chosen> = {}) => {
      const v = d.variables[i];
      return v ? (await port.options(v, chosen, signal)).values : [];
    },
    loadVariables: (chosen: Record<string, Chosen>, signal: AbortSignal) =>
      loadVariables(d, chosen, port, signal),
    unfilled: (text: string, chosen: Record<string, Chosen>) => unfilled(text, d.variables, chosen),
  };
}
