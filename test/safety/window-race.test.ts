// The fault harness, a confirmed-change window ending while a change is on its way: a slow router
// (each request SLOW_MS) holds a change across the window's end, or another terminal settles the
// window while the shell still works on a line. Found on a loaded machine: the guard reverted
// "0 changes" at the end, then the change typed at "[confirm 3s]" was applied and stayed. The
// invariant is the assertion: the router ends as before every change, and the journal says so.
import { existsSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it, type TestContext } from 'vitest';
import { fileSink } from '../../src/features/changes/journal/file.js';
import { fold } from '../../src/features/changes/journal/fold.js';
import { decide, decisionPath } from '../../src/features/changes/window-decision.js';
import { monitorSource } from '../../src/features/match-list/monitor-source.js';
import { runPiped } from '../../src/run/output-pipes.js';
import type { Outcome } from '../../src/contract/outcome.js';
import { runCommand } from '../helpers/command-io.js';
import { testSession } from '../helpers/session.js';
import { simConfig } from '../helpers/sim-config.js';
import { SLOW_MS } from './fault-router.js';
import { alive, guardLog, HOUR, lastWindow, waitingGuard } from './guard-proc.js';
import { events, expectInvariant, journalFile, LINES, slices } from './invariant.js';
import { faultRig } from './rig.js';

// Over SLOW_MS: the slow change is answered, never timed out.
const T = ['--timeout', String((SLOW_MS + 5000) / 1000)];
const rig = faultRig(T);

/** Waits until `check` holds (every 50 ms; 60 s at most, a hang guard). */
async function until(check: () => boolean, what: string): Promise<void> {
  const end = Date.now() + 60_000;
  while (!check()) {
    if (Date.now() > end) throw new Error(`${what}: not within 60 s`);
    await new Promise((r) => setTimeout(r, 50));
  }
}

const recorded = (stateHome: string, n: number) => () => {
  try {
    return fold(events(journalFile(stateHome))).changes.length >= n;
  } catch {
    return false; // no journal yet
  }
};

/** A shell's session (no guard: it reverts itself) on `router`, journaling to a file; closed when the test ends. */
async function shellSession(url: string, stateHome: string, ctx: TestContext) {
  const file = join(stateHome, 'shell.jsonl');
  const session = await testSession(simConfig(url, { timeoutMs: SLOW_MS + 5000 }), {
    interactive: true,
    journal: fileSink(file),
    yes: true,
  });
  ctx.onTestFinished(() => session.close());
  const run = async (line: string): Promise<Outcome> =>
    (await runPiped(line, { context: [] }, session.services, new AbortController().signal)).outcome;
  return { file, run, services: session.services };
}

const errorOf = (o: Outcome) => (o.kind === 'error' ? o.error.message : `no error: ${o.kind}`);

describe.concurrent('a confirmed-change window that ends while a change is on its way', () => {
  it('the router takes a change after the window ended: the guard waits for its answer and reverts it', async () => {
    const { router, env } = await rig.fresh();
    // A 30-minute window on the test's clock (session/clock.ts, which its guard gets too): it
    // ends when the test moves that clock, while the change's write is held at the router.
    const offsetFile = join(env.XDG_STATE_HOME, 'clock-offset');
    writeFileSync(offsetFile, '0\n');
    let reached: () => void = () => {};
    const held = new Promise<void>((r) => {
      reached = r;
    });
    let release: () => void = () => {};
    const released = new Promise<void>((r) => {
      release = r;
    });
    router.arm({ at: 1, which: 'write', hold: { phase: 'before', reached, release: released } });
    const session = await testSession(simConfig(router.url, { timeoutMs: SLOW_MS + 5000 }), {
      env: { ...process.env, ...env },
      journal: 'file',
      guard: true,
      yes: true,
      clock: { offsetFile },
    });
    const run = (line: string) =>
      runPiped(line, { context: [] }, session.services, new AbortController().signal).then((r) => r.outcome);
    let change: Promise<Outcome> | undefined;
    try {
      expect((await run('confirm-within 30m')).kind).toBe('text');
      change = run(LINES[0]!);
      await held;
      const file = journalFile(env.XDG_STATE_HOME);
      const pid = await waitingGuard(file);
      const id = fold(events(file)).windows.at(-1)!.id;
      // The window ends, its guard decides to revert, and only then does the router apply the change.
      writeFileSync(offsetFile, `${HOUR}\n`);
      await until(() => existsSync(decisionPath(file, id)), 'the guard deciding to revert');
      release();
      expect((await change).kind, 'the change, answered').toBe('router');
      await until(() => !alive(pid), 'the guard ending');
      expect(lastWindow(file)?.state, guardLog(file)).toBe('reverted');
      expect(router.struck()).toBe(true);
      expectInvariant(router, file, rig.s0, rig.s1, { settled: true, why: 'slow change' });
      expect(slices(router)).toEqual(rig.s0);
    } finally {
      release();
      await change?.catch(() => undefined);
      await session.close();
    }
  }, 180_000);

  it('routersh undo --journal from another terminal while a change waits at the router: nothing stays', async () => {
    const { router, env, script } = await rig.fresh();
    writeFileSync(script, `confirm-within 60s\n${LINES[0]}\n${LINES[1]}\n`);
    router.arm({ at: 1, which: 'write', fault: 'slow' });
    const script$ = runCommand(['-f', script, '--yes', ...T], env);
    await until(recorded(env.XDG_STATE_HOME, 1), 'the first change journaled');
    const file = journalFile(env.XDG_STATE_HOME);
    const undo = await runCommand(['undo', '--journal', file, '--yes', ...T], env);
    const r = await script$;
    expect(undo.code, undo.err).toBe(0);
    expect(router.struck()).toBe(true);
    // The second change either reached the router before the revert was decided (then it is
    // reverted too) or was refused, said so, and the script stopped there.
    const second = fold(events(file)).changes.find((c) => c.seq === 2);
    if (second?.status !== 'undone') {
      expect(r.code).not.toBe(0);
      expect(r.err).toMatch(
        /not sent: confirmed-change window \S+ was settled \(revert by routersh undo --journal\)/,
      );
    }
    expectInvariant(router, file, rig.s0, rig.s1, { settled: true, why: 'undo --journal' });
    expect(slices(router)).toEqual(rig.s0);
  }, 180_000);

  it('a change whose window another process settled first is not sent, and the journal says so', async (ctx) => {
    const { router, env } = await rig.fresh();
    const { file, run } = await shellSession(router.url, env.XDG_STATE_HOME, ctx);
    expect((await run('confirm-within 60s')).kind).toBe('text');
    const id = fold(events(file)).windows.at(-1)!.id;
    // What a guard (or `undo --journal`) does first at the window's end.
    expect(decide(file, id, { kind: 'revert', by: 'guard 1' }).won).toBe(true);
    expect(errorOf(await run(LINES[0]!))).toBe(
      `not sent: confirmed-change window ${id} was settled (revert by guard 1) before it was sent`,
    );
    const [c] = fold(events(file)).changes;
    expect(c).toMatchObject({ status: 'failed', window: id, answer: { ok: false, status: 'not sent' } });
    expect(router.writes()).toEqual([]);
    expect(slices(router)).toEqual(rig.s0);
  });

  it('a change typed in a window that ends while its line is resolved is not sent', async (ctx) => {
    const { router, env } = await rig.fresh();
    const { file, run } = await shellSession(router.url, env.XDG_STATE_HOME, ctx);
    expect((await run('confirm-within 1s')).kind).toBe('text');
    const id = fold(events(file)).windows.at(-1)!.id;
    // The line's first read waits SLOW_MS: the shell reverts its window (nothing yet) meanwhile.
    router.arm({ at: 1, which: 'any', fault: 'slow' });
    expect(errorOf(await run(LINES[0]!))).toBe(
      `not sent: confirmed-change window ${id} ended while this command was on its way; nothing was changed`,
    );
    expect(router.struck()).toBe(true);
    expect(fold(events(file)).windows.at(-1)).toMatchObject({ id, state: 'reverted' });
    expect(router.writes()).toEqual([]);
    expect(slices(router)).toEqual(rig.s0);
    // Typed again, outside any window now, it is sent; the refused one took no number.
    expect((await run(LINES[0]!)).kind).toBe('router');
    expect(fold(events(file)).changes.map((c) => [c.seq, c.status])).toEqual([[1, 'done']]);
  });

  // The same rule for the built-ins that journal a change of their own: a match-list import
  // (one change, many entries) and the monitor pane's `d` (its key is its line).
  it('a match-list import typed in a window that ends while the list is read is not sent', async (ctx) => {
    const { router, env } = await rig.fresh();
    const { file, run } = await shellSession(router.url, env.XDG_STATE_HOME, ctx);
    const feed = join(env.XDG_STATE_HOME, 'feed.txt');
    writeFileSync(feed, '192.0.2.50\n192.0.2.51\n');
    expect((await run('confirm-within 1s')).kind).toBe('text');
    const id = fold(events(file)).windows.at(-1)!.id;
    router.arm({ at: 1, which: 'any', fault: 'slow' });
    expect(errorOf(await run(`match-list import blacklist ${feed}`))).toBe(
      `not sent: confirmed-change window ${id} ended while this command was on its way; nothing was changed`,
    );
    expect(router.struck()).toBe(true);
    expect(fold(events(file)).windows.at(-1)).toMatchObject({ id, state: 'reverted' });
    expect(fold(events(file)).changes).toEqual([]);
    expect(router.writes()).toEqual([]);
    expect(slices(router)).toEqual(rig.s0);
  });

  it("the monitor's d pressed in a window that ends while the list's shape is read is not sent", async (ctx) => {
    const { router, env } = await rig.fresh();
    const { file, run, services } = await shellSession(router.url, env.XDG_STATE_HOME, ctx);
    expect((await run('confirm-within 1s')).kind).toBe('text');
    const id = fold(events(file)).windows.at(-1)!.id;
    // As the shell makes it (shell-controller.ts showPane): the session's journal port.
    const source = monitorSource(services.router, 'blacklist', services.journal);
    router.arm({ at: 1, which: 'any', fault: 'slow' });
    await expect(source.remove!('203.0.113.7', new AbortController().signal)).rejects.toThrow(
      `not sent: confirmed-change window ${id} ended while this command was on its way; nothing was changed`,
    );
    expect(router.struck()).toBe(true);
    expect(fold(events(file)).changes).toEqual([]);
    expect(router.writes()).toEqual([]);
    expect(slices(router)).toEqual(rig.s0);
  });
});
