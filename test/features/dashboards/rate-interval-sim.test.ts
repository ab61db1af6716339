// $__interval and $__rate_interval follow the step actually sent (Grafana's rule: $__interval =
// step, $__rate_interval = max(4 × scrape, step + scrape), scrape 15 s or the panel's own step),
// whatever the width: checked on the request the telemetry simulator received (no HTTP mocks).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TelemetryClient } from '../../../src/api/telemetry/client.js';
import type { Dashboard } from '../../../src/contract/dashboard.js';
import { interpolate, withStep } from '../../../src/features/dashboards/interpolate.js';
import { dashboardPaneSources } from '../../../src/features/dashboards/dashboard-sources.js';
import { telemetryPanelSources } from '../../../src/features/telemetry/pane-sources.js';
import { startTelemetrySim, type TelemetrySim } from '../../../sim/telemetry/index.js';

let sim: TelemetrySim;
let client: TelemetryClient;

beforeAll(async () => {
  sim = await startTelemetrySim({ seed: 7 });
  client = new TelemetryClient({ baseUrl: sim.url, apiKey: sim.keys.demo });
});
afterAll(async () => {
  await client.close();
  await sim.close();
});

const EXPR =
  'sum(rate(pkts_down[$__rate_interval])) / $__interval_ms * 0 + count_over_time(pkts_down[$__interval])';
const d: Dashboard = { title: 't', time: { since: '1d' }, refreshSeconds: 0, variables: [], panels: [] };
const none = () => {
  throw new Error('not in this test');
};
/** The dashboard's sources as the session's panes port makes them (session/pane-sources.ts). */
const sources = (dashboard: Dashboard = d) =>
  dashboardPaneSources({
    telemetry: () => client,
    panels: () => ({ ...telemetryPanelSources(client), monitor: none }),
    readLine: none,
    matchLists: () => undefined,
  }).dashboard({ pane: 'dashboard', dashboard }, { runPiped: none, runLine: none, complete: none })!.sources;

/** The query-range and query bodies the simulator received since `from`. */
const bodies = (from: number, path: string) =>
  sim.requests
    .slice(from)
    .filter((r) => r.url.endsWith(path))
    .map((r) => JSON.parse(r.body) as { expression: string; step_seconds?: number });

/** What the pane does: variables in, the step built-ins left for the source. */
const textOf = (expr: string) => interpolate(expr, { variables: [], chosen: {}, rangeSeconds: 86_400 });

describe('$__rate_interval follows the step sent', () => {
  it.each([40, 80, 120, 200, 300])('a chart %i columns wide over a day', async (columns) => {
    const end = Date.now();
    const from = sim.requests.length;
    const text = textOf(EXPR);
    expect(text).toBe(EXPR);
    const chart = await sources()
      .chart(text)
      .fetch({ startMs: end - 86_400_000, endMs: end, columns }, AbortSignal.timeout(30_000));
    const [body] = bodies(from, '/metrics/query-range');
    const step = body?.step_seconds ?? 0;
    expect(step).toBe(chart.stepSeconds);
    expect(body?.expression).toBe(
      `sum(rate(pkts_down[${Math.max(step + 15, 60)}s])) / ${step * 1000} * 0 + count_over_time(pkts_down[${withStep('$__interval', step)}])`,
    );
  });

  it('the measured case: a 300 s step goes out with [315s]', async () => {
    const end = Date.now();
    const from = sim.requests.length;
    // 300 columns over a day: the planner's step is 300 s (288 points and the alignment's two).
    await sources()
      .chart('rate(pkts_down[$__rate_interval])')
      .fetch({ startMs: end - 86_400_000, endMs: end, columns: 300 }, AbortSignal.timeout(30_000));
    const [body] = bodies(from, '/metrics/query-range');
    expect(body?.step_seconds).toBe(300);
    expect(body?.expression).toBe('rate(pkts_down[315s])');
  });

  it("a panel's own step is the scrape interval too (Grafana's Min step): 30 s → [120s]", async () => {
    const end = Date.now();
    const from = sim.requests.length;
    await sources()
      .chart('rate(pkts_down[$__rate_interval])', '30s')
      .fetch({ startMs: end - 3_600_000, endMs: end, columns: 100 }, AbortSignal.timeout(30_000));
    const [body] = bodies(from, '/metrics/query-range');
    expect(body).toEqual(expect.objectContaining({ step_seconds: 30, expression: 'rate(pkts_down[120s])' }));
  });

  it("a panel's Min interval (Grafana's `interval`, 1m): the least step, and the scrape interval", async () => {
    const end = Date.now();
    let from = sim.requests.length;
    // An hour over 300 columns plans 15 s: the Min interval makes it 60 s, and the rate 4 × 60.
    await sources()
      .chart('rate(pkts_down[$__rate_interval])', undefined, '1m')
      .fetch({ startMs: end - 3_600_000, endMs: end, columns: 300 }, AbortSignal.timeout(30_000));
    expect(bodies(from, '/metrics/query-range')[0]).toEqual(
      expect.objectContaining({ step_seconds: 60, expression: 'rate(pkts_down[240s])' }),
    );
    // A day plans 300 s, coarser than 1m: kept, and the rate max(300 + 60, 240).
    from = sim.requests.length;
    await sources()
      .stat('rate(pkts_down[$__rate_interval])', '1m')
      .fetch({ startMs: end - 86_400_000, endMs: end, points: 300 }, AbortSignal.timeout(30_000));
    expect(bodies(from, '/metrics/query-range')[0]).toEqual(
      expect.objectContaining({ step_seconds: 300, expression: 'rate(pkts_down[360s])' }),
    );
  });

  it("the dashboard's scrape (Grafana's data source timeInterval): 30s → [120s] at a 15 s step, not [60s]", async () => {
    const end = Date.now();
    const from = sim.requests.length;
    await sources({ ...d, scrape: '30s' })
      .chart('rate(pkts_down[$__rate_interval])')
      .fetch({ startMs: end - 3_600_000, endMs: end, columns: 300 }, AbortSignal.timeout(30_000));
    expect(bodies(from, '/metrics/query-range')[0]).toEqual(
      expect.objectContaining({ step_seconds: 15, expression: 'rate(pkts_down[120s])' }),
    );
  });

  it("a stat's instant value and sparkline share the sparkline's step", async () => {
    const end = Date.now();
    const from = sim.requests.length;
    await sources()
      .stat('sum(rate(pkts_down[$__rate_interval]))')
      .fetch({ startMs: end - 86_400_000, endMs: end, points: 300 }, AbortSignal.timeout(30_000));
    const [range] = bodies(from, '/metrics/query-range');
    const [instant] = bodies(from, '/metrics/query');
    expect(range?.step_seconds).toBe(300);
    expect(range?.expression).toBe('sum(rate(pkts_down[315s]))');
    expect(instant?.expression).toBe('sum(rate(pkts_down[315s]))');
  });
});
