// The values a dashboard variable offers (the `v` picker, and every query variable at open): a
// label's values among the series a selector matches, the series of a query, metric names a regex
// matches, through an optional regex; or a fixed list. From the telemetry API's discovery
// endpoints and its instant query, bounded; a variable's own query has the variables it uses put
// in first (chained variables, variable-load.ts).
import type { TelemetryClient } from '../../api/telemetry/client.js';
import type { Chosen, Variable } from '../../contract/dashboard.js';
import { testBounded } from '../../lang/regex-bounded.js';
import { interpolate } from './interpolate.js';

const LOOKBACK_MS = 3_600_000;
/** The discovery limit asked for (the API's usual maximum; capabilities may say less). */
const LIMIT = 1000;

export interface VariableOptions {
  values: string[];
  /** The API cut the list at its limit (`meta.truncated`): All cannot be the alternation. */
  truncated: boolean;
}

/** A variable's `regex` (`/…/flags` as Grafana writes it, or a bare pattern); throws when it does not compile. */
export function variableRegex(text: string): RegExp {
  const m = /^\/(.*)\/([a-z]*)$/s.exec(text);
  return m ? new RegExp(m[1] ?? '', (m[2] ?? '').replace(/[^imsu]/g, '')) : new RegExp(text);
}

/** The text of `v`'s query with the chosen values of the variables it uses put in. */
const filled = (text: string, variables: Variable[], chosen: Record<string, Chosen>) =>
  interpolate(text, { variables, chosen, rangeSeconds: LOOKBACK_MS / 1000, stepSeconds: 60 });

export async function variableOptions(
  v: Variable,
  client: TelemetryClient | undefined,
  signal: AbortSignal,
  ctx: { variables?: Variable[]; chosen?: Record<string, Chosen>; now?: number; limit?: number } = {},
): Promise<VariableOptions> {
  if (v.kind === 'list' || v.kind === 'interval') return { values: v.values, truncated: false };
  if (!client) throw new Error('no telemetry API is configured');
  const now = ctx.now ?? Date.now();
  const fill = (t: string) => filled(t, ctx.variables ?? [], ctx.chosen ?? {});
  const caps = await client.capabilities(signal);
  const limit = Math.min(ctx.limit ?? LIMIT, caps.limits.discoveryLimitMax);
  const range = { start: now - LOOKBACK_MS, end: now };
  let texts: string[];
  let truncated = false;
  if (v.kind === 'label') {
    const res = await client.labelValues(
      { label: v.label, ...range, ...(v.match ? { matchers: [fill(v.match)] } : {}), limit },
      signal,
    );
    texts = res.data;
    truncated = res.meta.truncated === true;
  } else if (v.kind === 'metrics') {
    const res = await client.names({ ...range, limit }, signal);
    truncated = res.meta.truncated === true;
    const re = compiled(v.name, fill(v.match));
    texts = res.data.filter((n) => testBounded(re, n) === true);
  } else {
    // A query: each series as Grafana's query_result writes it: `name{a="1",b="2"} VALUE TIME_MS`.
    const res = await client.query({ expression: fill(v.expr), time: now }, signal);
    texts = res.data.series.map((s) => {
      const { __name__: metric = '', ...labels } = s.labels;
      const pairs = Object.entries(labels).map(([k, val]) => `${k}="${val}"`);
      const last = s.samples.at(-1);
      return `${metric}{${pairs.join(',')}} ${last?.v ?? ''} ${last?.t ?? now}`;
    });
  }
  return { values: v.regex ? throughRegex(v.name, v.regex, texts) : [...new Set(texts)], truncated };
}

function compiled(name: string, regex: string): RegExp {
  try {
    return variableRegex(regex);
  } catch {
    throw new Error(`variable ${name}: regex ${regex} does not compile`);
  }
}

/** Grafana's variable regex: a value is kept when it matches; its first group (if any) is the value. */
function throughRegex(name: string, regex: string, texts: readonly string[]): string[] {
  const re = compiled(name, regex);
  const out = new Set<string>();
  // Untrusted pattern: matched under a time bound first (a match found in time is found again fast).
  for (const t of texts) {
    if (testBounded(re, t) !== true) continue;
    re.lastIndex = 0;
    const m = re.exec(t);
    if (m) out.add(m[1] ?? m[0]);
  }
  return [...out];
}

/** The values alone (the picker). */
export async function variableValues(
  v: Variable,
  client: TelemetryClient | undefined,
  signal: AbortSignal,
  ctx: { variables?: Variable[]; chosen?: Record<string, Chosen>; now?: number } = {},
): Promise<string[]> {
  return (await variableOptions(v, client, signal, ctx)).values;
}
