// The fault harness's view of a window's guard (guard-signals, guard-clock): the real detached
// `routersh __guard` found by its command line, its log, and waits on either. Every wait is on
// an event, with a hang guard far above its typical time.
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { fold } from '../../src/features/changes/journal/fold.js';
import { events } from './invariant.js';

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
