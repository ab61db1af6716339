// Big range answers (a chart of hundreds of series): decoded in slices between turns of the
// event loop, to the same result as the one-piece decoder; and the fast path of parseTime
// agrees with the general one.
import { afterEach, describe, expect, it } from 'vitest';
import { TelemetryClient } from '../../../src/api/telemetry/client.js';
import { DECODE_SLICE, decodeMetrics, decodeMetricsYielding } from '../../../src/api/telemetry/decode.js';
import { nestedDeeperThanYielding } from '../../../src/api/telemetry/depth-yielding.js';
import { parseTime } from '../../../src/api/telemetry/time.js';
import { capabilitiesBody, type Fixture, json, startFixture } from './fixture-server.js';

const T0 = Date.parse('2026-11-22T00:00:00Z');
const nanos = (ms: number) => new Date(ms).toISOString().replace('Z', '000000Z');

function matrix(series: number, points: number): unknown {
  return {
    result_type: 'matrix',
    series: Array.from({ length: series }, (_, s) => ({
      labels: { __name__: 'pkts_down', customer_id: `c${s}` },
      samples: Array.from({ length: points }, (_, i) => ({
        timestamp: nanos(T0 + i * 60_000),
        value: i === 3 ? 'NaN' : String(s * 1000 + i),
      })),
    })),
  };
}

let fixture: Fixture | undefined;
afterEach(async () => {
  await fixture?.close();
  fixture = undefined;
});

describe('big range answers', () => {
  it('decode in slices to what the one-piece decoder makes', async () => {
    const data = matrix(300, 100);
    let turns = 0;
    const sliced = await decodeMetricsYielding(data, 'matrix', async () => {
      turns++;
    });
    expect(sliced).toEqual(decodeMetrics(data, 'matrix'));
    expect(turns).toBeGreaterThanOrEqual(Math.floor((300 * 100) / DECODE_SLICE) - 1);
  });

  it('keep the shape warnings of the one-piece decoder', async () => {
    const data = {
      result_type: 'bogus',
      series: [{ labels: {}, samples: [{ timestamp: 'x', value: '1' }] }, 3],
    };
    const sliced = await decodeMetricsYielding(data, 'matrix');
    expect(sliced).toEqual(decodeMetrics(data, 'matrix'));
    expect(sliced.warning).toContain('unexpected result_type');
    expect(sliced.warning).toContain('not RFC 3339');
  });

  it('check the depth in slices, and still refuse a body nested too deep', async () => {
    let deep: unknown = 1;
    for (let i = 0; i < 600; i++) deep = [deep];
    expect(await nestedDeeperThanYielding(deep)).toBe(true);
    let turns = 0;
    const wide = matrix(400, 100);
    expect(await nestedDeeperThanYielding(wide, 512, async () => void turns++)).toBe(false);
    expect(turns).toBeGreaterThan(0);
  });

  it('reach the chart through the client as the one-piece decoder reads them', async () => {
    const data = matrix(400, 60); // ~2.5 MB: over the size decoded in slices
    fixture = await startFixture((req, res) => {
      if (req.url.endsWith('/capabilities')) return json(res, 200, capabilitiesBody());
      json(res, 200, { data, meta: { request_id: 'r', source: 'store_metrics' } });
    });
    const client = new TelemetryClient({
      baseUrl: fixture.url,
      apiKey: 'k'.repeat(24),
      sleep: async () => {},
    });
    const res = await client.queryRange({ expression: 'x', start: T0, end: T0 + 3_600_000, stepSeconds: 60 });
    await client.close();
    expect(res.data).toEqual(decodeMetrics(data, 'matrix').value);
    expect(res.shapeWarning).toBeUndefined();
  });
});

describe('parseTime', () => {
  it('reads the servers’ form and every other RFC 3339 form alike', () => {
    expect(parseTime('2026-11-22T00:00:00Z')).toBe(T0);
    expect(parseTime('2026-11-22T00:00:00.5Z')).toBe(T0 + 500);
    expect(parseTime('2026-11-22T00:00:00.123456789Z')).toBe(T0 + 123);
    expect(parseTime('2026-11-22t00:00:00z')).toBe(T0);
    expect(parseTime('2026-11-22T02:00:00+02:00')).toBe(T0);
    expect(parseTime('2024-02-29T00:00:00Z')).toBe(Date.UTC(2024, 1, 29));
    for (const bad of [
      '2026-13-01T00:00:00Z',
      '2026-01-00T00:00:00Z',
      '2026-01-01T00:00:60Z',
      '2026-01-01T00:00:00.Z',
      '2026-01-01T00:00:0aZ',
      '2026-01-01',
    ])
      expect(parseTime(bad)).toBeUndefined();
  });
});
