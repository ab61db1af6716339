// The built-in dashboards against the simulators: each is a valid file, and every panel shows
// something there — each chart/stat expression (its variables substituted as the screen does)
// returns series through the telemetry client, each logs/histogram query finds records, each
// variable's label has values (the monitor and show lines: test/e2e/dash.test.ts).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TelemetryClient } from '../../../src/api/telemetry/client.js';
import { builtinDashboard, builtinDashboardNames } from '../../../src/features/dashboards/builtin.js';
import { type Chosen, interpolate } from '../../../src/features/dashboards/interpolate.js';
import type { Dashboard } from '../../../src/contract/dashboard.js';
import { parseDashboard } from '../../../src/features/dashboards/validate.js';
import { startTelemetrySim, type TelemetrySim } from '../../../sim/telemetry/index.js';

const HOUR = 3_600_000;
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

function load(name: string): Dashboard {
  const r = parseDashboard(builtinDashboard(name)!);
  if (!('dashboard' in r)) throw new Error(JSON.stringify(r.issues));
  expect(r.warnings).toEqual([]);
  return r.dashboard;
}

/** What a dashboard opens with: All where offered, else each variable's first value. */
function opening(d: Dashboard): Record<string, Chosen> {
  return Object.fromEntries(
    d.variables.map((v) => {
      const first = v.kind === 'list' || v.kind === 'interval' ? v.values.slice(0, 1) : [];
      return [v.name, v.includeAll ? { values: [], all: true } : { values: first, all: false }];
    }),
  );
}

describe.each(builtinDashboardNames())('the built-in dashboard %s', (name) => {
  it('is valid, with no warnings', () => {
    expect(load(name).panels.length).toBeGreaterThan(0);
  });

  it('every chart and stat expression returns series from the simulator', async () => {
    const d = load(name);
    const end = Date.now();
    const ctx = { variables: d.variables, chosen: opening(d), stepSeconds: 300, rangeSeconds: 6 * 3600 };
    const exprs = d.panels.flatMap((p) => (p.kind === 'chart' || p.kind === 'stat' ? [p.expr] : []));
    expect(exprs.length).toBeGreaterThan(0);
    for (const e of exprs) {
      const expression = interpolate(e, ctx);
      expect(expression, e).not.toMatch(/\$\w/);
      const range = await client.queryRange({ expression, start: end - 6 * HOUR, end, stepSeconds: 300 });
      expect(range.data.series.length, expression).toBeGreaterThan(0);
      const now = await client.query({ expression, time: end });
      expect(now.data.series.length, expression).toBeGreaterThan(0);
    }
  });

  it('every logs and histogram query finds records', async () => {
    const d = load(name);
    const end = Date.now();
    for (const p of d.panels) {
      if (p.kind === 'logs') {
        const r = await client.logsSearch({ query: p.query, start: end - 6 * HOUR, end, limit: 10 });
        expect(r.data.length, p.query).toBeGreaterThan(0);
      }
      if (p.kind === 'histogram') {
        const r = await client.logsHistogram({
          query: p.query,
          start: end - 6 * HOUR,
          end,
          stepSeconds: 600,
        });
        const total = r.data.flatMap((b) => b.values).reduce((a, b) => a + b, 0);
        expect(total, p.query).toBeGreaterThan(0);
      }
    }
  });

  it("every label variable's label has values among the series its selector matches", async () => {
    const d = load(name);
    const end = Date.now();
    for (const v of d.variables) {
      if (v.kind !== 'label') continue;
      const r = await client.labelValues({
        label: v.label,
        start: end - 6 * HOUR,
        end,
        ...(v.match ? { matchers: [v.match] } : {}),
      });
      expect(r.data.length, v.name).toBeGreaterThan(1);
    }
  });
});
