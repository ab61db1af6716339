// The fault harness, the confirmed-change window's end (issue 17 §6): a window's guard — a real
// detached routersh — reverts at the end of a 4 s window through a fault at each write of its
// revert (part one, request-faults.test.ts, has the other paths), and after the shell that
// opened it was SIGKILLed at each step (part two, sigkill.test.ts). Each case waits seconds for
// its window to end, so the file's cases all run at once (project `concurrent`, vitest.config.ts);
// only the runs that open windows take turns (a few at a time), so that each finishes its
// changes well inside its own window however many guards are waiting.
import { writeFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { runCommand } from '../helpers/command-io.js';
import { FAULTS } from './fault-router.js';
import { events, expectInvariant, journalFile, LINES, slices, windowEnd } from './invariant.js';
import { killedAt, PHASES } from './killed-at.js';
import { faultRig } from './rig.js';

// --timeout 2 s: a `timeout-after` answers at 3 s, so the guard's attempt still times out; and a
// run opening its window (in this process, beside 42 other cases' routers and guards) has room
// on a busy machine. A held write (SIGKILL) is never answered.
const T = ['--timeout', '2'];
const rig = faultRig(T);
// Long enough that a run opening its window ends inside it on a busy machine (4 at a time, beside
// 42 other cases' routers and guards).
const WINDOW = '4s';
const { fresh } = rig;
// A case's time includes its wait for a turn to open its window (4 at a time, 43 cases: the
// matrix's last cases start ~10 s late on a busy machine), then the window, then the guard's
// retries: 25 s timed out the last three `malformed-after` cases on a loaded machine.
const CASE_MS = 45_000;

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
  const matrix = FAULTS.flatMap((fault) => Array.from({ length: 7 }, (_, i) => ({ fault, at: i + 1 })));
  it.concurrent.each(matrix)(
    '$fault at revert write $at: the guard retries until the router is as before',
    async ({ fault, at }) => {
      const { router, env, script } = await fresh();
      // --yes: the route deletion is asked about (it may cut routersh's path), a script says yes.
      writeFileSync(script, `confirm-within ${WINDOW}\n${LINES.join('\n')}\n`);
      // Armed before the window opens, counting the opening's own writes (those of a clean run):
      // the fault strikes the revert's write `at` however late this run ends on a busy machine
      // (armed after it, a revert already begun let its first writes through unstruck).
      router.arm({ at: rig.sent.writes + at, which: 'write', fault });
      const opened = await opening(() => runCommand(['-f', script, '--yes', ...T], env));
      const why = `${fault} at revert write ${at}`;
      expect(opened.code, `${why}: ${opened.err}`).toBe(0);
      const file = journalFile(env.XDG_STATE_HOME);
      // The count the fault was armed with: the opening wrote as many as a clean run, so write
      // `at` after them is the revert's. Counted before the journal is read: a revert journals
      // its undo before sending it, so no undo there means none of these writes was the revert's.
      const written = router.writes().length;
      if (!events(file).some((e) => e.t === 'undo'))
        expect(written, `${why}: the opening's writes`).toBe(rig.sent.writes);
      expect(await windowEnd(file), why).toBe('reverted');
      expect(router.struck(), why).toBe(true);
      expectInvariant(router, file, rig.s0, rig.s1, { settled: true, why });
      expect(slices(router), why).toEqual(rig.s0);
    },
    CASE_MS,
  );
});

describe('SIGKILL of a shell inside a confirmed-change window', () => {
  const steps = PHASES.flatMap((phase) => Array.from({ length: 4 }, (_, i) => ({ at: i + 1, phase })));
  it.concurrent.each(steps)(
    'killed $phase the router applied write $at: the guard reverts at the end',
    async ({ at, phase }) => {
      const { router, env, script } = await fresh();
      writeFileSync(script, `confirm-within ${WINDOW}\n${LINES.join('\n')}\n`);
      await opening(() => killedAt(router, ['-f', script, '--yes', ...T], env, at, phase));
      const why = `window: killed ${phase} write ${at}`;
      const file = journalFile(env.XDG_STATE_HOME);
      expect(await windowEnd(file), why).toBe('reverted');
      expectInvariant(router, file, rig.s0, rig.s1, { settled: true, why });
      expect(slices(router), why).toEqual(rig.s0);
    },
    CASE_MS,
  );
});
