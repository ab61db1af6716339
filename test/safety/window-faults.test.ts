// The fault harness, the confirmed-change window's end (issue 17 §6): a window's guard — a real
// detached routersh — reverts at its window's end through a fault at each write of its revert
// (part one, request-faults.test.ts, has the other paths), and after the shell that opened it was
// SIGKILLed at each step (part two, sigkill.test.ts). No case races real time: every window is
// 30 minutes and ends when the test says, once its opening is done and its guard waits — part
// one through the session's clock seam (clockedWindow: the guard's wall clock moved an hour on),
// part two (the built binary, SIGKILLed: no clock to pass) by the guard's SIGTERM, which settles
// the window at once, as at its end (docs/safe-changes.md). The cases all run at once (project
// `concurrent`, vitest.config.ts); only the openings take turns (a few at a time), for the CPU.
import { writeFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { pairs } from '../helpers/whole.js';
import { FAULTS } from './fault-router.js';
import { alive, clockedWindow, guardLog, lastWindow, until, waitingGuard } from './guard-proc.js';
import { expectInvariant, journalFile, LINES, slices } from './invariant.js';
import { killedAt, PHASES } from './killed-at.js';
import { faultRig } from './rig.js';

// --timeout 5 s: a hang guard for the clean requests on a loaded machine, far under LATE_MS (when
// a `timeout-after` fault answers), so the guard's attempt under that fault still times out.
const TIMEOUT_MS = 5000;
const T = ['--timeout', String(TIMEOUT_MS / 1000)];
const rig = faultRig(T);
// Ended by the test, never by real time.
const WINDOW = '30m';
// Hang guards only: a case waits for its turn to open (4 at a time, 11 cases; 43 whole), then its guard's
// revert and retries (a `timeout-after` costs a --timeout each).
const CASE_MS = 150_000;
const GUARD_MS = 100_000;

/** Runs `fn` when fewer than `n` others are running. */
function turns(n: number): <T>(fn: () => Promise<T>) => Promise<T> {
  let running = 0;
  const waiting: (() => void)[] = [];
  return async (fn) => {
    while (running >= n) await new Promise<void>((r) => waiting.push(r));
    running++;
    try {
      return await fn();
    } finally {
      running--;
      waiting.shift()?.();
    }
  };
}
const opening = turns(4);

describe('a confirmed-change window that expires, a fault at each write of its revert', () => {
  // Every fault kind and every write, each once; each kind at each write: `npm run bench -- whole`.
  const matrix = pairs(FAULTS, [1, 2, 3, 4, 5, 6, 7], (fault, at) => ({ fault, at }));
  it.concurrent.each(matrix)(
    '$fault at revert write $at: the guard retries until the router is as before',
    async ({ fault, at }) => {
      const why = `${fault} at revert write ${at}`;
      // The fault is armed before the window opens, counting the opening's own writes (those of a
      // clean run): it strikes the revert's write `at`.
      const { router, file, pid, end } = await opening(() =>
        clockedWindow(rig, WINDOW, { fault: { fault, at }, timeoutMs: TIMEOUT_MS }),
      );
      // The guard waits and the window is open: only the opening has written, all of it.
      expect(router.writes().length, `${why}: the opening's writes`).toBe(rig.sent.writes);
      expect(router.struck(), why).toBe(false);
      expect(slices(router), why).toEqual(rig.s1);
      end();
      await until(() => !alive(pid), `${why}: the guard ending`, GUARD_MS);
      expect(lastWindow(file)?.state, `${why}: ${guardLog(file)}`).toBe('reverted');
      expect(router.struck(), why).toBe(true);
      expectInvariant(router, file, rig.s0, rig.s1, { settled: true, why });
      expect(slices(router), why).toEqual(rig.s0);
    },
    CASE_MS,
  );
});

describe('SIGKILL of a shell inside a confirmed-change window', () => {
  // Before and after, and every write, each once; both at each write: `npm run bench -- whole`.
  const steps = pairs(PHASES, [1, 2, 3, 4], (phase, at) => ({ at, phase }));
  it.concurrent.each(steps)(
    'killed $phase the router applied write $at: the guard reverts at the end',
    async ({ at, phase }) => {
      const { router, env, script } = await rig.fresh();
      writeFileSync(script, `confirm-within ${WINDOW}\n${LINES.join('\n')}\n`);
      // The window opens before any write: its guard is spawned before the kill.
      await opening(() => killedAt(router, ['-f', script, '--yes', ...T], env, at, phase));
      const why = `window: killed ${phase} write ${at}`;
      const file = journalFile(env.XDG_STATE_HOME);
      const pid = await waitingGuard(file);
      expect(lastWindow(file)?.state, why).toBe('open');
      // The window's end, told by the test: SIGTERM settles it at once (one revert attempt).
      process.kill(pid, 'SIGTERM');
      await until(() => !alive(pid), `${why}: the guard ending`, GUARD_MS);
      expect(lastWindow(file)?.state, `${why}: ${guardLog(file)}`).toBe('reverted');
      expectInvariant(router, file, rig.s0, rig.s1, { settled: true, why });
      expect(slices(router), why).toEqual(rig.s0);
    },
    CASE_MS,
  );
});
