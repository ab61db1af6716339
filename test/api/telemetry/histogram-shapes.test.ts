// logs/histogram in the shapes servers really answer, through the real client over HTTP:
// VictoriaLogs' `hits`, a server's `{ step_seconds, buckets: [{ timestamp, count, group }] }`
// (the hostile harness and the simulator's switch), and garbage, which must give no buckets
// and the "shape routersh does not know" warning, never a chart of zeros.
import { afterAll, afterEach, describe, expect, it } from 'vitest';
import { TelemetryClient } from '../../../src/api/telemetry/client.js';
import { UNKNOWN_HISTOGRAM } from '../../../src/api/telemetry/decode-histogram.js';
import { startTelemetrySim, type TelemetrySim } from '../../../sim/telemetry/index.js';
import { type HostileTelemetry, startHostileTelemetry } from '../../hostile/telemetry.js';

const KEY = 'tk_test_histogram_shapes';
const HOUR = 3_600_000;
const servers: Array<HostileTelemetry | TelemetrySim> = [];
const clients: TelemetryClient[] = [];
const client = (baseUrl: string, apiKey = KEY) => {
  const c = new TelemetryClient({ baseUrl, apiKey });
  clients.push(c);
  return c;
};
afterEach(async () => {
  await Promise.all(clients.splice(0).map((c) => c.close()));
});
afterAll(async () => {
  await Promise.all(servers.map((s) => s.close()));
});

const range = () => {
  const end = Date.now();
  return { query: '*', start: end - HOUR, end, stepSeconds: 60 };
};
const sum = (xs: number[]) => xs.reduce((a, b) => a + b, 0);

describe('hostile telemetry histogram shapes', () => {
  for (const shape of ['buckets', 'hits'] as const) {
    it(`decodes the ${shape} shape into non-zero buckets`, async () => {
      const t = await startHostileTelemetry({ histogram: shape });
      servers.push(t);
      const r = await client(t.url).logsHistogram(range());
      expect(r.shapeWarning).toBeUndefined();
      expect(r.data).toHaveLength(1);
      expect(r.data[0]?.fields).toEqual({ level: 'error' });
      expect(sum(r.data[0]!.values)).toBe(7);
      expect(r.data[0]?.total).toBe(7);
    });
  }

  it('gives no buckets and a one-line warning for a shape it does not know', async () => {
    const t = await startHostileTelemetry({ histogram: 'garbage' });
    servers.push(t);
    const r = await client(t.url).logsHistogram(range());
    expect(r.data).toEqual([]);
    expect(r.shapeWarning).toBe(UNKNOWN_HISTOGRAM);
    expect(r.raw.data).toEqual({ whatever: [1, 2, 3] });
  });
});

describe('telemetry simulator histogram switch', () => {
  it("answers in the buckets shape when asked, and the client draws the same counts as from 'hits'", async () => {
    const hits = await startTelemetrySim({ seed: 3 });
    const buckets = await startTelemetrySim({ seed: 3, histogram: 'buckets' });
    servers.push(hits, buckets);
    const p = { ...range(), groupBy: ['level'] };
    const a = await client(hits.url, hits.keys.demo).logsHistogram(p);
    const b = await client(buckets.url, buckets.keys.demo).logsHistogram(p);
    expect(a.raw.data).toHaveProperty('hits');
    expect(b.raw.data).toHaveProperty('buckets');
    expect((b.raw.data as { step_seconds: number }).step_seconds).toBe(60);
    expect(b.shapeWarning).toBeUndefined();
    const byGroup = (d: typeof a.data) =>
      Object.fromEntries(d.map((x) => [x.fields.level, { total: sum(x.values), values: x.values }]));
    expect(sum(b.data.flatMap((x) => x.values))).toBeGreaterThan(0);
    expect(byGroup(b.data)).toEqual(byGroup(a.data));
  });
});
