// The values a dashboard variable offers (the `v` picker, and a variable with no value at open):
// a label's values among the series a selector matches, the series of a query through an
// optional regex, or a fixed list. From the telemetry API's discovery endpoints, bounded.
import type { TelemetryClient } from '../../api/telemetry/client.js';
import { testBounded } from '../../lang/regex-bounded.js';
import type { Variable } from '../../contract/dashboard.js';

const LOOKBACK_MS = 3_600_000;
const LIMIT = 1000;

export async function variableValues(
  v: Variable,
  client: TelemetryClient | undefined,
  signal: AbortSignal,
  now: number = Date.now(),
): Promise<string[]> {
  if (v.kind === 'list' || v.kind === 'interval') return v.values;
  if (!client) throw new Error('no telemetry API is configured');
  const range = { start: now - LOOKBACK_MS, end: now };
  if (v.kind === 'label') {
    const res = await client.labelValues(
      { label: v.label, ...range, ...(v.match ? { matchers: [v.match] } : {}), limit: LIMIT },
      signal,
    );
    return res.data;
  }
  // A query: each series' labels as Grafana's query_result shows them, through the regex.
  const res = await client.query({ expression: v.expr, time: now }, signal);
  const texts = res.data.series.map(
    (s) =>
      `{${Object.entries(s.labels)
        .map(([k, val]) => `${k}="${val}"`)
        .join(', ')}}`,
  );
  if (!v.regex) return [...new Set(texts)];
  const body = /^\/(.*)\/[a-z]*$/s.exec(v.regex)?.[1] ?? v.regex;
  let re: RegExp;
  try {
    re = new RegExp(body);
  } catch {
    throw new Error(`variable ${v.name}: regex ${v.regex} does not compile`);
  }
  const out = new Set<string>();
  // Untrusted pattern: matched under a time bound first (a match found in time is found again fast).
  for (const t of texts) {
    if (testBounded(re, t) !== true) continue;
    const m = re.exec(t);
    if (m) out.add(m[1] ?? m[0]);
  }
  return [...out];
}
