// `changes` shows each window's state (issue 37): a change made in a confirmed-change window says
// whether that window is open, unguarded (its guard's process gone), confirmed, reverted or
// unsettled — on old main a change of a window whose guard was killed read `done` as if kept.
// Other sessions' journals, then `changes all` through the product's entry against the router
// simulator over HTTP.
import { spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { processStart } from '../../../src/features/changes/journal-open.js';
import { type RouterSim, startRouterSim } from '../../../sim/router/index.js';
import { runCommand } from '../../helpers/command-io.js';

const at = Date.now() - 60_000;
const deadline = Date.now() + 10 * 60_000;

/** A pid no process has now: a child's, after it exited. */
const deadPid = (): number => spawnSync(process.execPath, ['-e', '0']).pid!;

function journal(dir: string, name: string, router: string, window: string, lines: object[]): void {
  const session = name.slice(-6);
  const id = `${session}.1`;
  const events = [
    { t: 'session', session, router, user: 'admin', at },
    { t: 'window', window, state: 'open', deadline, at, by: 'shell' },
    {
      t: 'change',
      id,
      seq: 1,
      at: at + 1,
      line: `interface eth1 mtu ${session}`,
      requests: [{ method: 'POST', words: ['interface', 'eth1', 'mtu', '1600'], actions: ['SET'] }],
      words: ['interface', 'eth1', 'mtu'],
      window,
    },
    { t: 'answer', id, answer: { ok: true, status: 'OK' } },
    ...lines.map((l) => ({ at, ...l, ...('id' in l ? { id } : {}) })),
  ];
  writeFileSync(join(dir, `${name}.jsonl`), `${events.map((e) => JSON.stringify(e)).join('\n')}\n`);
}

describe('changes all: each window state', () => {
  let sim: RouterSim;
  beforeAll(async () => {
    sim = await startRouterSim();
  });
  afterAll(() => sim.close());

  it('open, unguarded, confirmed, reverted and unsettled, in the table and in --json', async () => {
    const state = mkdtempSync(join(tmpdir(), 'routersh-wstate-'));
    const dir = join(state, 'routersh', 'journal');
    mkdirSync(dir, { recursive: true });
    const r = sim.url;
    const me = { pid: process.pid, pidStart: processStart(process.pid) };
    journal(dir, '2000-01-01T00-00-01-000Z-aaaaa1', r, 'w1', [{ t: 'guard', window: 'w1', ...me }]);
    journal(dir, '2000-01-01T00-00-02-000Z-aaaaa2', r, 'w2', [{ t: 'guard', window: 'w2', pid: deadPid() }]);
    journal(dir, '2000-01-01T00-00-03-000Z-aaaaa3', r, 'w3', [
      { t: 'window', window: 'w3', state: 'confirmed', deadline, by: 'shell' },
    ]);
    journal(dir, '2000-01-01T00-00-04-000Z-aaaaa4', r, 'w4', [
      { t: 'undo', id: 1, by: 'w4 expired', requests: [] },
      { t: 'undone', id: 1, ok: true, note: 'window w4 expired' },
      { t: 'window', window: 'w4', state: 'reverted', deadline, by: 'guard 9' },
    ]);
    journal(dir, '2000-01-01T00-00-05-000Z-aaaaa5', r, 'w5', [
      { t: 'window', window: 'w5', state: 'unsettled', deadline, by: 'guard 9', note: 'SIGTERM' },
    ]);
    const env = {
      ROUTERSH_ROUTER: r,
      ROUTERSH_USER: 'admin',
      ROUTERSH_PASSWORD: 'admin',
      XDG_STATE_HOME: state,
      COLUMNS: '250',
    };
    const out = await runCommand(['-c', 'changes all'], env);
    expect(out.err).toBe('');
    const status = (s: string) =>
      out.out
        .split('\n')
        .find((l) => l.includes(`mtu ${s}`))
        ?.trim();
    expect(status('aaaaa1')).toMatch(/ done, window open$/);
    expect(status('aaaaa2')).toMatch(/ done, window unguarded$/);
    expect(status('aaaaa3')).toMatch(/ done, window confirmed$/);
    expect(status('aaaaa4')).toMatch(/ undone \(window w4 expired\), window reverted$/);
    expect(status('aaaaa5')).toMatch(/ done, window unsettled$/);
    const json = await runCommand(['--json', '-c', 'changes all'], env);
    const doc = JSON.parse(json.out) as { changes: { window: string; windowState: string }[] };
    expect(doc.changes.map((c) => [c.window, c.windowState])).toEqual([
      ['w1', 'open'],
      ['w2', 'unguarded'],
      ['w3', 'confirmed'],
      ['w4', 'reverted'],
      ['w5', 'unsettled'],
    ]);
  });
  it("this session's changes: open while the window is, confirmed after", async () => {
    const state = mkdtempSync(join(tmpdir(), 'routersh-wstate-'));
    const env = {
      ROUTERSH_ROUTER: sim.url,
      ROUTERSH_USER: 'admin',
      ROUTERSH_PASSWORD: 'admin',
      XDG_STATE_HOME: state,
      COLUMNS: '250',
    };
    // Confirmed in the same script: its guard sees it and ends.
    const out = await runCommand(
      [
        '-c',
        'confirm-within 5m',
        '-c',
        'interface eth1 mtu 1609',
        '-c',
        'changes',
        '-c',
        'confirm',
        '-c',
        'changes',
      ],
      env,
    );
    expect(out.err).toBe('');
    const rows = out.out.split('\n').filter((l) => l.includes('interface eth1 mtu 1609'));
    expect(rows.map((l) => /, window (\w+)\s*$/.exec(l)?.[1])).toEqual(['open', 'confirmed']);
  });
});
