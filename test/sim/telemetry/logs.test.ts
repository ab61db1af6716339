import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TelemetrySim } from '../../../sim/telemetry/index.js';
import { DAY, HOUR, iso, MIN, NOW, post, startSim } from './helpers.js';

let sim: TelemetrySim;
beforeAll(async () => {
  ({ sim } = await startSim());
});
afterAll(() => sim.close());

type Rec = Record<string, string>;
const search = async (body: Record<string, unknown>) => {
  const a = await post(sim, 'logs/search', body);
  expect(a.status, JSON.stringify(a.json)).toBe(200);
  return a;
};
const records = async (query: string, extra: Record<string, unknown> = {}): Promise<Rec[]> =>
  (await search({ query, limit: 1000, ...extra })).json.data.records;

describe('search', () => {
  it('returns records newest first with nanosecond UTC times', async () => {
    const a = await search({});
    expect(a.headers.get('cache-control')).toBe('no-store');
    expect(a.json.meta.source).toBe('store_logs');
    expect(a.json.meta.pagination).toEqual({ offset: 0, limit: 200, next_offset: 200 });
    const recs: Rec[] = a.json.data.records;
    expect(recs).toHaveLength(200);
    for (const r of recs) {
      expect(r._time).toMatch(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{9}Z$/);
      expect(Object.keys(r).slice(0, 5)).toEqual(['_time', '_msg', 'service_name', 'level', 'host']);
      expect(['bras', 'nat', 'firewall', 'dhcp', 'bgp', 'system']).toContain(r.service_name);
      expect(['info', 'warning', 'error', 'debug']).toContain(r.level);
    }
    const times = recs.map((r) => r._time);
    expect([...times].sort().reverse()).toEqual(times);
    expect(Date.parse(times[0]!)).toBeLessThanOrEqual(NOW);
    expect(Date.parse(times[0]!)).toBeGreaterThan(NOW - MIN);
  });

  it('pages consistently with offset and next_offset for a fixed end', async () => {
    const end = iso(NOW - 10 * MIN);
    const all = await records('*', { end, limit: 100 });
    const p1 = await search({ end, limit: 50 });
    const p2 = await search({ end, limit: 50, offset: p1.json.meta.pagination.next_offset });
    expect([...p1.json.data.records, ...p2.json.data.records]).toEqual(all);
    const a = await search({ query: '* | limit 30', limit: 20 });
    expect(a.json.meta.pagination.next_offset).toBe(20);
    const b = await search({ query: '* | limit 30', limit: 20, offset: 20 });
    expect(b.json.data.records).toHaveLength(10);
    expect(b.json.meta.pagination).toEqual({ offset: 20, limit: 20 });
  });

  it('enforces the limit and offset bounds', async () => {
    for (const body of [{ limit: 1001 }, { limit: 0 }, { offset: 10001 }, { offset: -1 }, { limit: 1.5 }]) {
      const a = await post(sim, 'logs/search', body);
      expect(a.status, JSON.stringify(body)).toBe(400);
    }
    expect((await search({ limit: 1000, offset: 10000 })).json.meta.pagination.offset).toBe(10000);
    expect((await post(sim, 'logs/search', { step_seconds: 5 })).json.error.message).toContain(
      'step_seconds',
    );
    expect((await post(sim, 'logs/search', { start: 'now-1h' })).json.error.code).toBe('invalid_timestamp');
  });

  it('honours start and end', async () => {
    const recs = await records('*', { start: iso(NOW - 2 * HOUR), end: iso(NOW - 2 * HOUR + 20_000) });
    expect(recs.length).toBeGreaterThan(20);
    for (const r of recs) {
      const t = Date.parse(r._time!);
      expect(t).toBeGreaterThanOrEqual(NOW - 2 * HOUR);
      expect(t).toBeLessThanOrEqual(NOW - 2 * HOUR + 20_000);
    }
    expect(await records('*', { start: iso(NOW - 40 * DAY), end: iso(NOW - 35 * DAY) })).toEqual([]);
  });
});

describe('LogsQL', () => {
  it('matches words and phrases in _msg, case-insensitively', async () => {
    for (const r of await records('PPPOE')) expect(r._msg!.toLowerCase()).toContain('pppoe');
    expect((await records('PPPOE')).length).toBeGreaterThan(0);
    const p = await records('"session up for customer"');
    expect(p.length).toBeGreaterThan(0);
    for (const r of p) expect(r._msg).toContain('session up for customer');
    expect(await records('"customer session up"')).toEqual([]);
  });

  it('matches fields: value, "phrase", =exact, prefix*, * and ~regex', async () => {
    for (const r of await records('service_name:nat')) expect(r.service_name).toBe('nat');
    for (const r of await records('_msg:"port block"')) expect(r._msg).toContain('port block');
    for (const r of await records('level:=info')) expect(r.level).toBe('info');
    for (const r of await records('customer_id:c100*')) expect(r.customer_id).toMatch(/^c100/);
    const withCust = await records('customer_id:*');
    expect(withCust.length).toBeGreaterThan(0);
    for (const r of withCust) expect(r.customer_id).toBeDefined();
    for (const r of await records('host:~"bras-[2]"')) expect(r.host).toBe('bras-2');
  });

  it('combines with AND, blanks, OR, NOT, -, ! and parentheses', async () => {
    const and1 = await records('service_name:bras AND level:debug');
    const and2 = await records('service_name:bras level:debug');
    expect(and1).toEqual(and2);
    for (const r of and1) expect([r.service_name, r.level]).toEqual(['bras', 'debug']);
    const or = await records('service_name:bgp OR service_name:dhcp');
    expect(new Set(or.map((r) => r.service_name))).toEqual(new Set(['bgp', 'dhcp']));
    for (const q of ['NOT level:info', '-level:info', '!level:info', 'not level:info']) {
      const recs = await records(q);
      expect(recs.length, q).toBeGreaterThan(0);
      for (const r of recs) expect(r.level).not.toBe('info');
    }
    const grouped = await records('(service_name:bgp OR service_name:nat) -level:info');
    for (const r of grouped) {
      expect(['bgp', 'nat']).toContain(r.service_name);
      expect(r.level).not.toBe('info');
    }
    expect((await records('*')).length).toBe(1000);
  });

  it('narrows with _time:5m relative to now and caps with | limit', async () => {
    const recs = await records('_time:5m level:info');
    expect(recs.length).toBeGreaterThan(100);
    for (const r of recs) {
      expect(Date.parse(r._time!)).toBeGreaterThanOrEqual(NOW - 5 * MIN);
      expect(r.level).toBe('info');
    }
    expect(await records('* | limit 7')).toHaveLength(7);
    expect(await records('level:info | head 3')).toHaveLength(3);
  });

  it('rejects syntax errors and unsupported pipes naming them', async () => {
    const bad = async (query: string, code: string, text: string) => {
      const a = await post(sim, 'logs/search', { query });
      expect(a.status, query).toBe(400);
      expect(a.json.error.code).toBe(code);
      expect(a.json.error.message).toContain(text);
    };
    await bad('(level:error', 'invalid_query', ')');
    await bad('"unterminated', 'invalid_query', 'unterminated');
    await bad('* | stats count()', 'unsupported_query', 'stats');
    await bad('* | sort by (_time)', 'unsupported_query', 'sort');
    await bad('* | limit x', 'invalid_query', 'limit');
    await bad('level:error OR _time:5m', 'unsupported_query', '_time');
    await bad('level: ', 'invalid_query', 'level');
  });
});

describe('aggregations', () => {
  it('answers histogram hits with only non-empty, step-aligned buckets', async () => {
    const start = NOW - 30 * MIN;
    const a = await post(sim, 'logs/histogram', {
      start: iso(start),
      end: iso(NOW),
      step_seconds: 300,
      group_by: ['level'],
    });
    expect(a.status).toBe(200);
    expect(a.json.meta.source).toBe('store_logs');
    const hits = a.json.data.hits as Array<{
      fields: Rec;
      timestamps: string[];
      values: number[];
      total: number;
    }>;
    expect(hits.map((h) => h.fields.level).sort()).toEqual(
      ['debug', 'error', 'info', 'warning'].filter((l) => hits.some((h) => h.fields.level === l)),
    );
    let total = 0;
    for (const h of hits) {
      expect(h.timestamps).toHaveLength(h.values.length);
      for (const t of h.timestamps) expect(Date.parse(t) % 300_000).toBe(0);
      for (const v of h.values) expect(v).toBeGreaterThan(0);
      expect(h.total).toBe(h.values.reduce((x, y) => x + y, 0));
      total += h.total;
    }
    const small = await post(sim, 'logs/histogram', {
      start: iso(NOW - 2 * MIN),
      end: iso(NOW),
      step_seconds: 60,
    });
    const [only] = small.json.data.hits;
    expect(only.fields).toEqual({});
    expect(only.total).toBe((await records('*', { start: iso(NOW - 2 * MIN), end: iso(NOW) })).length);
    expect(total).toBeGreaterThan(only.total);
  });

  it('answers facets per field, limited per field', async () => {
    const a = await post(sim, 'logs/facets', { limit_per_field: 2 });
    expect(a.status).toBe(200);
    const facets = a.json.data.facets as Array<{
      field_name: string;
      values: Array<{ field_value: string; hits: number }>;
    }>;
    expect(facets.map((f) => f.field_name)).toEqual(['customer_id', 'host', 'level', 'service_name']);
    for (const f of facets) {
      expect(f.values.length).toBeLessThanOrEqual(2);
      expect(f.values[0]!.hits).toBeGreaterThanOrEqual(f.values[1]!.hits);
    }
    expect(a.json.meta.truncated).toBe(true);
  });

  it('lists fields and field values with hits', async () => {
    const f = await post(sim, 'logs/fields', { query: 'service_name:nat' });
    const names = f.json.data.values.map((v: { value: string }) => v.value);
    expect(names).toEqual(
      expect.arrayContaining(['_time', '_msg', 'service_name', 'level', 'host', 'customer_id']),
    );
    expect(f.json.data.values[0].hits).toBeGreaterThan(0);
    const filtered = await post(sim, 'logs/fields', { filter: 'serv' });
    expect(filtered.json.data.values.map((v: { value: string }) => v.value)).toEqual(['service_name']);
    const v = await post(sim, 'logs/field-values', { field: 'level', limit: 2 });
    expect(v.json.data.values).toHaveLength(2);
    expect(v.json.data.values[0]).toEqual({ value: 'info', hits: expect.any(Number) });
    expect(v.json.meta.truncated).toBe(true);
    expect((await post(sim, 'logs/field-values', {})).status).toBe(400);
  });
});

describe('logs follow the metrics', () => {
  it('mentions a customer in incident warnings while its drops spike', async () => {
    const day = { start: iso(NOW - DAY), end: iso(NOW) };
    const [hit] = (await records('"drops rising for customer"', { ...day, limit: 1 })) as Rec[];
    expect(hit).toBeDefined();
    const customer = hit!.customer_id!;
    expect(hit!._msg).toContain(customer);
    const at = Date.parse(hit!._time!);
    const during = await post(sim, 'metrics/query', {
      expression: `rate(drops{customer_id="${customer}"}[1m])`,
      time: iso(at),
    });
    const usual = await post(sim, 'metrics/query', {
      expression: `rate(drops{customer_id="${customer}"}[1m])`,
      time: iso(at - 3 * HOUR),
    });
    const v = (a: typeof during) => Number(a.json.data.series[0].samples[0].value);
    expect(v(during)).toBeGreaterThan(10 * v(usual));
  });
});
