// The lines through the built binary (-c and -f), against the simulators: each
// expression reaches the telemetry API byte for byte, clauses apply, nothing hangs.
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type RouterSim, startRouterSim } from '../../sim/router/index.js';
import { type TelemetrySim, startTelemetrySim } from '../../sim/telemetry/index.js';
import { runBin } from '../helpers/run-bin.js';

let router: RouterSim;
let tele: TelemetrySim;
beforeAll(async () => {
  [router, tele] = await Promise.all([startRouterSim(), startTelemetrySim()]);
});
afterAll(() => Promise.all([router.close(), tele.close()]));

const env = () => ({
  ROUTERSH_ROUTER: router.url,
  ROUTERSH_USER: 'admin',
  ROUTERSH_PASSWORD: 'admin',
  ROUTERSH_TELEMETRY_URL: tele.url,
  ROUTERSH_TELEMETRY_KEY: tele.keys.demo,
  COLUMNS: '100',
});
const bodies = (suffix: string) =>
  tele.requests
    .filter((r) => r.url.endsWith(suffix))
    .map((r) => JSON.parse(r.body ?? '{}') as Record<string, unknown>);

describe('expressions as typed, through the binary', () => {
  it('-c: quotes, blanks, by (…), field:value and phrases arrive as typed', async () => {
    const lines = [
      'metrics range rate(pkts_down{grp="business"}[5m]) since 1h step 5m',
      'metrics query sum by (grp) (pkts_down)',
      'logs search level:error host:bras-1 since 1h limit 5',
      'logs search _msg:"customer terminated" since 1h',
    ];
    const r = await runBin(
      lines.flatMap((l) => ['-c', l]),
      { env: env() },
    );
    expect(r.stderr).toBe('');
    expect(r.code).toBe(0);
    const range = bodies('/metrics/query-range').at(-1)!;
    expect(range.expression).toBe('rate(pkts_down{grp="business"}[5m])');
    expect(range.step_seconds).toBe(300);
    expect(bodies('/metrics/query').at(-1)!.expression).toBe('sum by (grp) (pkts_down)');
    const logs = bodies('/logs/search').slice(-2);
    expect(logs.map((b) => b.query)).toEqual(['level:error host:bras-1', '_msg:"customer terminated"']);
    expect(logs[0]!.limit).toBe(5);
  });

  it('-f: a script of expression lines; an unbalanced one is refused locally with its column', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'routersh-expr-'));
    const file = join(dir, 'script.rsh');
    writeFileSync(file, 'logs search error | limit 5\nmetrics query sum(rate(pkts_down[5m])\n');
    const before = tele.requests.length;
    const r = await runBin(['-f', file], { env: env() });
    expect(r.code).toBe(1);
    expect(r.stderr).toMatch(/% unbalanced '\(' in the expression at column 18 \(line 2\)/);
    const sent = tele.requests
      .slice(before)
      .filter((x) => x.url.includes('/logs/') || x.url.includes('/metrics/'));
    expect(
      sent.map((x) => JSON.parse(x.body ?? '{}').query ?? JSON.parse(x.body ?? '{}').expression),
    ).toEqual(['error | limit 5']);
  });

  it('-f: a multi-line expression is one command, numbered by its first line', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'routersh-expr-'));
    const file = join(dir, 'rule.rsh');
    const rule = 'sum by (grp) (\n  rate(pkts_down[5m])\n) > 0';
    writeFileSync(file, `# an alerting rule\nmetrics query ${rule}\n\nnosuchword\n`);
    const r = await runBin(['-f', file], { env: env() });
    expect(bodies('/metrics/query').at(-1)!.expression).toBe(rule);
    expect(r.code).toBe(1);
    expect(r.stderr).toMatch(/unknown word 'nosuchword'.*\(line 6\)/);
  });

  it('--demo: the simulators answer an expression typed raw', async () => {
    const r = await runBin(['--demo', '-c', 'metrics query sum by (grp) (pkts_down)'], { timeoutMs: 30_000 });
    expect(r.stderr).toBe('');
    expect(r.code).toBe(0);
    expect(r.stdout).toMatch(/grp="?business/);
  });
});
