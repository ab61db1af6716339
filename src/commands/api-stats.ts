// The latency summary of `routersh api -n COUNT`: nearest-rank percentiles over all runs.

export interface LatencySummary {
  count: number;
  errors: number;
  min: number;
  median: number;
  p90: number;
  p99: number;
  max: number;
  requestsPerSecond: number;
}

/** Nearest-rank percentile (p in 0..1) of ascending values; 0 when there are none. */
export function rank(sorted: readonly number[], p: number): number {
  if (sorted.length === 0) return 0;
  const i = Math.min(sorted.length - 1, Math.max(0, Math.ceil(p * sorted.length) - 1));
  return sorted[i]!;
}

export function summarize(latenciesMs: readonly number[], errors: number, wallMs: number): LatencySummary {
  const sorted = [...latenciesMs].sort((a, b) => a - b);
  const count = latenciesMs.length;
  return {
    count,
    errors,
    min: sorted[0] ?? 0,
    median: rank(sorted, 0.5),
    p90: rank(sorted, 0.9),
    p99: rank(sorted, 0.99),
    max: sorted[sorted.length - 1] ?? 0,
    requestsPerSecond: wallMs > 0 ? (count * 1000) / wallMs : 0,
  };
}

export function formatSummary(s: LatencySummary): string {
  const ms = (v: number) => `${v.toFixed(2)} ms`;
  const rows: Array<[string, string]> = [
    ['count', String(s.count)],
    ['errors', String(s.errors)],
    ['min', ms(s.min)],
    ['median', ms(s.median)],
    ['p90', ms(s.p90)],
    ['p99', ms(s.p99)],
    ['max', ms(s.max)],
    ['requests/s', s.requestsPerSecond.toFixed(2)],
  ];
  return rows.map(([k, v]) => `${k.padEnd(11)} ${v}\n`).join('');
}
