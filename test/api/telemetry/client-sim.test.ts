// The client against the telemetry simulator (a real node:http server on 127.0.0.1): decoding,
// local limits, retries through fault injection, scopes and keys.
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { alignSeries } from '../../../src/api/telemetry/align.js';
import { TelemetryClient, type TelemetryClientConfig } from '../../../src/api/telemetry/client.js';
import { chooseStep } from '../../../src/api/telemetry/step.js';
import { isRoutershError, type RoutershError } from '../../../src/errors.js';
import { ManualClock } from '../../../sim/clock.js';
import { startTelemetrySim, type TelemetrySim } from '../../../sim/telemetry/index.js';
import { exitStatusOf } from '../../../src/exit-status.js';

const MIN = 60_000;
const HOUR = 3_600_000;
const DAY = 86_400_000;

let sim: TelemetrySim;
let T0: number;
const clients: TelemetryClient[] = [];

beforeAll(async () => {
  sim = await startTelemetrySim({ clock: new ManualClock(), seed: 7 });
  T0 = sim.clock.now();
});
afterAll(async () => {
  await Promise.all(clients.map((c) => c.close()));
  await sim.close();
});
beforeEach(() => {
  sim.faults.clear();
  sim.requests.length = 0;
});

interface Harness {
  c: TelemetryClient;
  waits: number[];
  retries: Array<{ attempt: number; status: number; waitMs: number }>;
}

/** A client whose waits are recorded and end at once; capabilities already fetched. */
async function harness(
  extra: Partial<TelemetryClientConfig> = {},
  key = sim.keys.demo,
  realSleep = false,
): Promise<Harness> {
  const waits: number[] = [];
  const retries: Harness['retries'] = [];
  const config: TelemetryClientConfig = {
    baseUrl: sim.url,
    apiKey: key,
    random: () => 0.5,
    now: () => sim.clock.now(),
    sleep: async (ms) => {
      waits.push(ms);
    },
    onRetry: (i) => retries.push(i),
    ...extra,
  };
  if (realSleep) delete config.sleep;
  const c = new TelemetryClient(config);
  clients.push(c);
  if (key === sim.keys.demo) await c.capabilities();
  sim.requests.length = 0;
  return { c, waits, retries };
}

const sent = (suffix: string) => sim.requests.filter((r) => r.url.endsWith(suffix));

async function failure(p: Promise<unknown>): Promise<RoutershError> {
  try {
    await p;
  } catch (e) {
    if (isRoutershError(e)) return e;
    throw e;
  }
  throw new Error('expected a failure');
}

describe('capabilities', () => {
  it('are fetched once and give the effective limits', async () => {
    const c = new TelemetryClient({ baseUrl: sim.url, apiKey: sim.keys.demo });
    clients.push(c);
    const [a, b] = await Promise.all([c.capabilities(), c.capabilities()]);
    await c.capabilities();
    expect(a).toBe(b);
    expect(sent('/api/v1/capabilities')).toHaveLength(1);
    expect(a.limits).toMatchObject({
      requestBodyBytes: 65536,
      routeDeadlineSeconds: 20,
      rangeDays: 31,
      searchMax: 1000,
    });
    expect(a.dataAvailableFrom).toBe(Math.floor((T0 - 30 * DAY) / MIN) * MIN);
    expect(a.providers.map((p) => p.provider)).toEqual(['store_metrics', 'store_logs']);
  });
});

describe('metrics', () => {
  it('discovers names, labels and label values', async () => {
    const { c } = await harness();
    const names = await c.names({ start: T0 - HOUR, end: T0 });
    expect(names.data).toContain('cpu_usage_percent');
    expect(names.shapeWarning).toBeUndefined();
    expect(names.raw.data).toEqual({ values: names.data });
    const labels = await c.labels({ start: T0 - HOUR, end: T0, matchers: ['pkts_down'] });
    expect(labels.data).toEqual(expect.arrayContaining(['__name__', 'customer_id', 'prefix']));
    const grp = await c.labelValues({ label: 'grp', start: T0 - HOUR, end: T0, limit: 1 });
    expect(grp.data).toHaveLength(1);
    const matched = await c.names({ start: T0 - HOUR, end: T0, match: '{__name__=~"cpu.*"}' });
    expect(matched.data).toEqual(['cpu_usage_percent']);
    const body = JSON.parse(sim.requests.at(-1)?.body ?? '{}');
    expect(body).toMatchObject({ label: '__name__', matchers: ['{__name__=~"cpu.*"}'] });
  });

  it('runs instant and range queries and aligns series by timestamp', async () => {
    const { c } = await harness();
    const v = await c.query({ expression: 'cpu_usage_percent', time: T0 });
    expect(v.data.resultType).toBe('vector');
    expect(v.data.series.length).toBeGreaterThan(0);
    const first = v.data.series[0];
    expect(typeof first?.samples[0]?.raw).toBe('string');
    expect(v.meta.source).toBe('store_metrics');
    expect(v.meta.requestId).toMatch(/^req_/);

    const caps = await c.capabilities();
    const step = chooseStep({ startMs: T0 - HOUR, endMs: T0, columns: 60, limits: caps.limits });
    const r = await c.queryRange({
      expression: 'cpu_usage_percent',
      start: step.startMs,
      end: step.endMs,
      stepSeconds: step.stepSeconds,
    });
    expect(r.data.resultType).toBe('matrix');
    const a = alignSeries(r.data.series);
    expect(a.timestamps.length).toBeLessThanOrEqual(61);
    expect(a.columns).toHaveLength(r.data.series.length);
    expect(a.timestamps.every((t) => t % (step.stepSeconds * 1000) === 0)).toBe(true);
    const wire = JSON.parse(sent('/metrics/query-range')[0]?.body ?? '{}');
    expect(wire).toEqual({
      expression: 'cpu_usage_percent',
      start: new Date(step.startMs).toISOString(),
      end: new Date(step.endMs).toISOString(),
      step_seconds: step.stepSeconds,
    });
  });

  it('clamps a start before data_available_from, on the step grid, and says so', async () => {
    const { c } = await harness();
    const caps = await c.capabilities();
    const from = caps.dataAvailableFrom as number;
    const r = await c.queryRange({
      expression: 'sessions_active',
      start: from - 2 * DAY,
      end: from + HOUR,
      stepSeconds: 300,
    });
    expect(r.notices?.[0]).toMatch(/^start moved from .* metrics are available from/);
    const wire = JSON.parse(sent('/metrics/query-range')[0]?.body ?? '{}');
    expect(Date.parse(wire.start)).toBe(Math.ceil(from / 300_000) * 300_000);
  });

  it('passes a server 422 through as a telemetry error, not retried', async () => {
    const { c } = await harness();
    const e = await failure(c.query({ expression: 'rate(pkts_down[40d])' }));
    expect(e.code).toBe('telemetry');
    expect(exitStatusOf(e)).toBe(1);
    expect(e.details.status).toBe(422);
    expect(e.message).toMatch(/^range_too_large: .* \(request_id req_[0-9a-f]+\)$/);
    expect(sent('/metrics/query')).toHaveLength(1);
  });
});

describe('logs', () => {
  it('searches newest first with pagination', async () => {
    const { c } = await harness();
    const p1 = await c.logsSearch({ query: '*', start: T0 - HOUR, end: T0, limit: 3 });
    expect(p1.data).toHaveLength(3);
    expect(p1.meta.pagination).toEqual({ offset: 0, limit: 3, nextOffset: 3 });
    const times = p1.data.map((r) => Date.parse(r._time));
    expect([...times].sort((a, b) => b - a)).toEqual(times);
    const p2 = await c.logsSearch({ query: '*', start: T0 - HOUR, end: T0, limit: 3, offset: 3 });
    expect(Date.parse(p2.data[0]?._time ?? '')).toBeLessThanOrEqual(times[2] ?? 0);
    expect(p1.raw.meta).toMatchObject({ pagination: { offset: 0, limit: 3, next_offset: 3 } });
  });

  it('zero-fills the histogram over [start, end)', async () => {
    const { c } = await harness();
    const start = T0 - HOUR;
    const r = await c.logsHistogram({ query: '*', start, end: T0, stepSeconds: 60, groupBy: ['level'] });
    expect(r.shapeWarning).toBeUndefined();
    expect(r.data.length).toBeGreaterThan(0);
    for (const b of r.data) {
      expect(b.timestamps).toHaveLength(60);
      expect(b.timestamps[0]).toBe(start);
      expect(b.values.reduce((x, y) => x + y, 0)).toBe(b.total);
      expect(Object.keys(b.fields)).toEqual(['level']);
    }
    const raw = r.raw.data as { hits: Array<{ timestamps: string[] }> };
    expect(raw.hits[0]?.timestamps.length).toBeLessThanOrEqual(60);
  });

  it('decodes facets, fields and field values', async () => {
    const { c } = await harness();
    const f = await c.facets({ query: '*', limitPerField: 2 });
    expect(f.shapeWarning).toBeUndefined();
    const level = f.data.find((x) => x.field === 'level');
    expect(level?.values.length).toBeGreaterThan(0);
    expect(level?.values[0]?.hits).toBeGreaterThan(0);
    const fields = await c.fields({ filter: 'lev' });
    expect(fields.data.map((x) => x.value)).toEqual(['level']);
    const values = await c.fieldValues({ field: 'level', limit: 5 });
    expect(values.data.length).toBeGreaterThan(0);
    expect(values.shapeWarning).toBeUndefined();
  });
});

describe('local limits: refused with nothing sent', () => {
  it('refuses out-of-limit requests before sending', async () => {
    const { c } = await harness();
    const cases: Array<[string, Promise<unknown>]> = [
      [
        'range',
        c.queryRange({ expression: 'x', start: T0 - 29 * DAY, end: T0 + 3 * DAY, stepSeconds: 3600 }),
      ],
      ['points', c.queryRange({ expression: 'x', start: T0 - DAY, end: T0, stepSeconds: 1 })],
      ['body', c.query({ expression: `x{a="${'y'.repeat(70_000)}"}` })],
      ['search limit', c.logsSearch({ query: '*', limit: 1001 })],
      ['search offset', c.logsSearch({ query: '*', offset: 10_001 })],
      ['discovery 0', c.names({ start: T0 - HOUR, end: T0, limit: 0 })],
      ['discovery 1001', c.labels({ start: T0 - HOUR, end: T0, limit: 1001 })],
      ['facets', c.facets({ limitPerField: 1001 })],
      ['before data', c.query({ expression: 'x', time: T0 - 40 * DAY })],
    ];
    for (const [name, p] of cases) {
      const e = await failure(p);
      expect([name, e.code, exitStatusOf(e)]).toEqual([name, 'limit', 1]);
    }
    expect(sim.requests).toEqual([]);
  });
});

describe('retries (fault injection)', () => {
  it('waits Retry-After plus jitter on 429 and succeeds', async () => {
    const { c, waits, retries } = await harness();
    sim.faults.set({ status: { code: 429, count: 2, headers: { 'retry-after': '1' } } });
    const r = await c.names({ start: T0 - HOUR, end: T0 });
    expect(r.data.length).toBeGreaterThan(0);
    expect(waits).toEqual([1500, 1500]);
    expect(retries.map((x) => [x.attempt, x.status])).toEqual([
      [1, 429],
      [2, 429],
    ]);
    expect(sent('/metrics/names')).toHaveLength(3);
  });

  it('stops after the bounded number of 429 retries', async () => {
    const { c, waits } = await harness({ maxRetries: { throttled: 2, unavailable: 3, deadline: 1 } });
    sim.faults.set({ status: { code: 429, count: 10 } });
    const e = await failure(c.query({ expression: 'up' }));
    expect(e.message).toMatch(/^rate_limited: too many requests; gave up after 2 retries \(request_id/);
    expect(waits).toHaveLength(2);
    expect(sent('/metrics/query')).toHaveLength(3);
  });

  it('backs off 502/503 exponentially with full jitter, bounded', async () => {
    const { c, waits } = await harness({ random: () => 0.999 });
    sim.faults.set({ status: { code: 503, count: 10 } });
    const e = await failure(c.logsSearch({ query: '*' }));
    expect(e.details).toMatchObject({ status: 503, code: 'service_unavailable', retries: 3 });
    expect(waits).toEqual([499, 999, 1998]);
    expect(sent('/logs/search')).toHaveLength(4);
    sim.requests.length = 0;
    sim.faults.set({ status: { code: 502, count: 1 } });
    expect((await c.logsSearch({ query: '*', limit: 1 })).data).toHaveLength(1);
    expect(sent('/logs/search')).toHaveLength(2);
  });

  it('retries 504 exactly once', async () => {
    const { c, waits } = await harness();
    sim.faults.set({ status: { code: 504, count: 5 } });
    const e = await failure(c.query({ expression: 'up' }));
    expect(e.details.status).toBe(504);
    expect(waits).toHaveLength(1);
    expect(sent('/metrics/query')).toHaveLength(2);
  });

  it('never retries 400, 401, 403, 413, 422', async () => {
    const { c, waits } = await harness();
    for (const code of [400, 401, 403, 413, 422]) {
      sim.requests.length = 0;
      sim.faults.set({ status: { code, count: 5 } });
      const e = await failure(c.query({ expression: 'up' }));
      expect([code, e.details.status, exitStatusOf(e)]).toEqual([code, code, code === 401 ? 3 : 1]);
      expect(sent('/metrics/query')).toHaveLength(1);
    }
    expect(waits).toEqual([]);
  });

  it('cancels during a retry wait (real sleep), sending nothing more', async () => {
    const ctrl = new AbortController();
    const { c } = await harness({ onRetry: () => setTimeout(() => ctrl.abort(), 20) }, sim.keys.demo, true);
    sim.faults.set({ status: { code: 429, count: 5, headers: { 'retry-after': '20' } } });
    const e = await failure(c.query({ expression: 'up' }, ctrl.signal));
    expect(e.code).toBe('cancelled');
    expect(sent('/metrics/query')).toHaveLength(1);
  });

  it('reports garbage as a protocol error and a hang as a timeout', async () => {
    const { c } = await harness({ timeoutMs: 200 });
    sim.faults.set({ malformed: 1 });
    expect((await failure(c.query({ expression: 'up' }))).code).toBe('protocol');
    sim.faults.set({ hang: 1 });
    expect((await failure(c.query({ expression: 'up' }))).code).toBe('timeout');
  });
});

describe('keys and scopes', () => {
  it('an expired key could not authenticate (exit 3), once, without the key anywhere', async () => {
    const { c } = await harness({}, sim.keys.expired);
    const e = await failure(c.capabilities());
    expect(exitStatusOf(e)).toBe(3);
    expect(e.message).toMatch(/^invalid_api_key: could not authenticate .*expired \(request_id req_/);
    expect(JSON.stringify(e.toJSON()) + e.message).not.toContain(sim.keys.expired);
    expect(sim.requests).toHaveLength(1);
  });

  it('a metrics-only key gets a 403 on logs, not retried', async () => {
    const { c } = await harness({}, sim.keys.metricsOnly);
    const e = await failure(c.logsSearch({ query: '*' }));
    expect(e.details).toMatchObject({ status: 403, code: 'insufficient_scope' });
    expect(exitStatusOf(e)).toBe(1);
    expect(sent('/logs/search')).toHaveLength(1);
  });

  it('sends the key only in X-API-Key, never in a URL', async () => {
    const { c } = await harness();
    await c.labels({ start: T0 - HOUR, end: T0 });
    await c.openapi();
    expect(sim.requests.length).toBeGreaterThan(1);
    for (const r of sim.requests) {
      expect(r.headers['x-api-key']).toBe(sim.keys.demo);
      expect(r.url).not.toContain(sim.keys.demo);
      expect(r.body).not.toContain(sim.keys.demo);
    }
  });
});
