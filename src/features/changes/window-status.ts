// A confirmed-change window's state as every reader shows it (`changes`, the start rule, the
// open-window index): one pure function of the journal's events, the window's decision file and
// whether a process lives. The journal's written states are open | confirmed | reverted |
// failed | unsettled; what is shown adds `unguarded` (open, its guard's process gone) and reads
// `failed` (older journals) and a revert begun by a process now gone as `unsettled`.
import type { JournalEvent } from '../../contract/journal.js';
import type { WindowDecision } from './window-decision.js';
import { REVERT_RETRY_MS } from './window-revert.js';

export type ShownWindowState = 'open' | 'unguarded' | 'confirmed' | 'reverted' | 'unsettled';

/**
 * How long past its deadline an open window is still someone's to revert: a guard (or a shell
 * without one) retries a revert the router refuses for REVERT_RETRY_MS after the end.
 */
export const OVERDUE_MS = REVERT_RETRY_MS + 60_000;

export interface WindowFacts {
  /** The journal file's events, in order. */
  events: readonly JournalEvent[];
  window: string;
  /** The window's decision file, read (window-decision.ts `decided`). */
  decision: WindowDecision | undefined;
  /** Whether process `pid` (started at `start`, when known) is alive. */
  alive: (pid: number, start?: string) => boolean;
  now: number;
}

export interface WindowStatus {
  window: string;
  state: ShownWindowState;
  deadline: number;
  /** Changes made in it and applied, not undone since. */
  pending: number;
  /** Open past its deadline by more than OVERDUE_MS: whoever keeps it is not reverting it. */
  overdue: boolean;
  /** Its guard's process, as the journal names it (the last one started). */
  guard?: { pid: number; pidStart?: string };
  /**
   * The process that made its changes (the shell or script that opened it) still runs: a shell
   * whose guard is gone reverts the window at its end itself.
   */
  keeperAlive: boolean;
}

/** The window's state, or undefined when the journal never opened it. */
export function windowStatus(f: WindowFacts): WindowStatus | undefined {
  let written: Extract<JournalEvent, { t: 'window' }> | undefined;
  let guard: WindowStatus['guard'];
  let keeper: { pid: number; pidStart?: string | undefined } | undefined;
  const inWindow = new Set<string>();
  const applied = new Set<string>();
  const undoBegun = new Set<string>();
  const undone = new Set<string>();
  for (const e of f.events) {
    if (e.t === 'window' && e.window === f.window) written = e;
    else if (e.t === 'guard' && e.window === f.window)
      guard = { pid: e.pid, ...(e.pidStart !== undefined ? { pidStart: e.pidStart } : {}) };
    else if (e.t === 'change' && e.window === f.window) {
      inWindow.add(e.id);
      if (e.pid !== undefined) keeper ??= { pid: e.pid, pidStart: e.pidStart };
    } else if (e.t === 'answer' && e.answer.ok) applied.add(e.id);
    else if (e.t === 'undo') undoBegun.add(e.id);
    else if (e.t === 'undone' && e.ok) undone.add(e.id);
  }
  if (!written) return undefined;
  const mine = [...inWindow];
  const pending = mine.filter((id) => applied.has(id) && !undone.has(id)).length;
  const keeperAlive =
    keeper !== undefined && written.state === 'open' && f.alive(keeper.pid, keeper.pidStart);
  const base = {
    window: f.window,
    deadline: written.deadline,
    pending,
    keeperAlive,
    ...(guard ? { guard } : {}),
  };
  const shown = (state: ShownWindowState, overdue = false): WindowStatus => ({ ...base, state, overdue });
  switch (written.state) {
    case 'confirmed':
      return shown('confirmed');
    case 'reverted':
      return shown('reverted');
    case 'failed':
    case 'unsettled':
      return shown('unsettled');
    case 'open':
      break;
  }
  // Decided but not yet written (its decider died between the two, or is at work now).
  if (f.decision?.kind === 'confirmed') return shown('confirmed');
  const begun = f.decision?.kind === 'revert' || mine.some((id) => undoBegun.has(id) && !undone.has(id));
  const overdue = f.now > written.deadline + OVERDUE_MS;
  const guardAlive = guard ? f.alive(guard.pid, guard.pidStart) : undefined;
  if (guardAlive === false) return shown(begun ? 'unsettled' : 'unguarded', overdue);
  // A live guard, or none known (an older journal, a shell keeping its own window): its keeper
  // is at work until the window is overdue.
  if (overdue && begun) return shown('unsettled', true);
  return shown('open', overdue);
}

/**
 * Whether a start must say so (the start rule): nobody is left to settle the window. An
 * unguarded window whose shell still runs is that shell's to revert at its end, unless overdue.
 */
export const needsSettling = (s: WindowStatus): boolean =>
  s.state === 'unsettled' ||
  (s.state === 'unguarded' && (!s.keeperAlive || s.overdue)) ||
  (s.state === 'open' && s.overdue);
