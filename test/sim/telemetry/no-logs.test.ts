// The simulator as a metrics-only deployment (`logs: false`): its capabilities list no logs
// provider, and the logs routes answer 503 provider_unavailable, as such an API would.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTelemetrySim, type TelemetrySim } from '../../../sim/telemetry/index.js';
import { get, post } from './helpers.js';

let sim: TelemetrySim;
beforeAll(async () => {
  sim = await startTelemetrySim({ logs: false });
});
afterAll(() => sim.close());

describe('a telemetry simulator without logs', () => {
  it('lists only the metrics provider', async () => {
    const a = await get(sim, 'capabilities');
    expect(a.json.data.providers.map((p: { provider: string }) => p.provider)).toEqual(['store_metrics']);
  });

  it('answers the logs routes 503 provider_unavailable, the metrics routes as ever', async () => {
    const s = await post(sim, 'logs/search', { query: '*' });
    expect([s.status, s.json.error.code]).toEqual([503, 'provider_unavailable']);
    const m = await post(sim, 'metrics/query', { expression: 'pkts_down' });
    expect(m.status).toBe(200);
  });
});
