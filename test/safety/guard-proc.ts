// The fault harness's view of a window's guard (guard-signals, guard-clock): the real detached
// `routersh __guard` found by its command line, its log, and waits on either. Every wait is on
// an event, with a hang guard far above its typical time.
import { existsSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { expect } from 'vitest';
import { fold } from '../../src/features/changes/journal/fold.js';
import { runPiped } from '../../src/run/output-pipes.js';
import { adminEnv } from '../helpers/command-io.js';
import { testSession } from '../helpers/session.js';
import { simConfig } from '../helpers/sim-config.js';
import { events, journalFile, LINES } from './invariant.js';
import type { Fault } from './fault-router.js';
import type { Rig } from './rig.js';

export const HOUR = 3_600_000;

/** Waits until `check` holds (every 50 ms; `ms` at most, a hang guard). */
export async function until(check: () => boolean, what: string, ms = 30_000): Promise<void> {
  const end = Date.now() + ms;
  while (!check()) {
    if (Date.now() > end) throw new Error(`${what}: not within ${ms / 1000} s`);
    await new Promise((r) => setTimeout(r, 50));
  }
}

/** The pid of the guard of the window in journal `file` (its argv names the file). */
export function guardPid(file: string): number | undefined {
  for (const d of readdirSync('/proc')) {
    if (!/^\d+$/.test(d)) continue;
    let argv: string[];
    try {
      argv = readFileSync(`/proc/${d}/cmdline`, 'utf8').split('\0');
    } catch {
      continue;
    }
    const j = argv.indexOf('--journal');
    if (argv.includes('__guard') && j > 0 && argv[j + 1] === file) return Number(d);
  }
  return undefined;
}

/** Until it is reaped (a zombie still counts, as for routersh's own check, process-alive.ts). */
export function alive(pid: number): boolean {
  return existsSync(`/proc/${pid}`);
}

/** The last window of journal `file`. */
export function lastWindow(file: string) {
  return fold(events(file)).windows.at(-1);
}

/** The guard's log (JOURNAL.WINDOW.guard.log) of the last window of `file`. */
export function guardLog(file: string): string {
  const w = lastWindow(file);
  try {
    return w ? readFileSync(`${file}.${w.id}.guard.log`, 'utf8') : '';
  } catch {
    return '';
  }
}

/** The guard of `file`'s window, once it is waiting (its log says so). */
export async function waitingGuard(file: string): Promise<number> {
  await until(() => /guarding window/.test(guardLog(file)), 'the guard waiting');
  const pid = guardPid(file);
  if (pid === undefined) throw new Error(`no guard process for ${file}: ${guardLog(file)}`);
  return pid;
}

/**
 * A window of `window` holding LINES' changes, opened on a fault router of its own by a session
 * whose clock reads an offset file (session/clock.ts; its guard gets the same clock), closed as a
 * script ends. `step(ms)` moves the guard's wall clock; `end()` moves it an hour on, so the window
 * ends when the test says (however long the opening took). `hold`: the revert's write that the
 * router holds unanswered (`held` resolves when it comes); `fault`: the fault the router puts on
 * the revert's write `at` instead (window-faults).
 */
export async function clockedWindow(
  rig: Rig,
  window: string,
  o: { hold?: number; fault?: { fault: Fault; at: number }; timeoutMs?: number } = {},
) {
  const { router } = await rig.fresh();
  const env = adminEnv(router.url);
  const offsetFile = join(env.XDG_STATE_HOME, 'clock-offset');
  writeFileSync(offsetFile, '0\n');
  let reached: () => void = () => {};
  const held = new Promise<void>((r) => {
    reached = r;
  });
  // Armed before the window opens, counting the opening's writes (a clean run's).
  if (o.hold !== undefined)
    router.arm({ at: rig.sent.writes + o.hold, which: 'write', hold: { phase: 'before', reached } });
  if (o.fault) router.arm({ at: rig.sent.writes + o.fault.at, which: 'write', fault: o.fault.fault });
  const session = await testSession(simConfig(router.url, { timeoutMs: o.timeoutMs ?? 5000 }), {
    env: { ...process.env, ...env },
    journal: 'file',
    guard: true,
    yes: true,
    clock: { offsetFile },
  });
  try {
    for (const line of [`confirm-within ${window}`, ...LINES]) {
      const { outcome } = await runPiped(
        line,
        { context: [] },
        session.services,
        new AbortController().signal,
      );
      const said = outcome.kind === 'error' ? outcome.error.message : '';
      expect(outcome.kind, `${line}: ${said}`).not.toBe('error');
    }
  } finally {
    await session.close();
  }
  const file = journalFile(env.XDG_STATE_HOME);
  const pid = await waitingGuard(file);
  const step = (ms: number) => writeFileSync(offsetFile, `${ms}\n`);
  return { router, env, file, pid, held, step, end: () => step(HOUR) };
}
