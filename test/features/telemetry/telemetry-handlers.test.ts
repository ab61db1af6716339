// Telemetry handlers against the telemetry simulator (a real node:http server on 127.0.0.1):
// the values the grammar reads reach the API as numbers (step 5m = 300 s, bare 300 too).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TelemetryClient } from '../../../src/api/telemetry/client.js';
import type { Services } from '../../../src/contract/services.js';
import { runLine } from '../../../src/run/runner.js';
import { ManualClock } from '../../../sim/clock.js';
import { startTelemetrySim, type TelemetrySim } from '../../../sim/telemetry/index.js';
import { telemetryOnlyDeps } from '../../helpers/expr-rig.js';

let sim: TelemetrySim;
let client: TelemetryClient;
const signal = new AbortController().signal;

beforeAll(async () => {
  sim = await startTelemetrySim({ clock: new ManualClock(), seed: 7 });
  client = new TelemetryClient({ baseUrl: sim.url, apiKey: sim.keys.demo, now: () => sim.clock.now() });
});
afterAll(async () => {
  await client.close();
  await sim.close();
});

function deps(): Services {
  return telemetryOnlyDeps(client, { now: () => sim.clock.now() });
}

const lastBody = (suffix: string) =>
  JSON.parse(sim.requests.filter((r) => r.url.includes(suffix)).at(-1)?.body ?? '{}') as Record<
    string,
    unknown
  >;

describe('telemetry handlers', () => {
  it.each([
    ['step 5m', 300],
    ['step 300', 300],
    ['step 1m30s', 90],
  ])('metrics range … %s sends step_seconds %i', async (step, seconds) => {
    const r = await runLine(`metrics range pkts_down since 6h ${step}`, { context: [] }, deps(), signal);
    expect(r.kind, JSON.stringify(r)).toBe('text');
    expect(lastBody('query-range').step_seconds).toBe(seconds);
  });

  it('logs histogram … step 10m sends 600 s buckets; from alone ends now', async () => {
    const r = await runLine('logs histogram "*" since 6h step 10m', { context: [] }, deps(), signal);
    expect(r.kind, JSON.stringify(r)).toBe('text');
    expect(lastBody('histogram').step_seconds).toBe(600);
    const f = await runLine('metrics range pkts_down from now-2h step 1m', { context: [] }, deps(), signal);
    expect(f.kind, JSON.stringify(f)).toBe('text');
    const body = lastBody('query-range');
    expect(Date.parse(String(body.end)) - Date.parse(String(body.start))).toBeGreaterThanOrEqual(
      2 * 3_600_000,
    );
  });

  it('from after to is an argument error (exit 1), nothing sent', async () => {
    sim.requests.length = 0;
    const r = await runLine('metrics range pkts_down from now to now-1h', { context: [] }, deps(), signal);
    expect(r.kind === 'error' && [r.error.code, r.error.message]).toEqual([
      'argument',
      "'from' must be before 'to'",
    ]);
    expect(sim.requests.filter((q) => q.url.includes('query-range'))).toEqual([]);
  });
});
