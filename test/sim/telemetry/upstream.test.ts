// The telemetry simulator's upstream mode (sim/telemetry/upstream.ts) against a real
// victoria-metrics with real data (test/helpers/real-metrics.ts: node-exporter, VM, vmalert,
// vmagent on 127.0.0.1): each metrics operation of the API answers what VM answers for the same
// question, in the API's envelope, and the API's own checks still hold in front of it. Without
// the Debian packages this fails, naming the install command (`.ci/run` installs them).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTelemetrySim, type TelemetrySim } from '../../../sim/telemetry/index.js';
import { freePort, type RealMetrics, startRealMetrics } from '../../helpers/real-metrics.js';
import { DAY, iso, post } from './helpers.js';

let real: RealMetrics;
let sim: TelemetrySim;
beforeAll(async () => {
  real = await startRealMetrics();
  sim = await startTelemetrySim({ metricsUpstream: real.vm });
}, 120_000);
afterAll(async () => {
  await sim?.close();
  await real?.stop();
});

type VmSeries = {
  metric: Record<string, string>;
  value?: [number, string];
  values?: Array<[number, string]>;
};
type ApiSeries = { labels: Record<string, string>; samples: Array<{ timestamp: string; value: string }> };

const rfc = (t: number) => `${new Date(Math.round(t * 1000)).toISOString().slice(0, -1)}000000Z`;
/** VM's series as the API must write them, sorted by their labels. */
const expected = (result: VmSeries[]) =>
  sortSeries(
    result.map((s) => ({
      labels: s.metric,
      samples: (s.values ?? [s.value!]).map(([t, v]) => ({ timestamp: rfc(t), value: v })),
    })),
  );
const sortSeries = (s: ApiSeries[]) =>
  [...s].sort((a, b) => JSON.stringify(a.labels).localeCompare(JSON.stringify(b.labels)));

describe('metrics through the API equal VM asked directly', () => {
  it('query: a vector, labels with __name__, RFC 3339 times, string values', async () => {
    const time = Math.floor(Date.now() / 1000);
    const expression = 'vm_app_version';
    const a = await post(sim, 'metrics/query', { expression, time: iso(time * 1000) });
    expect(a.status, a.text).toBe(200);
    expect(a.json.data.result_type).toBe('vector');
    expect(a.json.meta).toMatchObject({ source: 'store_metrics', truncated: false });
    const vm = await real.api('/api/v1/query', { query: expression, time: String(time) });
    const want = expected((vm.data as { result: VmSeries[] }).result);
    expect(want.map((s) => s.labels.job).sort()).toEqual(['victoria-metrics', 'vmagent', 'vmalert']);
    expect(sortSeries(a.json.data.series)).toEqual(want);
    expect(Object.keys(a.json.data.series[0].labels)[0]).toBe('__name__');
  });

  it('query-range: a matrix, every sample of every series, at the step asked', async () => {
    const expression = 'sum by (mode) (rate(node_cpu_seconds_total[10s]))';
    // The range ends now, so a scrape landing between the two questions can change the newest
    // point (seen beside stress-ng): asked again, as a pair, until nothing arrived between them.
    const pair = async () => {
      const end = Math.floor(Date.now() / 1000);
      const start = end - 60;
      const a = await post(sim, 'metrics/query-range', {
        expression,
        start: iso(start * 1000),
        end: iso(end * 1000),
        step_seconds: 2,
      });
      expect(a.status, a.text).toBe(200);
      expect(a.json.data.result_type).toBe('matrix');
      const vm = await real.api('/api/v1/query_range', {
        query: expression,
        start: String(start),
        end: String(end),
        step: '2',
      });
      return {
        got: sortSeries(a.json.data.series),
        want: expected((vm.data as { result: VmSeries[] }).result),
      };
    };
    let p = await pair();
    for (let again = 0; again < 4 && JSON.stringify(p.got) !== JSON.stringify(p.want); again++)
      p = await pair();
    expect(p.want.length).toBeGreaterThan(1);
    expect(p.got).toEqual(p.want);
  });

  it('a scalar is one series without labels; ±Inf stay lossless (VM drops NaN results)', async () => {
    const one = async (expression: string) => {
      const a = await post(sim, 'metrics/query', { expression });
      expect(a.status, a.text).toBe(200);
      return (a.json.data.series as ApiSeries[]).map((s) => [s.labels, s.samples.map((x) => x.value)]);
    };
    expect(await one('1 + 1')).toEqual([[{}, ['2']]]);
    expect(await one('vector(1) / 0')).toEqual([[{}, ['+Inf']]]);
    expect(await one('vector(-1) / 0')).toEqual([[{}, ['-Inf']]]);
  });

  const window = () => ({ start: iso(Date.now() - 600_000), end: iso(Date.now()) });

  it('names, labels and label values: VM’s lists, matchers passed, cut at limit with meta.truncated', async () => {
    const names = await post(sim, 'metrics/names', window());
    expect(names.status, names.text).toBe(200);
    expect(names.json.data.values).toEqual(
      expect.arrayContaining([
        'node_cpu_seconds_total',
        'vm_app_version',
        'vmagent_remotewrite_requests_total',
      ]),
    );
    expect(names.json.meta.truncated).toBe(false);
    const cut = await post(sim, 'metrics/names', { ...window(), limit: 3 });
    expect(cut.json.data.values).toEqual(names.json.data.values.slice(0, 3));
    expect(cut.json.meta.truncated).toBe(true);

    const labels = await post(sim, 'metrics/labels', { ...window(), matchers: ['node_uname_info'] });
    expect(labels.status, labels.text).toBe(200);
    const vmLabels = await real.api('/api/v1/labels', { 'match[]': 'node_uname_info' });
    expect(labels.json.data.values).toEqual([...(vmLabels.data as string[])].sort());
    expect(labels.json.data.values).toEqual(expect.arrayContaining(['nodename', 'instance', 'job']));

    const jobs = await post(sim, 'metrics/label-values', { ...window(), label: 'job' });
    expect(jobs.json.data.values).toEqual(['node', 'victoria-metrics', 'vmagent', 'vmalert']);
    const some = await post(sim, 'metrics/label-values', {
      ...window(),
      label: 'job',
      matchers: ['vm_app_version{version=~"^vmagent.*"}'],
    });
    expect(some.json.data.values).toEqual(['vmagent']);
  });
});

describe('the API’s checks hold in front of VM', () => {
  const code = async (path: string, body: unknown, key?: string | null) => {
    const a = await post(sim, path, body, key === undefined ? sim.keys.demo : key);
    return [a.status, a.json?.error?.code];
  };

  it('authentication, strict bodies, the query policy, the range limits', async () => {
    expect(await code('metrics/query', { expression: 'up' }, null)).toEqual([401, 'invalid_api_key']);
    expect(await code('metrics/query', { expression: 'up', step: 1 })).toEqual([400, 'invalid_request']);
    expect(await code('metrics/query', { expression: 'up @ 1700000000' })).toEqual([400, 'invalid_query']);
    expect(await code('metrics/query', { expression: 'up{organization_id="1"}' })).toEqual([
      400,
      'forbidden_matcher',
    ]);
    expect(await code('metrics/query', { expression: 'rate(up[40d])' })).toEqual([422, 'range_too_large']);
    expect(await code('metrics/query', { expression: 'up offset 30d1h' })).toEqual([
      422,
      'range_not_available',
    ]);
    // One `now`: a second Date.now() a millisecond later made a 31-day range 31 days and 1 ms.
    const now = Date.now();
    const old = { expression: 'up', start: iso(now - 32 * DAY), end: iso(now) };
    expect(await code('metrics/query-range', old)).toEqual([422, 'range_too_large']);
    const before = { label: 'job', start: iso(now - 30 * DAY - 3_600_000), end: iso(now) };
    expect(await code('metrics/label-values', before)).toEqual([422, 'range_not_available']);
  });

  it('VM’s syntax error is the API’s 400 invalid_query, with VM’s reason', async () => {
    const a = await post(sim, 'metrics/query', { expression: 'sum(rate(up[1m]' });
    expect(a.status).toBe(400);
    expect(a.json.error.code).toBe('invalid_query');
    expect(a.json.error.message).toMatch(/parse|unexpected/i);
  });

  it('more series than the limit: 422 result_too_large, never cut', async () => {
    const vm = await real.api('/api/v1/query', { query: 'count({__name__=~".+"})' });
    const n = Number((vm.data as { result: VmSeries[] }).result[0]!.value![1]);
    expect(n, 'node-exporter, VM, vmagent and vmalert export over 1,000 series').toBeGreaterThan(1000);
    expect(await code('metrics/query', { expression: '{__name__=~".+"}' })).toEqual([
      422,
      'result_too_large',
    ]);
  });

  it('an upstream that does not answer: 503 provider_unavailable', async () => {
    const gone = await startTelemetrySim({ metricsUpstream: `http://127.0.0.1:${await freePort()}` });
    try {
      const a = await post(gone, 'metrics/query', { expression: 'up' }, gone.keys.demo);
      expect([a.status, a.json.error.code]).toEqual([503, 'provider_unavailable']);
    } finally {
      await gone.close();
    }
  });
});
