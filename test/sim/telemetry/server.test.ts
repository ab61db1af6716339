import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ManualClock } from '../../../sim/clock.js';
import type { TelemetrySim } from '../../../sim/telemetry/index.js';
import { startTelemetrySim } from '../../../sim/telemetry/index.js';
import { DAY, get, HOUR, iso, NOW, post, startSim } from './helpers.js';

let sim: TelemetrySim;
let clock: ManualClock;
beforeAll(async () => {
  ({ sim, clock } = await startSim());
});
afterAll(() => sim.close());

const range = { start: iso(NOW - HOUR), end: iso(NOW) };

describe('envelope and headers', () => {
  it('answers capabilities with providers, limits and no-store', async () => {
    const a = await get(sim, 'capabilities');
    expect(a.status).toBe(200);
    expect(a.headers.get('cache-control')).toBe('no-store');
    expect(a.headers.get('content-type')).toMatch(/application\/json/);
    const { data, meta } = a.json;
    expect(meta.source).toBe('stats_api');
    expect(meta.request_id).toMatch(/^req_/);
    expect(meta.limits).toEqual({
      global: { request_body_bytes: 65536, route_deadline_seconds: 20 },
      metrics: { range_days: 31, series: 1000, total_points: 100000 },
    });
    expect(meta.data_available_from).toBe('2026-10-23T12:00:00.000000000Z');
    const m = data.providers.find((p: { provider: string }) => p.provider === 'store_metrics');
    expect(m.operations).toEqual(['query', 'query-range', 'names', 'labels', 'label-values']);
    expect(m.limits).toEqual({
      range_days: 31,
      series: 1000,
      points_per_series: 11000,
      total_points: 100000,
    });
    expect(m.data_available_from).toBe(meta.data_available_from);
    const l = data.providers.find((p: { provider: string }) => p.provider === 'store_logs');
    expect(l.limits).toEqual({ search_default: 200, search_max: 1000, search_offset_max: 10000 });
  });

  it('gives every response a unique request id and no-store, errors included', async () => {
    const a = await get(sim, 'capabilities');
    const b = await get(sim, 'capabilities');
    const c = await post(sim, 'metrics/query', { expression: 'sum(' });
    expect(a.json.meta.request_id).not.toBe(b.json.meta.request_id);
    expect(c.status).toBe(400);
    expect(c.headers.get('cache-control')).toBe('no-store');
    expect(c.json.error).toMatchObject({ code: 'invalid_query', details: {} });
    expect(c.json.error.request_id).toMatch(/^req_/);
  });

  it('serves the OpenAPI description, the client guide and the docs page', async () => {
    const y = await get(sim, 'openapi.yaml');
    expect(y.status).toBe(200);
    expect(y.text).toMatch(/^openapi: 3\.0\.3/);
    for (const p of ['/metrics/query-range:', '/logs/search:', '/logs/field-values:', 'X-API-Key']) {
      expect(y.text).toContain(p);
    }
    expect((await get(sim, 'client-guide.md')).text).toContain('X-API-Key');
    const d = await get(sim, 'docs');
    expect(d.headers.get('content-type')).toMatch(/text\/html/);
    expect(d.headers.get('cache-control')).toBe('no-store');
  });

  it('answers 404 for unknown paths and 405 for the wrong method', async () => {
    expect((await get(sim, 'nope')).status).toBe(404);
    expect((await get(sim, 'metrics/query')).status).toBe(405);
    const a = await post(sim, 'capabilities', {});
    expect(a.status).toBe(405);
    expect(a.json.error.code).toBe('method_not_allowed');
  });
});

describe('authentication', () => {
  it('rejects a missing, unknown or expired key with 401 invalid_api_key', async () => {
    for (const key of [null, 'tk_nope', sim.keys.expired]) {
      const a = await post(sim, 'metrics/names', range, key);
      expect(a.status).toBe(401);
      expect(a.json.error.code).toBe('invalid_api_key');
      expect(a.text).not.toContain(sim.keys.expired);
    }
    expect((await get(sim, 'capabilities', null)).status).toBe(401);
  });

  it('ignores a key in the URL', async () => {
    const r = await fetch(`${sim.url}/api/v1/capabilities?api_key=${sim.keys.demo}`);
    expect(r.status).toBe(401);
  });

  it('expires keys by the injected clock', async () => {
    const { sim: s, clock: c } = await startSim();
    try {
      expect((await get(s, 'capabilities')).status).toBe(200);
      c.advance(400 * DAY);
      expect((await get(s, 'capabilities')).status).toBe(401);
    } finally {
      await s.close();
    }
  });

  it('answers 403 naming the scope a key lacks', async () => {
    const a = await post(sim, 'logs/search', {}, sim.keys.metricsOnly);
    expect(a.status).toBe(403);
    expect(a.json.error.code).toBe('insufficient_scope');
    expect(a.json.error.message).toContain('logs:read');
    const b = await post(sim, 'metrics/query', { expression: 'pkts_down' }, sim.keys.logsOnly);
    expect(b.status).toBe(403);
    expect(b.json.error.message).toContain('metrics:read');
    expect((await post(sim, 'metrics/names', range, sim.keys.metricsOnly)).status).toBe(200);
    expect((await post(sim, 'logs/search', {}, sim.keys.logsOnly)).status).toBe(200);
  });

  it('keeps organizations apart and never returns organization_id', async () => {
    const one = await post(sim, 'metrics/label-values', { label: 'customer_id', ...range });
    const two = await post(
      sim,
      'metrics/label-values',
      { label: 'customer_id', ...range },
      sim.keys.otherOrg,
    );
    expect(one.json.data.values).toHaveLength(24);
    expect(two.json.data.values).toHaveLength(8);
    expect(one.json.data.values.filter((v: string) => two.json.data.values.includes(v))).toEqual([]);
    const logs1 = await post(sim, 'logs/search', { limit: 1000 });
    const logs2 = await post(sim, 'logs/search', { limit: 1000 }, sim.keys.otherOrg);
    const hosts = (a: typeof logs1) => new Set(a.json.data.records.map((r: { host: string }) => r.host));
    expect([...hosts(logs1)].sort()).toEqual(['bras-1', 'bras-2']);
    expect([...hosts(logs2)]).toEqual(['edge-1']);
    for (const a of [one, two, logs1, logs2, await post(sim, 'metrics/query', { expression: 'pkts_down' })]) {
      expect(a.text).not.toContain('organization_id');
    }
    const labels = await post(sim, 'metrics/labels', range);
    expect(labels.json.data.values).not.toContain('organization_id');
  });
});

describe('request validation', () => {
  it('rejects unknown fields, naming them', async () => {
    const a = await post(sim, 'metrics/query', { expression: 'pkts_down', org: 2 });
    expect(a.status).toBe(400);
    expect(a.json.error.message).toContain('"org"');
    expect(a.json.error.details.field).toBe('org');
    expect((await post(sim, 'logs/search', { organization_id: 2 })).status).toBe(400);
    expect((await post(sim, 'metrics/names', { ...range, matchers: ['x'] })).status).toBe(400);
  });

  it('rejects bad JSON, wrong types, missing fields and bad timestamps', async () => {
    expect((await post(sim, 'metrics/query', '{"expression": ')).json.error.code).toBe('invalid_json');
    expect((await post(sim, 'metrics/query', '[1]')).status).toBe(400);
    expect((await post(sim, 'metrics/query', { expression: 5 })).status).toBe(400);
    const missing = await post(sim, 'metrics/query-range', { expression: 'x', start: range.start });
    expect(missing.json.error.message).toContain('"end"');
    for (const t of [
      'yesterday',
      '2026-11-22',
      '2026-02-30T00:00:00Z',
      '2026-11-22T25:00:00Z',
      '1763812800',
    ]) {
      const a = await post(sim, 'metrics/query', { expression: 'pkts_down', time: t });
      expect(a.status).toBe(400);
      expect(a.json.error.code).toBe('invalid_timestamp');
    }
    const off = await post(sim, 'metrics/query', {
      expression: 'count(pkts_down)',
      time: '2026-11-22T13:00:00+01:00',
    });
    expect(off.json.data.series[0].samples[0].timestamp).toBe('2026-11-22T12:00:00.000000000Z');
  });

  it('requires application/json', async () => {
    const r = await fetch(`${sim.url}/api/v1/logs/search`, {
      method: 'POST',
      headers: { 'x-api-key': sim.keys.demo, 'content-type': 'text/plain' },
      body: '{}',
    });
    expect(r.status).toBe(400);
  });

  it('rejects bodies over 65536 bytes with 413', async () => {
    const big = { expression: `pkts_down{customer_id="${'x'.repeat(70_000)}"}` };
    const a = await post(sim, 'metrics/query', big);
    expect(a.status).toBe(413);
    expect(a.json.error.code).toBe('payload_too_large');
    // Streamed without Content-Length (chunked).
    const body = new ReadableStream({
      start(c) {
        c.enqueue(new TextEncoder().encode(JSON.stringify(big)));
        c.close();
      },
    });
    const r = await fetch(`${sim.url}/api/v1/metrics/query`, {
      method: 'POST',
      headers: { 'x-api-key': sim.keys.demo, 'content-type': 'application/json' },
      body,
      duplex: 'half',
    } as RequestInit);
    expect(r.status).toBe(413);
  });
});

describe('faults and recording', () => {
  it('injects 429 with Retry-After and a spec-shaped error body', async () => {
    sim.faults.set({ status: { code: 429, count: 1, headers: { 'Retry-After': '1' } } });
    const a = await get(sim, 'capabilities');
    expect(a.status).toBe(429);
    expect(a.headers.get('retry-after')).toBe('1');
    expect(a.headers.get('cache-control')).toBe('no-store');
    expect(a.json.error).toMatchObject({ code: 'rate_limited', details: {} });
    expect(a.json.error.request_id).toMatch(/^req_/);
    expect((await get(sim, 'capabilities')).status).toBe(200);
  });

  it('injects 502/503/504 and accepts plans over HTTP', async () => {
    const set = await fetch(`${sim.url}/_sim/faults`, {
      method: 'POST',
      body: JSON.stringify({ status: { code: 503, count: 2 } }),
    });
    expect(set.status).toBe(200);
    expect(((await set.json()) as { data: { faults: string } }).data.faults).toBe('set');
    const a = await post(sim, 'logs/search', {});
    expect(a.status).toBe(503);
    expect(a.json.error.code).toBe('service_unavailable');
    const clear = await fetch(`${sim.url}/_sim/faults`, { method: 'DELETE' });
    expect(clear.status).toBe(200);
    expect((await fetch(`${sim.url}/_sim/faults`, { method: 'POST', body: '[' })).status).toBe(400);
    expect((await post(sim, 'logs/search', {})).status).toBe(200);
    sim.faults.set({ status: { code: 504, count: 1 } });
    expect((await post(sim, 'logs/search', {})).json.error.code).toBe('deadline_exceeded');
    sim.faults.set({ status: { code: 502, count: 1, body: '{"error":{"code":"x","message":"m"}}' } });
    expect((await post(sim, 'logs/search', {})).json.error.code).toBe('x');
  });

  it('injects malformed answers and resets', async () => {
    sim.faults.set({ malformed: 1 });
    expect((await get(sim, 'capabilities')).json).toBeUndefined();
    sim.faults.set({ reset: 1 });
    await expect(get(sim, 'capabilities')).rejects.toThrow();
    expect((await get(sim, 'capabilities')).status).toBe(200);
  });

  it('hangs and delays requests on demand', async () => {
    sim.faults.set({ hang: 1, latencyMs: 1 });
    const hung = fetch(`${sim.url}/api/v1/capabilities`, {
      headers: { 'x-api-key': sim.keys.demo },
      signal: AbortSignal.timeout(150),
    });
    await expect(hung).rejects.toThrow();
    expect((await get(sim, 'capabilities')).status).toBe(200);
    sim.faults.clear();
  });

  it('records what it received, key header included', async () => {
    const before = sim.requests.length;
    await post(sim, 'metrics/names', range);
    const last = sim.requests[sim.requests.length - 1]!;
    expect(sim.requests.length).toBe(before + 1);
    expect(last).toMatchObject({ method: 'POST', url: '/api/v1/metrics/names' });
    expect(last.headers['x-api-key']).toBe(sim.keys.demo);
    expect(JSON.parse(last.body)).toEqual(range);
  });

  it('gives each instance fresh keys and state', async () => {
    const other = await startTelemetrySim({ clock });
    try {
      expect(other.keys.demo).not.toBe(sim.keys.demo);
      expect(other.requests).toEqual([]);
      expect((await get(other, 'capabilities', sim.keys.demo)).status).toBe(401);
    } finally {
      await other.close();
    }
  });
});
