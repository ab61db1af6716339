// The fault harness, one window per node (issue 37 §5): two confirmed-change windows of one user,
// each in a process of its own (the built binary), change one node. Measured before: window B's
// change was sent over window A's; A's revert found its node "changed since by someone else" and
// gave up, B's reverted to A's unconfirmed value, which nobody reverted. Now the second change is
// refused, naming the window that holds the node and until when; the invariant is the router's
// own state: once the windows are settled, the node is as before the first window.
import { readdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { fold } from '../../src/features/changes/journal/fold.js';
import { adminEnv } from '../helpers/command-io.js';
import { runBin } from '../helpers/run-bin.js';
import { type FaultRouter, startFaultRouter } from './fault-router.js';
import { events, slices } from './invariant.js';

const T = ['--timeout', '5'];
const routers: FaultRouter[] = [];
afterAll(async () => {
  await Promise.all(routers.map((r) => r.close()));
});

/** A router of its own, its state before any window, and an environment logged in to it. */
async function fresh() {
  const router = await startFaultRouter();
  routers.push(router);
  return { router, env: adminEnv(router.url), s0: slices(router) };
}

/** The state directory's journal files. */
function journals(stateHome: string): string[] {
  const dir = join(stateHome, 'routersh', 'journal');
  try {
    return readdirSync(dir)
      .filter((f) => f.endsWith('.jsonl'))
      .map((f) => join(dir, f));
  } catch {
    return [];
  }
}

const HELD =
  /not sent: interface eth0 mtu is held by window (\S+) \((\/\S+\.jsonl)\) until \d\d:\d\d:\d\d; confirm or revert it first/;

/** A script opening a window (30 minutes: settled by the test, not by its end) that sets eth0's MTU. */
function script(dir: string, name: string, mtu: number, window = '30m'): string {
  const f = join(dir, `${name}.routersh`);
  writeFileSync(f, `confirm-within ${window}\ninterface eth0 mtu ${mtu}\n`);
  return f;
}

/** The journal's last window's state once it is no longer `open` (its guard settles it), 90 s at most. */
async function settled(journal: string): Promise<string | undefined> {
  const end = Date.now() + 90_000;
  for (;;) {
    const state = fold(events(journal)).windows.at(-1)?.state;
    if (state !== 'open' || Date.now() > end) return state;
    await new Promise((r) => setTimeout(r, 200));
  }
}

describe.concurrent('two confirmed-change windows on one node', () => {
  it('the second window is refused, naming the first; its guard reverts: the router ends as before it', async () => {
    const { router, env, s0 } = await fresh();
    const state = env.XDG_STATE_HOME;
    // Ended by the test (its guard's SIGTERM, below), never by real time.
    const a = await runBin(['-f', script(state, 'a', 1401), ...T], { env });
    expect(a.code, a.stderr).toBe(0);
    const [ja] = journals(state);
    expect(slices(router).eth0).toBe(1401);
    const b = await runBin(['-f', script(state, 'b', 1402), ...T], { env });
    expect(b.code, b.stderr).not.toBe(0);
    const m = HELD.exec(b.stderr);
    expect(m, b.stderr).not.toBeNull();
    const wa = fold(events(ja!)).windows.at(-1)!.id;
    expect([m![1], m![2]]).toEqual([wa, ja]);
    // Nothing of B reached the router: A's unconfirmed value is still A's alone to revert.
    expect(slices(router).eth0).toBe(1401);
    const jb = journals(state).find((j) => j !== ja)!;
    const [refused] = fold(events(jb)).changes;
    expect(refused).toMatchObject({ status: 'failed', answer: { ok: false, status: 'not sent' } });
    // B's window kept (it holds nothing); A's reverted by its guard, told to end it now: SIGTERM
    // settles a window at once, as at its end (docs/safe-changes.md).
    const confirm = await runBin(['confirm', '--journal', jb], { env });
    expect(confirm.code, confirm.stderr).toBe(0);
    const guard = events(ja!).find((e) => e.t === 'guard');
    if (guard?.t !== 'guard') throw new Error('no guard journaled');
    process.kill(guard.pid, 'SIGTERM');
    expect(await settled(ja!)).toBe('reverted');
    expect(slices(router)).toEqual(s0);
    // A's change and its revert: the router took no other write.
    expect(router.writes().length).toBe(2);
  }, 180_000);

  it('a window past its end whose guard was killed still holds its node until it is reverted', async () => {
    const { router, env, s0 } = await fresh();
    const state = env.XDG_STATE_HOME;
    const a = await runBin(['-f', script(state, 'a', 1401, '8s'), ...T], { env });
    expect(a.code, a.stderr).toBe(0);
    const [ja] = journals(state);
    const guard = events(ja!).find((e) => e.t === 'guard');
    if (guard?.t !== 'guard') throw new Error('no guard journaled');
    process.kill(guard.pid, 'SIGKILL');
    // Past its end, nothing reverted it: A's 1401 is unconfirmed, and still A's alone.
    const deadline = fold(events(ja!)).windows.at(-1)!.deadline;
    while (Date.now() <= deadline) await new Promise((r) => setTimeout(r, 100));
    const b = await runBin(['-f', script(state, 'b', 1402), ...T], { env });
    expect(b.code, b.stderr).not.toBe(0);
    expect(b.stderr).toMatch(
      /not sent: interface eth0 mtu is held by window \S+ \(\S+\), not settled since \d\d:\d\d:\d\d; confirm or revert it first/,
    );
    expect(slices(router).eth0).toBe(1401);
    const jb = journals(state).find((j) => j !== ja)!;
    for (const [cmd, j] of [
      ['undo', ja!],
      ['confirm', jb],
    ] as const) {
      const r = await runBin([cmd, '--journal', j, ...(cmd === 'undo' ? ['--yes', ...T] : [])], { env });
      expect(r.code, r.stderr).toBe(0);
    }
    expect(slices(router)).toEqual(s0);
  }, 120_000);

  it('two windows setting one node at once: at most one is sent, and the router ends as before both', async () => {
    const { router, env, s0 } = await fresh();
    const state = env.XDG_STATE_HOME;
    const runs = await Promise.all([
      runBin(['-f', script(state, 'a', 1401), ...T], { env }),
      runBin(['-f', script(state, 'b', 1402), ...T], { env }),
    ]);
    const sent = runs.filter((r) => r.code === 0);
    expect(sent.length, runs.map((r) => r.stderr).join('\n')).toBeLessThanOrEqual(1);
    for (const r of runs) if (r.code !== 0) expect(r.stderr).toMatch(HELD);
    expect([1401, 1402, s0.eth0]).toContain(slices(router).eth0);
    for (const j of journals(state)) {
      const r = await runBin(['undo', '--journal', j, '--yes', ...T], { env });
      expect(r.code, r.stderr).toBe(0);
    }
    expect(slices(router)).toEqual(s0);
  }, 120_000);
});
