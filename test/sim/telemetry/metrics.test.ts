import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TelemetrySim } from '../../../sim/telemetry/index.js';
import { DAY, HOUR, iso, MIN, NOW, post, startSim, values } from './helpers.js';

let sim: TelemetrySim;
beforeAll(async () => {
  ({ sim } = await startSim());
});
afterAll(() => sim.close());

const q = (expression: string, time = NOW) => post(sim, 'metrics/query', { expression, time: iso(time) });
const qr = (expression: string, start: number, end: number, step_seconds?: number) =>
  post(sim, 'metrics/query-range', {
    expression,
    start: iso(start),
    end: iso(end),
    ...(step_seconds ? { step_seconds } : {}),
  });
const one = async (expression: string, time = NOW) => {
  const a = await q(expression, time);
  expect(a.status, JSON.stringify(a.json)).toBe(200);
  return a.json.data.series.map(
    (s: { samples: Array<{ value: string }> }) => s.samples[0]!.value,
  ) as string[];
};

describe('selectors and results', () => {
  it('returns a vector with __name__ and the traffic labels, values as strings', async () => {
    const a = await q('pkts_down{customer_id="c1001"}');
    expect(a.status).toBe(200);
    expect(a.json.data.result_type).toBe('vector');
    expect(a.json.meta.source).toBe('store_metrics');
    expect(a.json.meta.data_available_from).toBe('2026-10-23T12:00:00.000000000Z');
    const [s] = a.json.data.series;
    expect(Object.keys(s.labels).sort()).toEqual(['__name__', 'customer_id', 'grp', 'prefix', 'shaper_id']);
    expect(s.labels.__name__).toBe('pkts_down');
    expect(s.samples).toHaveLength(1);
    expect(s.samples[0].timestamp).toBe('2026-11-22T12:00:00.000000000Z');
    expect(s.samples[0].value).toMatch(/^\d+$/);
  });

  it('matches with =, !=, =~ (anchored) and !~', async () => {
    expect(await one('count(pkts_down)')).toEqual(['24']);
    expect(await one('count(pkts_down{customer_id!="c1001"})')).toEqual(['23']);
    expect(await one('count(pkts_down{customer_id=~"c100[1-3]"})')).toEqual(['3']);
    expect(await one('count(pkts_down{customer_id=~"c100"})')).toEqual([]);
    expect(await one('count(pkts_down{customer_id!~"c10.."})')).toEqual(['0'].slice(1));
    expect(await one('count({__name__=~"pkts_.*"})')).toEqual(['48']);
    const p = await q('pkts_down{prefix="100.64.1.0/24"}');
    expect(p.json.data.series).toHaveLength(1);
    expect((await q('pkts_down{prefix="100.64.1.0"}')).json.data.series).toHaveLength(0);
  });

  it('keeps counters monotonic and aligns range samples to the step', async () => {
    const a = await qr('pkts_down{customer_id="c1002"}', NOW - HOUR + 7000, NOW, 60);
    expect(a.json.data.result_type).toBe('matrix');
    const samples = a.json.data.series[0].samples;
    expect(samples[0].timestamp).toBe('2026-11-22T11:01:00.000000000Z');
    expect(samples).toHaveLength(60);
    const v = samples.map((s: { value: string }) => Number(s.value));
    for (let i = 1; i < v.length; i++) expect(v[i]).toBeGreaterThanOrEqual(v[i - 1]);
  });

  it('is deterministic across instances with the same seed', async () => {
    const { sim: other } = await startSim();
    try {
      const body = {
        expression: 'rate(bytes_up[5m])',
        start: iso(NOW - HOUR),
        end: iso(NOW),
        step_seconds: 300,
      };
      const a = await post(sim, 'metrics/query-range', body);
      const b = await post(other, 'metrics/query-range', body, other.keys.demo);
      expect(a.json.data).toEqual(b.json.data);
    } finally {
      await other.close();
    }
  });

  it('has no samples after now', async () => {
    const a = await qr('cpu_usage_percent{host="bras-1",core="0"}', NOW - 10 * MIN, NOW + HOUR, 60);
    const ts = a.json.data.series[0].samples.map((s: { timestamp: string }) => Date.parse(s.timestamp));
    expect(Math.max(...ts)).toBeLessThanOrEqual(NOW + 5 * MIN);
    expect((await q('sessions_active', NOW + HOUR)).json.data.series).toEqual([]);
  });
});

describe('functions', () => {
  it('computes rate, increase, delta and irate consistently', async () => {
    const sel = 'pkts_down{customer_id="c1003"}';
    const [inc] = (await one(`increase(${sel}[5m])`)).map(Number);
    const [rate] = (await one(`rate(${sel}[5m])`)).map(Number);
    const [now] = (await one(sel)).map(Number);
    const [before] = (await one(`${sel} offset 5m`)).map(Number);
    expect(inc).toBe(now! - before!);
    expect(rate).toBeCloseTo(inc! / 300, 6);
    expect(Number((await one(`delta(${sel}[5m])`))[0])).toBe(inc);
    expect(Number((await one(`irate(${sel}[5m])`))[0])).toBeGreaterThan(0);
    const r = await q(`rate(${sel}[5m])`);
    expect(r.json.data.series[0].labels.__name__).toBeUndefined();
    expect(r.json.data.series[0].labels.customer_id).toBe('c1003');
  });

  it('computes the *_over_time family over the window samples', async () => {
    const sel = 'cpu_usage_percent{host="bras-1",core="1"}';
    const raw = values(await qr(sel, NOW - 10 * MIN + 30_000, NOW, 30))[0]!;
    expect(raw).toHaveLength(20);
    const num = async (e: string) => Number((await one(e))[0]);
    expect(await num(`count_over_time(${sel}[10m])`)).toBe(20);
    expect(await num(`sum_over_time(${sel}[10m])`)).toBeCloseTo(
      raw.reduce((a, b) => a + b, 0),
      6,
    );
    expect(await num(`avg_over_time(${sel}[10m])`)).toBeCloseTo(raw.reduce((a, b) => a + b, 0) / 20, 6);
    expect(await num(`min_over_time(${sel}[10m])`)).toBe(Math.min(...raw));
    expect(await num(`max_over_time(${sel}[10m])`)).toBe(Math.max(...raw));
    expect(await num(`last_over_time(${sel}[10m])`)).toBe(raw[raw.length - 1]);
  });

  it('shifts by offset', async () => {
    const a = await one('sessions_active{host="bras-1"} offset 1h');
    const b = await one('sessions_active{host="bras-1"}', NOW - HOUR);
    expect(a).toEqual(b);
  });

  it('shows incidents: drops spike somewhere in the last day', async () => {
    const a = await qr('sum(rate(drops[5m]))', NOW - DAY, NOW, 300);
    const v = values(a)[0]!;
    const sorted = [...v].sort((x, y) => x - y);
    expect(Math.max(...v)).toBeGreaterThan(5 * sorted[Math.floor(v.length / 2)]!);
  });
});

describe('aggregations', () => {
  it('groups with by/without in either position', async () => {
    const a = await q('sum by (grp) (rate(pkts_down[5m]))');
    const b = await q('sum(rate(pkts_down[5m])) by (grp)');
    expect(a.json.data).toEqual(b.json.data);
    expect(a.json.data.series.map((s: { labels: object }) => s.labels)).toEqual([
      { grp: 'business' },
      { grp: 'residential' },
      { grp: 'wholesale' },
    ]);
    const w = await q('max without (core) (cpu_usage_percent)');
    expect(w.json.data.series.map((s: { labels: object }) => s.labels)).toEqual([
      { host: 'bras-1' },
      { host: 'bras-2' },
    ]);
  });

  it('computes sum, avg, min, max and count', async () => {
    const v = (await one('cpu_usage_percent{host="bras-2"}')).map(Number);
    const num = async (e: string) => Number((await one(e))[0]);
    expect(await num('sum(cpu_usage_percent{host="bras-2"})')).toBeCloseTo(
      v.reduce((a, b) => a + b, 0),
      6,
    );
    expect(await num('avg(cpu_usage_percent{host="bras-2"})')).toBeCloseTo(
      v.reduce((a, b) => a + b, 0) / 4,
      6,
    );
    expect(await num('min(cpu_usage_percent{host="bras-2"})')).toBe(Math.min(...v));
    expect(await num('max(cpu_usage_percent{host="bras-2"})')).toBe(Math.max(...v));
    expect(await num('count(cpu_usage_percent)')).toBe(8);
  });

  it('keeps the top and bottom k series with their labels', async () => {
    const top = await q('topk(3, rate(bytes_down[5m]))');
    const all = (await one('rate(bytes_down[5m])')).map(Number).sort((a, b) => b - a);
    const got = top.json.data.series.map((s: { samples: Array<{ value: string }> }) =>
      Number(s.samples[0]!.value),
    );
    expect(got.sort((a: number, b: number) => b - a)).toEqual(all.slice(0, 3));
    expect(top.json.data.series[0].labels.customer_id).toBeDefined();
    expect((await q('bottomk(2, sessions_active)')).json.data.series).toHaveLength(2);
    expect((await q('topk by (grp) (1, pkts_down)')).json.data.series).toHaveLength(3);
  });
});

describe('operators', () => {
  it('does scalar arithmetic with lossless special values', async () => {
    expect(await one('1 + 2 * 3')).toEqual(['7']);
    expect(await one('2 ^ 3 ^ 2')).toEqual(['512']);
    expect(await one('-2 ^ 2')).toEqual(['-4']);
    expect(await one('7 % 4')).toEqual(['3']);
    expect(await one('(1 + 2) * 3')).toEqual(['9']);
    expect(await one('1 / 0')).toEqual(['+Inf']);
    expect(await one('-1 / 0')).toEqual(['-Inf']);
    expect(await one('0 / 0')).toEqual(['NaN']);
    expect((await q('1 + 1')).json.data.series[0].labels).toEqual({});
    expect(await one('2 > bool 1')).toEqual(['1']);
    expect((await q('2 > 1')).status).toBe(400);
  });

  it('combines vectors with scalars and filters with comparisons', async () => {
    const raw = (await one('sessions_active')).map(Number);
    expect((await one('sessions_active * 2')).map(Number)).toEqual(raw.map((x) => x * 2));
    expect((await one('100 - sessions_active')).map(Number)).toEqual(raw.map((x) => 100 - x));
    expect((await q('sessions_active * 2')).json.data.series[0].labels.__name__).toBeUndefined();
    expect(await one('sessions_active > 1e12')).toEqual([]);
    const kept = await q('sessions_active > 0');
    expect(kept.json.data.series[0].labels.__name__).toBe('sessions_active');
    expect(await one('sessions_active < bool 0')).toEqual(['0', '0']);
    expect((await one('0 < sessions_active')).map(Number)).toEqual(raw);
  });

  it('matches vectors on all labels but __name__, or on()/ignoring()', async () => {
    const a = await q('bytes_down / pkts_down');
    expect(a.json.data.series).toHaveLength(24);
    expect(a.json.data.series[0].labels.__name__).toBeUndefined();
    for (const v of values(a)) expect(v[0]).toBeGreaterThan(800);
    const b = await q('sum by (host) (nat_sessions) / on (host) sum by (host) (sessions_active)');
    expect(b.json.data.series).toHaveLength(2);
    const c = await q('cpu_usage_percent / ignoring (core) sessions_active');
    expect(c.status).toBe(400);
    const d = await q('sessions_active and on (host) nat_sessions');
    expect(d.json.data.series).toHaveLength(2);
    const e = await q('sessions_active{host="bras-1"} or sessions_active');
    expect(e.json.data.series).toHaveLength(2);
    const f = await q('sessions_active unless sessions_active{host="bras-1"}');
    expect(f.json.data.series.map((s: { labels: { host: string } }) => s.labels.host)).toEqual(['bras-2']);
  });
});

describe('rejections', () => {
  const expectError = async (expression: string, status: number, code: string, text?: string) => {
    const a = await q(expression);
    expect(a.status, expression).toBe(status);
    expect(a.json.error.code).toBe(code);
    if (text) expect(a.json.error.message).toContain(text);
  };

  it('rejects syntax errors naming the problem', async () => {
    await expectError('sum(pkts_down', 400, 'invalid_query', 'expected "," or ")"');
    await expectError('pkts_down{customer_id=}', 400, 'invalid_query', 'label value');
    await expectError('pkts_down{customer_id=~"("}', 400, 'invalid_query', 'regular expression');
    await expectError('', 400, 'invalid_query');
    await expectError('{customer_id=""}', 400, 'invalid_query');
    await expectError('rate(pkts_down[5m]) +', 400, 'invalid_query');
  });

  it('rejects unsupported MetricsQL naming the part', async () => {
    await expectError('histogram_quantile(0.9, x)', 400, 'unsupported_query', 'histogram_quantile');
    await expectError('quantile(0.9, x)', 400, 'unsupported_query', 'quantile');
    await expectError('stddev by (grp) (pkts_down)', 400, 'unsupported_query', 'stddev');
    await expectError('max_over_time(rate(pkts_down[5m])[1h:1m])', 400, 'unsupported_query', 'subquery');
    await expectError(
      'pkts_down / on (grp) group_left sum by (grp) (pkts_down)',
      400,
      'unsupported_query',
      'group_left',
    );
  });

  it('rejects @, organization_id matchers and windows over 31 days', async () => {
    await expectError('pkts_down @ 1763812800', 400, 'invalid_query', '@');
    await expectError('pkts_down{organization_id="2"}', 400, 'forbidden_matcher', 'organization_id');
    await expectError('rate(pkts_down[32d])', 422, 'range_too_large');
    await expectError('pkts_down offset 32d', 422, 'range_too_large');
    await expectError('max_over_time(rate(pkts_down[5m])[40d:1h])', 422, 'range_too_large');
  });

  it('rejects reads before data_available_from with details', async () => {
    const a = await q('pkts_down', NOW - 31 * DAY);
    expect(a.status).toBe(422);
    expect(a.json.error.code).toBe('range_not_available');
    expect(a.json.error.details.data_available_from).toBe('2026-10-23T12:00:00.000000000Z');
    const b = await q('rate(pkts_down[1h])', NOW - 30 * DAY + 30 * MIN);
    expect(b.json.error.code).toBe('range_not_available');
    expect((await q('rate(pkts_down[1h])', NOW - 30 * DAY + 2 * HOUR)).status).toBe(200);
    const c = await qr('pkts_down offset 1d', NOW - 30 * DAY + HOUR, NOW, 3600);
    expect(c.json.error.code).toBe('range_not_available');
  });

  it('rejects ranges over 31 days and results over the limits', async () => {
    const a = await qr('sessions_active', NOW - 32 * DAY, NOW, 3600);
    expect(a.status).toBe(422);
    expect(a.json.error.code).toBe('range_too_large');
    const b = await qr('sessions_active', NOW - 11001 * MIN, NOW, 60);
    expect(b.json.error.code).toBe('result_too_large');
    const c = await qr('rate(pkts_down[5m])', NOW - 5000 * MIN, NOW, 60);
    expect(c.status).toBe(422);
    expect(c.json.error.code).toBe('result_too_large');
    const ok = await qr('rate(pkts_down{customer_id=~"c100[1-9]"}[5m])', NOW - 10999 * MIN, NOW, 60);
    expect(ok.status).toBe(200);
    expect(values(ok).map((v) => v.length)).toEqual(Array(9).fill(11000));
    const d = await qr('x', NOW, NOW - MIN, 60);
    expect(d.status).toBe(400);
  });
});

describe('discovery', () => {
  const range = { start: iso(NOW - HOUR), end: iso(NOW) };

  it('lists metric names, label names and label values as { values }', async () => {
    const n = await post(sim, 'metrics/names', range);
    expect(n.json.data).toEqual({
      values: [
        'bytes_down',
        'bytes_up',
        'cpu_usage_percent',
        'drops',
        'nat_sessions',
        'pkts_down',
        'pkts_up',
        'sessions_active',
      ],
    });
    expect(n.json.meta.truncated).toBe(false);
    const l = await post(sim, 'metrics/labels', { ...range, matchers: ['pkts_down'] });
    expect(l.json.data.values).toEqual(['__name__', 'customer_id', 'grp', 'prefix', 'shaper_id']);
    const v = await post(sim, 'metrics/label-values', {
      ...range,
      label: 'host',
      matchers: ['{__name__=~"cpu.*"}'],
    });
    expect(v.json.data.values).toEqual(['bras-1', 'bras-2']);
  });

  it('truncates at limit and flags it', async () => {
    const a = await post(sim, 'metrics/label-values', { ...range, label: 'customer_id', limit: 5 });
    expect(a.json.data.values).toHaveLength(5);
    expect(a.json.meta.truncated).toBe(true);
    expect((await post(sim, 'metrics/names', { ...range, limit: 0 })).status).toBe(400);
    expect((await post(sim, 'metrics/names', { ...range, limit: 1001 })).status).toBe(400);
    expect((await post(sim, 'metrics/labels', { ...range, matchers: ['rate(x[5m])'] })).status).toBe(400);
    expect(
      (await post(sim, 'metrics/labels', { ...range, matchers: ['{organization_id="1"}'] })).status,
    ).toBe(400);
  });
});

describe('range end after now', () => {
  it('evaluates no step after now (a partial window would fake a drop)', async () => {
    const a = await qr('sum(rate(pkts_down[5m]))', NOW - HOUR, NOW + 10 * MIN, 600);
    expect(a.status).toBe(200);
    const samples = a.json.data.series[0].samples as Array<{ timestamp: string; value: string }>;
    expect(Date.parse(samples.at(-1)!.timestamp)).toBe(NOW);
    const vals = samples.map((s) => Number(s.value));
    expect(vals.at(-1)!).toBeGreaterThan(Math.min(...vals.slice(0, -1)) * 0.5);
  });
});
