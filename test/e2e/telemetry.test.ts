// Telemetry commands through the built binary without a terminal: plain output, --json, and
// one clear line for each kind of failure (CLI.md, telemetry-api.md).
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { type RouterSim, startRouterSim } from '../../sim/router/index.js';
import { type TelemetrySim, startTelemetrySim } from '../../sim/telemetry/index.js';
import { runBin } from '../helpers/run-bin.js';

let router: RouterSim;
let tele: TelemetrySim;

beforeAll(async () => {
  [router, tele] = await Promise.all([startRouterSim(), startTelemetrySim()]);
});
afterAll(() => Promise.all([router.close(), tele.close()]));
afterEach(() => tele.faults.clear());

const env = (key: string) => ({
  ROUTERSH_ROUTER: router.url,
  ROUTERSH_USER: 'admin',
  ROUTERSH_PASSWORD: 'admin',
  ROUTERSH_TELEMETRY_URL: tele.url,
  ROUTERSH_TELEMETRY_KEY: key,
  COLUMNS: '100',
});
const run = (key: string, ...cmds: string[]) =>
  runBin([...cmds.flatMap((c) => ['-c', c])], { env: env(key) });
const oneLine = (s: string) => expect(s.trim().split('\n')).toHaveLength(1);

describe('plain output', () => {
  it('metrics range prints an ASCII chart sized to COLUMNS and a summary table', async () => {
    const r = await run(tele.keys.demo, 'metrics range "sum by (grp) (rate(pkts_down[5m]))" since 6h');
    expect(r.stderr).toBe('');
    expect(r.code).toBe(0);
    expect(r.stdout).toMatch(/┤/);
    expect(r.stdout).toMatch(/grp=business/);
    expect(r.stdout).toMatch(/labels\s+last\s+min\s+max\s+avg/);
    for (const line of r.stdout.split('\n')) expect([...line].length).toBeLessThanOrEqual(100);
  });

  it('metrics query, discovery and logs search print tables and lines', async () => {
    const r = await run(
      tele.keys.demo,
      'metrics query "sum by (grp) (rate(pkts_down[5m]))"',
      'metrics label-values customer_id',
      // typed raw: a quoted "level:error" would be a LogsQL phrase query
      'logs search level:error since 1h limit 5',
    );
    expect(r.code).toBe(0);
    expect(r.stdout).toMatch(/\{grp="business"\}/);
    expect(r.stdout).toMatch(/^c1001$/m);
    expect(r.stdout).toMatch(/^\d{4}-\d\d-\d\dT.* error /m);
  });

  it('--json prints the data as received and never the key', async () => {
    const r = await runBin(['--json', '-c', `metrics query 'pkts_down{customer_id="c1001"}'`], {
      env: env(tele.keys.demo),
    });
    expect(r.code).toBe(0);
    const doc = JSON.parse(r.stdout);
    expect(doc.data.result_type).toBe('vector');
    expect(doc.meta.request_id).toBeTruthy();
    expect(r.stdout).not.toContain(tele.keys.demo);
  });
});

describe('one clear line per failure', () => {
  it('a wrong key: exit 3', async () => {
    const r = await run('tk_not_a_key', 'metrics query pkts_down');
    expect(r.code).toBe(3);
    oneLine(r.stderr);
    expect(r.stderr).toMatch(/^error: invalid_api_key: .*request_id/);
    expect(r.stderr).not.toContain('tk_not_a_key');
  });

  it('a missing scope: exit 1, names the scope', async () => {
    const r = await run(tele.keys.logsOnly, 'metrics query pkts_down');
    expect(r.code).toBe(1);
    oneLine(r.stderr);
    expect(r.stderr).toMatch(/metrics:read/);
  });

  it('a result too large', async () => {
    const r = await run(tele.keys.demo, 'metrics range pkts_down since 3d step 30');
    expect(r.code).toBe(1);
    oneLine(r.stderr);
    expect(r.stderr).toMatch(/^error: result_too_large: /);
  });

  it('a limit over the maximum is refused locally, nothing sent', async () => {
    const before = tele.requests.filter((q) => q.url.endsWith('logs/search')).length;
    const r = await run(tele.keys.demo, 'logs search "level:error" limit 5000');
    expect(r.code).toBe(1);
    oneLine(r.stderr);
    expect(r.stderr).toMatch(/limit 5000/);
    expect(tele.requests.filter((q) => q.url.endsWith('logs/search')).length).toBe(before);
  });

  it('a start before the data is moved up, with a note', async () => {
    const r = await run(tele.keys.demo, 'metrics range "sum(rate(pkts_down[5m]))" since 40d');
    expect(r.code, r.stderr).toBe(0);
    // The note is broken at blanks to COLUMNS (its continuation lines indented).
    expect(r.stdout.replace(/\n {2}/g, ' ')).toMatch(/^note: start moved .* metrics are available from/m);
  });

  it('a throttled request is retried a bounded number of times, then one line', async () => {
    tele.faults.set({ status: { code: 429, count: 20, headers: { 'Retry-After': '0' } } });
    const before = tele.requests.length;
    const r = await run(tele.keys.demo, 'metrics query pkts_down');
    expect(r.code).toBe(1);
    oneLine(r.stderr);
    expect(r.stderr).toMatch(/^error: rate_limited: .*gave up after 3 retries/);
    expect(tele.requests.length - before).toBe(4);
  });

  it('no telemetry configured: one line naming what to give', async () => {
    const r = await runBin(['-c', 'metrics query up'], {
      env: { ROUTERSH_ROUTER: router.url, ROUTERSH_USER: 'admin', ROUTERSH_PASSWORD: 'admin' },
    });
    expect(r.code).toBe(1);
    oneLine(r.stderr);
    expect(r.stderr).toMatch(/--telemetry/);
  });
});
