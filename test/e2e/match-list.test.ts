// `routersh match-list …` and the `match-list` built-in through the built binary (npm run build
// first) against the router simulator.
import { mkdtempSync, readdirSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type RouterSim, startRouterSim } from '../../sim/router/index.js';
import { runBin } from '../helpers/run-bin.js';

let sim: RouterSim;
let env: Record<string, string>;
const dir = mkdtempSync(join(tmpdir(), 'routersh-mlist-'));
const ip = (i: number) => `10.1.${i >> 8}.${i & 255}`;
const writes = (from: number) => sim.requests.slice(from).filter((q) => q.method !== 'GET').length;

beforeAll(async () => {
  sim = await startRouterSim();
  env = { ROUTERSH_ROUTER: sim.url, ROUTERSH_USER: 'admin', ROUTERSH_PASSWORD: 'admin' };
});
afterAll(() => sim.close());

describe('routersh match-list (command line)', () => {
  it('is journaled as the same line under -c is: changes all lists it, undo --journal FILE reverts it', async () => {
    const state = mkdtempSync(join(tmpdir(), 'routersh-mlist-state-'));
    const e = { ...env, XDG_STATE_HOME: state };
    const feed = join(dir, 'journaled.txt');
    writeFileSync(feed, '198.51.100.7\n198.51.100.8\n');
    const r = await runBin(['match-list', 'import', 'blacklist', feed], { env: e });
    expect(r.stderr).toBe('');
    expect(r.code).toBe(0);
    const journals = join(state, 'routersh', 'journal');
    const [file] = readdirSync(journals);
    expect(file).toBeDefined();
    const all = await runBin(['--json', '-c', 'changes all'], { env: e });
    expect(all.code).toBe(0);
    expect(JSON.parse(all.stdout).changes).toEqual([
      expect.objectContaining({ command: `match-list import blacklist ${feed}`, undoable: true }),
    ]);
    const listed = async () => (await runBin(['match-list', 'export', 'blacklist'], { env: e })).stdout;
    expect(await listed()).toMatch(/198\.51\.100\.7/);
    const undo = await runBin(['undo', '--journal', join(journals, file!), '--yes'], { env: e });
    expect(undo.stderr).toBe('');
    expect(undo.code).toBe(0);
    expect(undo.stdout).toMatch(/undone #1 match-list import blacklist/);
    expect(await listed()).not.toMatch(/198\.51\.100\.[78]/);
  });

  it('imports 1,000 lines from stdin with comments and duplicates, summary as JSON', async () => {
    const lines = ['# feed', ...Array.from({ length: 1000 }, (_, i) => ip(i)), ip(5), ''];
    const n = sim.requests.length;
    const r = await runBin(['match-list', 'import', 'blacklist', '-', '--json'], {
      env,
      input: lines.join('\n'),
      timeoutMs: 60_000,
    });
    expect(r.stderr).toBe('');
    expect(r.code).toBe(0);
    expect(JSON.parse(r.stdout)).toMatchObject({
      entries: 1000,
      duplicates: 1,
      added: 1000,
      refreshed: 0,
      failed: 0,
    });
    expect(writes(n)).toBe(1000);
  }, 180_000);

  it('a bad line: named with its line number, nothing sent, a failing exit status', async () => {
    const file = join(dir, 'bad.txt');
    writeFileSync(file, '192.0.2.1\n# x\n192.0.2.300\n');
    const n = sim.requests.length;
    const r = await runBin(['match-list', 'import', 'blacklist', file], { env });
    expect(r.code).not.toBe(0);
    expect(r.stderr).toContain("% line 3: '192.0.2.300' is not a valid net");
    expect(writes(n)).toBe(0);
    const kept = await runBin(['match-list', 'import', 'blacklist', file, '--keep-going'], { env });
    expect(kept.code).toBe(0);
    expect(kept.stdout).toMatch(
      /^match-list blacklist: 1 added, 0 refreshed, 0 failed; 1 invalid line skipped/,
    );
    expect(writes(n)).toBe(1);
  });

  it('sync --dry-run prints the difference and sends nothing; export prints one entry a line', async () => {
    const file = join(dir, 'want.txt');
    writeFileSync(file, '203.0.113.7\n198.18.0.1\n');
    const n = sim.requests.length;
    const dry = await runBin(['match-list', 'sync', 'blacklist', file, '--dry-run'], { env });
    expect(dry.code).toBe(0);
    expect(dry.stdout).toContain('+ 198.18.0.1\n- 198.51.100.0/24\n');
    expect(writes(n)).toBe(0);
    const real = await runBin(['match-list', 'sync', 'blacklist', file], { env, timeoutMs: 60_000 });
    expect(real.code).toBe(0);
    const out = await runBin(['match-list', 'export', 'blacklist'], { env });
    expect(out.stdout.split('\n').filter(Boolean).sort()).toEqual(['198.18.0.1', '203.0.113.7']);
  }, 180_000);

  it('the same command runs as a built-in line (-c)', async () => {
    const r = await runBin(
      ['-c', 'match-list export blacklist', '-c', 'match-list import blacklist /nonexistent'],
      {
        env,
      },
    );
    expect(r.stdout).toContain('203.0.113.7\n');
    expect(r.stderr).toContain('cannot read /nonexistent: ENOENT');
    expect(r.code).not.toBe(0);
  });
});
