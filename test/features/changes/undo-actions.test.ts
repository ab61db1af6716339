// Actions (`ping`, `create-token`) are changes for `changes` but not for undo (issue 17, section
// 3): they never block `undo`, which reverts the newest undoable change and says, one line each,
// what it passed over. Through the product's entry against the router simulator over HTTP.
import { readdirSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type RouterSim, startRouterSim } from '../../../sim/router/index.js';
import { adminEnv, runCommand } from '../../helpers/command-io.js';

let sim: RouterSim;
beforeAll(async () => {
  sim = await startRouterSim();
});
afterAll(() => sim.close());

const env = () => ({ ...adminEnv(sim.url), COLUMNS: '250' });
const writes = (from: number) => sim.requests.slice(from).filter((r) => r.method !== 'GET');

describe('undo passes over actions', () => {
  it('reverts the newest undoable change; each action passed over is said on its own line', async () => {
    const r = await runCommand(
      [
        '--yes',
        '-c',
        'interface eth1 mtu 1501',
        '-c',
        'ping 127.0.0.1 count 1',
        '-c',
        'system user admin api create-token',
        '-c',
        'changes',
        '-c',
        'undo',
      ],
      env(),
    );
    expect(r.err).toBe('');
    expect(r.code).toBe(0);
    // `changes` lists all three.
    expect(r.out).toMatch(/ping 127\.0\.0\.1 count 1[^\n]*done, not undoable/);
    expect(r.out).toMatch(/system user admin api create-token[^\n]*done, not undoable/);
    const lines = r.out.split('\n');
    const skipped = lines.filter((l) => l.startsWith('skipped '));
    expect(skipped).toEqual([
      expect.stringMatching(
        /^skipped #3 system user admin api create-token: not undoable: the metadata shows no change/,
      ),
      expect.stringMatching(
        /^skipped #2 ping 127\.0\.0\.1 count 1: not undoable: the metadata shows no change/,
      ),
    ]);
    expect(lines).toContain('undone #1 interface eth1 mtu 1501');
    const mtu = await runCommand(['--json', '-c', 'describe interface eth1 mtu'], env());
    expect(mtu.out).not.toMatch(/1501/);
  });

  it('undo N counts undoable changes only', async () => {
    const r = await runCommand(
      [
        '--yes',
        '-c',
        'interface eth1 mtu 1502',
        '-c',
        'ping 127.0.0.1 count 1',
        '-c',
        'interface eth1 mtu 1503',
        '-c',
        'ping 127.0.0.1 count 1',
        '-c',
        'undo 2',
      ],
      env(),
    );
    expect(r.err).toBe('');
    expect(r.out).toMatch(/undone #3 interface eth1 mtu 1503\nundone #1 interface eth1 mtu 1502/);
    expect(r.out.split('\n').filter((l) => l.startsWith('skipped '))).toHaveLength(2);
  });

  it('only actions: nothing to undo, one line naming each, nothing sent', async () => {
    const e = env();
    const n = sim.requests.length;
    const r = await runCommand(['--yes', '-c', 'ping 127.0.0.1 count 1', '-c', 'undo'], e);
    expect(r.code).toBe(1);
    expect(r.err).toMatch(
      /^% nothing to undo: #1 ping 127\.0\.0\.1 count 1 is not undoable: the metadata shows no change[^\n]* \(command 2\)\n$/,
    );
    // The ping's own POST only.
    expect(writes(n)).toHaveLength(1);
  });

  it('routersh undo --journal FILE: an action as the newest change does not block it either', async () => {
    const e = env();
    const made = await runCommand(['-c', 'interface eth0 mtu 1504', '-c', 'ping 127.0.0.1 count 1'], e);
    expect(made.err).toBe('');
    const dir = join(e.XDG_STATE_HOME, 'routersh', 'journal');
    const file = join(dir, readdirSync(dir)[0]!);
    const r = await runCommand(['undo', '--journal', file, '--yes'], e);
    expect(r.err).toBe('');
    expect(r.out).toMatch(/^skipped #2 ping 127\.0\.0\.1 count 1: not undoable/m);
    expect(r.out).toMatch(/^undone #1 interface eth0 mtu 1504$/m);
  });
});
