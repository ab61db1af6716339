// The fault harness, signals to a window's guard (issue 37): the real detached `routersh __guard`
// gets SIGTERM, SIGHUP or SIGKILL at each step of its window's life — while it waits, after it
// decided to revert but before the router applied any of it (the revert's first write held), and
// during the revert's requests (its third write held). Each window is 30 minutes long and ends
// when the test moves its guard's clock (guard-proc.ts clockedWindow), not after a wait. SIGTERM settles the window at once: one
// bounded attempt, then `reverted` or `unsettled`; SIGHUP changes nothing; SIGKILL leaves the
// window `open` (the shell's watch notices; not this file's). The invariant holds in every case:
// the router ends before or after each change, and the journal says which.
import { describe, expect, it } from 'vitest';
import { decided } from '../../src/features/changes/window-decision.js';
import { runCommand } from '../helpers/command-io.js';
import { alive, clockedWindow, guardLog, lastWindow, until } from './guard-proc.js';
import { events, expectInvariant, LINES, slices, windowEnd } from './invariant.js';
import { faultRig } from './rig.js';

// --timeout 5 s (the windows' sessions too): a held request of the guard's times out in 5 s (its
// credentials carry it), and the runs have room on a loaded machine (2 s failed at load 13).
const T = ['--timeout', '5'];
const rig = faultRig(T);
const CASE_MS = 90_000;

type Sig = 'SIGTERM' | 'SIGHUP' | 'SIGKILL';
type Step = 'waiting' | 'decided' | 'reverting';

/**
 * A window of 30 minutes holding LINES' changes (guard-proc.ts clockedWindow): held steps end it
 * at once through its clock, so the revert's write `hold` is held however long the opening took.
 */
async function openWindow(hold?: number, timeoutMs?: number) {
  const w = await clockedWindow(rig, '30m', {
    ...(hold !== undefined ? { hold } : {}),
    ...(timeoutMs ? { timeoutMs } : {}),
  });
  if (hold !== undefined) w.end();
  return w;
}

/** The state of the window once its guard is gone. */
async function endOf(file: string, pid: number): Promise<string> {
  await until(() => !alive(pid), `the guard ${pid} ending`, 60_000);
  return lastWindow(file)?.state ?? 'none';
}

// What each signal at each step ends in: the window's state and whether the router is as before.
const WANT: Record<Sig, Record<Step, { state: string; router: 's0' | 's1' | 'either' }>> = {
  // One attempt: waiting, it reverts; held, its request times out and it gives up.
  SIGTERM: {
    waiting: { state: 'reverted', router: 's0' },
    decided: { state: 'unsettled', router: 's1' },
    reverting: { state: 'unsettled', router: 'either' },
  },
  // Nothing changes: it reverts at the end (held: the timed-out write is retried).
  SIGHUP: {
    waiting: { state: 'reverted', router: 's0' },
    decided: { state: 'reverted', router: 's0' },
    reverting: { state: 'reverted', router: 's0' },
  },
  // Nobody settles it.
  SIGKILL: {
    waiting: { state: 'open', router: 's1' },
    decided: { state: 'open', router: 's1' },
    reverting: { state: 'open', router: 'either' },
  },
};

describe('a signal to the guard at each step of its window', () => {
  const HOLD: Record<Step, number | undefined> = { waiting: undefined, decided: 1, reverting: 3 };
  const cases = (['SIGTERM', 'SIGHUP', 'SIGKILL'] as const).flatMap((signal) =>
    (['waiting', 'decided', 'reverting'] as const).map((step) => ({ signal, step })),
  );
  it.concurrent.each(cases)(
    '$signal while $step: the window ends as the signal says, and the journal says so',
    async ({ signal, step }) => {
      const why = `${signal} while ${step}`;
      const { router, file, pid, held, end } = await openWindow(HOLD[step]);
      if (step !== 'waiting') {
        await held;
        // The guard decided (the decision file is its) before it sent the held write.
        expect(decided(file, lastWindow(file)!.id)?.by, why).toBe(`guard ${pid}`);
      }
      process.kill(pid, signal);
      if (signal === 'SIGHUP') {
        await until(() => /SIGHUP ignored/.test(guardLog(file)), `${why}: the guard's log`);
        expect(alive(pid), why).toBe(true);
        // Still waiting: its window ends when its clock says so.
        if (step === 'waiting') end();
      }
      const want = WANT[signal][step];
      expect(await endOf(file, pid), `${why}: ${guardLog(file)}`).toBe(want.state);
      // Nobody settles it: not the session that opened the window either, closed already in
      // this process (its watch of the guard ticks each second; a watch left running took the
      // dead guard's revert over).
      if (signal === 'SIGKILL') {
        await new Promise((r) => setTimeout(r, 2500));
        expect(lastWindow(file)?.state, why).toBe('open');
      }
      const settled = want.state === 'reverted';
      expectInvariant(router, file, rig.s0, rig.s1, { settled, why });
      if (want.router !== 'either')
        expect(slices(router), why).toEqual(want.router === 's0' ? rig.s0 : rig.s1);
      // SIGHUP: reverted by the window's end, as the guard's log says; SIGTERM: by the signal.
      if (want.state === 'reverted')
        expect(guardLog(file), why).toMatch(
          signal === 'SIGHUP' ? / expired: reverted/ : /reverted on SIGTERM: reverted/,
        );
      if (want.state === 'unsettled') {
        const note = events(file).findLast((e) => e.t === 'window')!;
        expect(note.t === 'window' && note.note, why).toMatch(/the guard got SIGTERM/);
      }
    },
    CASE_MS,
  );
});

describe('SIGTERM and SIGINT of a waiting guard, more', () => {
  it.concurrent(
    'SIGINT while waiting: reverted at once',
    async () => {
      const { router, file, pid } = await openWindow();
      process.kill(pid, 'SIGINT');
      expect(await endOf(file, pid)).toBe('reverted');
      expectInvariant(router, file, rig.s0, rig.s1, { settled: true, why: 'SIGINT' });
      expect(slices(router)).toEqual(rig.s0);
      expect(guardLog(file)).toMatch(/reverted on SIGINT/);
    },
    CASE_MS,
  );

  it.concurrent(
    'a second SIGTERM during the slow revert starts no second attempt',
    async () => {
      const { router, file, pid } = await openWindow();
      // Each of the revert's writes answered after 1 s: the revert is still under way at the second signal.
      router.delayWrites(1000);
      process.kill(pid, 'SIGTERM');
      await until(() => events(file).some((e) => e.t === 'undo'), 'the revert begun');
      process.kill(pid, 'SIGTERM');
      expect(await endOf(file, pid)).toBe('reverted');
      expect(guardLog(file)).toMatch(/SIGTERM again: the one revert attempt goes on/);
      // One undo per change: one attempt.
      const undos = events(file).filter((e) => e.t === 'undo');
      expect(undos.length).toBe(LINES.length);
      expect(router.writes().length).toBe(rig.sent.writes + rig.sent.undoWrites);
      expectInvariant(router, file, rig.s0, rig.s1, { settled: true, why: 'two SIGTERMs' });
      expect(slices(router)).toEqual(rig.s0);
    },
    CASE_MS,
  );

  it.concurrent(
    'SIGTERM while a revert write is never answered: the attempt is cut at 30 s, unsettled',
    async () => {
      // A 60 s timeout: the request would wait past the bound; the bound cuts it.
      const { router, file, pid, held } = await openWindow(1, 60_000);
      await held;
      process.kill(pid, 'SIGTERM');
      expect(await endOf(file, pid), guardLog(file)).toBe('unsettled');
      expectInvariant(router, file, rig.s0, rig.s1, { why: 'held write' });
      expect(slices(router)).toEqual(rig.s1);
      expect(await windowEnd(file)).toBe('unsettled');
      const note = events(file).findLast((e) => e.t === 'window');
      expect(note?.t === 'window' && note.note).toMatch(
        /the guard got SIGTERM; its one attempt was cut after 30 s/,
      );
    },
    CASE_MS,
  );
});

describe('a window a signal left unsettled, finished by routersh undo --journal FILE', () => {
  it.concurrent.each(['SIGTERM', 'SIGKILL'] as const)(
    '%s after the guard decided to revert: undo --journal FILE reverts every change',
    async (signal) => {
      const { router, env, file, pid, held } = await openWindow(1);
      await held;
      process.kill(pid, signal);
      // SIGTERM: its one attempt timed out, the journal says unsettled. SIGKILL: the window is
      // still open, its decision (revert, by the dead guard) taken.
      expect(await endOf(file, pid), guardLog(file)).toBe(signal === 'SIGTERM' ? 'unsettled' : 'open');
      const undo = await runCommand(['undo', '--journal', file, '--yes', ...T], env);
      expect(undo.code, undo.err).toBe(0);
      expect(lastWindow(file)?.state).toBe('reverted');
      expectInvariant(router, file, rig.s0, rig.s1, { settled: true, why: `${signal}, then undo --journal` });
      expect(slices(router)).toEqual(rig.s0);
    },
    CASE_MS,
  );
});
