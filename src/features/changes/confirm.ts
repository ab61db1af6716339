// Confirmed changes: `confirm-within 5m` (or Junos' `commit confirmed 5`) opens a window; every
// change made in it is reverted by routersh when the window ends unless `confirm` (or `commit`)
// comes first. The window outlives this process: a guard process (session/guard.ts) keeps its
// end and reverts; this session only watches the journal and says what happened. Exactly one
// of them settles it (window-decision.ts). Without a guard (none could start) the shell
// reverts itself; a script cannot open a window then.
import { commandFailedError, argumentError } from '../../errors.js';
import type { Journal } from './journal/journal.js';
import { parseDuration } from '../../lang/time.js';
import { formatDuration } from '../../term/format-time.js';
import { journalOf } from './changes.js';
import type { RunIo, Services } from '../../contract/services.js';
import type { Handler } from '../../contract/handler.js';
import type { Outcome } from '../../contract/outcome.js';
import { decide, decided } from './window-decision.js';
import { revertWithRetries, WINDOW_MAX_MS } from './window-revert.js';
import { watchGuard } from './window-watch.js';
import type { GuardIdentity } from '../../contract/journal.js';

/** The shell's own revert at the window's end (no guard, or its guard is gone). */
const timers = new WeakMap<Journal, ReturnType<typeof setTimeout>>();
/** The watch over a window's guard (window-watch.ts). */
const watches = new WeakMap<Journal, ReturnType<typeof setTimeout>>();
/** Journals whose open window a guard process keeps. */
const guarded = new WeakSet<Journal>();
/** Journals whose open window's guard is gone: the shell keeps it (and reverts at its end). */
const unguarded = new WeakSet<Journal>();

/** Whether the open window of `journal` is kept by a live guard process (it outlives this one). */
export const hasGuard = (journal: Journal): boolean => guarded.has(journal) && !unguarded.has(journal);

/** Whether the open window of `journal` lost its guard: this shell reverts it at its end. */
export const guardGone = (journal: Journal): boolean =>
  journal.window() !== undefined && unguarded.has(journal);

const text = (t: string, json: unknown): Outcome => ({ kind: 'text', text: `${t}\n`, json });

/**
 * The prompt's tag for the open window: `confirm 4m59s`, or `unguarded 3m12s` once its guard is
 * gone (this shell reverts it then); undefined outside one.
 */
export function windowTag(journal: Journal | undefined, now: number): string | undefined {
  const left = windowLeft(journal, now);
  return left && `${journal && unguarded.has(journal) ? 'unguarded' : 'confirm'} ${left}`;
}

/** Time left in the window as the prompt shows it (`4m59s`), or undefined outside one. */
export function windowLeft(journal: Journal | undefined, now: number): string | undefined {
  const w = journal?.window();
  if (!w) return undefined;
  const s = Math.max(0, Math.ceil((w.deadline - now) / 1000));
  return s >= 60 ? `${Math.floor(s / 60)}m${String(s % 60).padStart(2, '0')}s` : `${s}s`;
}

/** Who reverts when the window ends, and where to say so: the session and its caller's notes. */
interface Run {
  services: Services;
  io: RunIo;
}

const clock = (ms: number) => new Date(ms).toTimeString().slice(0, 8);

/** How to settle an open window from another terminal (said when a script or a shell leaves one). */
export function settleHint(journal: Journal): string {
  const w = journal.window();
  if (!w || !journal.path) return '';
  return `confirmed-change window ${w.id} stays open until ${clock(w.deadline)}: its changes are reverted then unless confirmed — keep them: routersh confirm --journal ${journal.path}; revert now: routersh undo --journal ${journal.path}`;
}

async function open(ms: number, run: Run): Promise<Outcome> {
  if (ms > WINDOW_MAX_MS)
    throw argumentError(`a confirmed-change window lasts at most ${formatDuration(WINDOW_MAX_MS)}`);
  const journal = await journalOf(run.services);
  const now = run.services.now();
  const w = journal.window();
  if (w)
    throw commandFailedError(
      `a confirmed-change window is open (${windowLeft(journal, now)} left): confirm it first`,
    );
  const id = `w${now.toString(36)}`;
  const deadline = now + ms;
  journal.setWindow({ id, deadline, state: 'open' }, { by: 'shell' });
  const guard = journal.path
    ? run.services.guard?.start({ journal: journal.path, window: id, deadline })
    : undefined;
  // Journaled at once (fsync'd): any process can then tell whether the guard lives.
  if (guard) journal.setGuard(id, guard);
  const started = guard !== undefined;
  if (started) guarded.add(journal);
  else guarded.delete(journal);
  unguarded.delete(journal);
  if (!started && !run.services.interactive) {
    // Nobody would end it: close it at once rather than leave changes that are never reverted.
    journal.setWindow({ id, deadline, state: 'reverted' }, { by: 'script', note: 'no guard could start' });
    throw commandFailedError(
      'confirmed changes in a script need a guard process, and none could start (with --demo the router ends with the run)',
    );
  }
  if (guard) watch(journal, run, guard);
  else schedule(journal, run, ms);
  const by = started ? "routersh's guard, which outlives this shell" : 'this shell (keep it open)';
  return text(
    `changes from now on are reverted at ${clock(deadline)} (in ${formatDuration(ms)}) unless you type confirm; the revert is done by ${by}`,
    { window: id, deadline: new Date(deadline).toISOString(), guard: started, journal: journal.path ?? null },
  );
}

/** Follows the guard and the journal; a guard gone hands the window back to this shell. */
function watch(journal: Journal, run: Run, guard: GuardIdentity): void {
  const w = journal.window()!;
  const notify = run.io.notify ?? (() => {});
  watchGuard({
    journal,
    id: w.id,
    deadline: w.deadline,
    guard,
    notify,
    settled: () => run.services.cache.clear(),
    gone: (reverting) => {
      unguarded.add(journal);
      const left = w.deadline - Date.now();
      notify(
        reverting
          ? `the guard of window ${w.id} is gone before its revert finished: this shell reverts its changes now`
          : `the guard of window ${w.id} is gone: this shell reverts its changes ${left > 0 ? `at ${clock(w.deadline)} unless you confirm` : 'now'}`,
      );
      // Its revert was decided by the guard, now gone: this shell finishes it.
      if (reverting) void expire(journal, run, true);
      else schedule(journal, run, Math.max(0, left));
    },
    timer: (t) => watches.set(journal, t),
  });
}

function schedule(journal: Journal, run: Run, ms: number): void {
  clearTimeout(timers.get(journal));
  const t = setTimeout(() => void expire(journal, run), ms);
  t.unref?.();
  timers.set(journal, t);
}

/**
 * No guard, or its guard is gone: the window ran out in this shell, which reverts, retrying while
 * the router cannot take it. `decided`: a guard now gone took the decision to revert already.
 */
async function expire(journal: Journal, run: Run, decided = false): Promise<void> {
  const w = journal.window();
  // A session closed since (its process goes on: a test's, a fleet's host) acts no more.
  if (!w || journal.closed) return;
  const notify = run.io.notify ?? (() => {});
  // Lost to a confirm from another terminal: the watch takes its end in from the journal.
  if (!decided && journal.path && !decide(journal.path, w.id, { kind: 'revert', by: 'shell' }).won) return;
  const { router, cache } = run.services;
  const r = await revertWithRetries(journal, router, w.id, {
    say: notify,
    by: 'shell',
    invalidate: (q) => cache.invalidate(q.words, { deleted: q.method === 'DELETE' }),
  });
  if (r.ok) notify(`confirmed-change window expired: ${r.text}`);
}

async function confirmWindow(services: Services, outside: string): Promise<Outcome> {
  const journal = await journalOf(services);
  const w = journal.window();
  if (!w) return text(outside, { confirmed: null });
  if (journal.path) {
    const d = decide(journal.path, w.id, { kind: 'confirmed', by: 'shell' });
    if (!d.won && d.decision.kind === 'revert')
      throw commandFailedError(
        `too late: window ${w.id} ended; its changes are being reverted (by ${d.decision.by})`,
      );
  }
  clearTimeout(timers.get(journal));
  timers.delete(journal);
  clearTimeout(watches.get(journal));
  // On disk (fsync'd) before it is said: the guard reads it there.
  journal.setWindow({ ...w, state: 'confirmed' }, { by: 'shell' });
  const n = journal.changes().filter((c) => c.window === w.id && c.status === 'done').length;
  return text(`confirmed: ${n} change${n === 1 ? '' : 's'} kept`, { confirmed: w.id, changes: n });
}

/** Leaving the shell with a window open: revert now (this process, decided first) and wait for it. */
export async function revertNow(services: Services, say: (text: string) => void): Promise<void> {
  const journal = services.journal?.opened();
  const w = journal?.window();
  if (!journal || !w) return;
  if (journal.path && !decide(journal.path, w.id, { kind: 'revert', by: 'shell (on exit)' }).won) {
    say(`window ${w.id} was settled already: ${decided(journal.path, w.id)?.kind ?? 'unknown'}`);
    return;
  }
  clearTimeout(timers.get(journal));
  clearTimeout(watches.get(journal));
  const r = await revertWithRetries(journal, services.router, w.id, { say, by: 'shell (on exit)' });
  if (r.ok) say(r.text);
}

/** Leaving the shell with a window open: keep its changes. */
export const confirmNow = (services: Services): Promise<Outcome> => confirmWindow(services, '');

const OUTSIDE =
  'no confirmed-change window is open: changes apply at once (confirm-within DURATION opens one)';

export const confirmWithin: Handler<'confirm-within'> = ({ args }, env) => {
  if (args.length !== 1) throw commandFailedError('confirm-within takes one DURATION, e.g. 5m');
  return open(parseDuration(args[0]!), env);
};

export const confirm: Handler<'confirm'> = (_call, { services }) => confirmWindow(services, OUTSIDE);

export const commit: Handler<'commit'> = ({ args }, env) => {
  if (args.length === 0) return confirmWindow(env.services, OUTSIDE);
  if (args[0] !== 'confirmed' || args.length > 2 || (args[1] !== undefined && !/^\d+$/.test(args[1])))
    throw commandFailedError('commit takes nothing, or confirmed N (minutes)');
  const minutes = Number(args[1] ?? 10);
  if (minutes < 1) throw commandFailedError('commit confirmed: N must be 1 or more minutes');
  return open(minutes * 60_000, env);
};
