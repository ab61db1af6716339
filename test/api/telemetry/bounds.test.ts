// Server numbers that size timers, loops and arrays are bounded: limits clamped with a note,
// step searches capped, histogram grids not stretched by a far timestamp, log pages cut to the
// limit asked for, JSON depth refused before anything recurses over it. Against real servers.
// The sizes that need seconds (200,000 providers, past an argument spread's limit; 300,000-record
// pages) run in the bench (bench/size-bench.ts, `npm run bench -- size`); here, the logic.
import { afterEach, describe, expect, it } from 'vitest';
import { decodeCapabilities } from '../../../src/api/telemetry/capabilities.js';
import { TelemetryClient } from '../../../src/api/telemetry/client.js';
import { decodeHistogram } from '../../../src/api/telemetry/decode-histogram.js';
import { checkBuckets, checkPoints } from '../../../src/api/telemetry/limits.js';
import { chooseStep, MAX_STEP_TRIES } from '../../../src/api/telemetry/step.js';
import { MAX_TIMER_MS, timerDelay } from '../../../src/http/transport.js';
import { type HostileTelemetry, startHostileTelemetry } from '../../hostile/telemetry.js';

let servers: HostileTelemetry[] = [];
let clients: TelemetryClient[] = [];
afterEach(async () => {
  await Promise.all(clients.map((c) => c.close()));
  await Promise.all(servers.map((s) => s.close()));
  servers = [];
  clients = [];
});

async function connect(modes: Parameters<typeof startHostileTelemetry>[0]) {
  const t = await startHostileTelemetry(modes);
  servers.push(t);
  const c = new TelemetryClient({ baseUrl: t.url, apiKey: 'k-0123456789' });
  clients.push(c);
  return { t, c };
}

describe('capabilities limits', () => {
  it('clamps each limit to a sane range, with a note naming the wire field', () => {
    const caps = decodeCapabilities(
      { providers: [] },
      {
        limits: {
          global: { route_deadline_seconds: 1e10, request_body_bytes: 1e300 },
          metrics: { points_per_series: 0.5, total_points: 1e12, range_days: 1e9 },
        },
      },
    );
    expect(caps.limits).toMatchObject({
      routeDeadlineSeconds: 600,
      requestBodyBytes: 64 * 1024 * 1024,
      pointsPerSeries: 2,
      totalPoints: 10_000_000,
      rangeDays: 36_525,
    });
    expect(caps.notes).toContain(
      "the server's route_deadline_seconds of 10000000000 is out of range; using 600",
    );
    expect(caps.notes).toHaveLength(5);
  });

  it('takes the smallest limit of 2,000 providers', () => {
    const providers = Array.from({ length: 2_000 }, (_, i) => ({
      provider: 'store_metrics',
      operations: ['query-range'],
      limits: { series: 1000 - (i % 7) },
    }));
    expect(decodeCapabilities({ providers }, {}).limits.series).toBe(994);
  });

  it('a 1e10 s route deadline still lets a query through, the clamp noted once', async () => {
    const { c } = await connect({ deadlineSeconds: 1e10 });
    const first = await c.query({ expression: 'up' });
    expect(first.data.series).toHaveLength(1);
    expect(first.notices?.[0]).toMatch(/route_deadline_seconds of 10000000000 is out of range; using 600/);
    expect((await c.query({ expression: 'up' })).notices).toBeUndefined();
  });

  it('a limit of half a point per series no longer loops forever', () => {
    const limits = decodeCapabilities({}, { limits: { metrics: { points_per_series: 0.5 } } }).limits;
    expect(() => checkPoints(0, 86_400_000, 1, limits)).toThrow(/points per series is over the limit of 2/);
    expect(() => checkBuckets(0, 86_400_000, 1, limits)).toThrow(/buckets is over the limit of 2/);
  });
});

describe('loops over steps have a bound of their own', () => {
  it('chooseStep returns within MAX_STEP_TRIES even for limits no step can meet', () => {
    const limits = { pointsPerSeries: 1, totalPoints: 1 }; // below the clamp: only a direct caller can do this
    // Unbounded, the loop would not end: the test's timeout is the check.
    const c = chooseStep({ startMs: -1e15, endMs: 1e15, columns: 1, limits });
    expect(c.stepSeconds).toBeGreaterThan(0);
    expect(MAX_STEP_TRIES).toBeLessThanOrEqual(2000);
  });
});

describe('timers', () => {
  it('never get a delay setTimeout would turn into 1 ms', () => {
    expect(timerDelay(1e13)).toBe(MAX_TIMER_MS);
    expect(timerDelay(Number.POSITIVE_INFINITY)).toBe(MAX_TIMER_MS);
    expect(timerDelay(Number.NaN)).toBe(MAX_TIMER_MS);
    expect(timerDelay(0)).toBe(1);
    expect(timerDelay(5000)).toBe(5000);
  });
});

describe('server-sized answers', () => {
  it('a 3,000-record page is cut to the limit asked for, with a warning', async () => {
    const { c } = await connect({ hugePage: 3_000 });
    const res = await c.logsSearch({ query: '*', limit: 10 });
    expect(res.data).toHaveLength(10);
    expect(res.shapeWarning).toMatch(
      /the server sent 3,000 records for a limit of 10; the last 2,990 were dropped/,
    );
  });

  it('without a limit, the page is cut to search_default', async () => {
    const { c } = await connect({ hugePage: 3_000 });
    expect((await c.logsSearch({ query: '*' })).data).toHaveLength(200);
  });

  it('a histogram point from the year 1 does not stretch the grid to millions of buckets', () => {
    const start = Date.parse('2026-01-01T00:00:00Z');
    const d = decodeHistogram(
      {
        buckets: [
          { timestamp: '0001-01-01T00:00:00Z', count: 1 },
          { timestamp: '2026-01-01T00:01:00Z', count: 2 },
        ],
      },
      { startMs: start, endMs: start + 3_600_000, stepSeconds: 60 },
    );
    expect(d.value[0]?.timestamps).toHaveLength(60);
    expect(d.value[0]?.values[1]).toBe(2);
    expect(d.warning).toMatch(/points far outside the asked range were dropped/);
  });

  it('JSON nested 100,000 deep is refused as malformed, one line', async () => {
    // The harness has no mode for this: a node:http server answers the raw body.
    const { createServer } = await import('node:http');
    const deep = `{"data":${'['.repeat(100_000)}${']'.repeat(100_000)},"meta":{}}`;
    const srv = createServer((_req, res) => {
      res.writeHead(200, { 'content-type': 'application/json' });
      res.end(_req.url?.endsWith('capabilities') ? '{"data":{"providers":[]},"meta":{}}' : deep);
    });
    await new Promise<void>((r) => srv.listen(0, '127.0.0.1', r));
    const port = (srv.address() as { port: number }).port;
    const deepClient = new TelemetryClient({ baseUrl: `http://127.0.0.1:${port}`, apiKey: 'k-0123456789' });
    clients.push(deepClient);
    try {
      await expect(deepClient.query({ expression: 'up' })).rejects.toThrow(
        /JSON nested deeper than 512 levels/,
      );
    } finally {
      await new Promise<void>((r) => srv.close(() => r()));
    }
  });
});
