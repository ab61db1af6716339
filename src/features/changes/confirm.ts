// Confirmed changes: `confirm-within 5m` (or Junos' `commit confirmed 5`) opens a window; every
// change made in it is reverted by routersh when the window ends unless `confirm` (or `commit`)
// comes first. The window outlives this process: a guard process (session/guard.ts) keeps its
// end and reverts; this session only watches the journal and says what happened. Exactly one
// of them settles it (window-decision.ts). Without a guard (none could start) the shell
// reverts itself; a script cannot open a window then.
import { commandFailedError, argumentError } from '../../errors.js';
import type { Journal } from './journal/journal.js';
import { readJournalFile } from './journal/file.js';
import { parseDuration } from '../../lang/time.js';
import { formatDuration } from '../../term/format-time.js';
import { journalOf } from './changes.js';
import type { RunIo, Services } from '../../contract/services.js';
import type { Handler } from '../../contract/handler.js';
import type { Outcome } from '../../contract/outcome.js';
import { decide, decided } from './window-decision.js';
import { REVERT_RETRY_MS, revertWithRetries, WINDOW_MAX_MS } from './window-revert.js';

const timers = new WeakMap<Journal, ReturnType<typeof setTimeout>>();
/** Journals whose open window a guard process keeps. */
const guarded = new WeakSet<Journal>();

/** Whether the open window of `journal` is kept by a guard process (it outlives this one). */
export const hasGuard = (journal: Journal): boolean => guarded.has(journal);

const text = (t: string, json: unknown): Outcome => ({ kind: 'text', text: `${t}\n`, json });

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
  if (!started && !run.services.interactive) {
    // Nobody would end it: close it at once rather than leave changes that are never reverted.
    journal.setWindow({ id, deadline, state: 'reverted' }, { by: 'script', note: 'no guard could start' });
    throw commandFailedError(
      'confirmed changes in a script need a guard process, and none could start (with --demo the router ends with the run)',
    );
  }
  if (started) watch(journal, run, id, deadline);
  else schedule(journal, run, ms);
  const by = started ? "routersh's guard, which outlives this shell" : 'this shell (keep it open)';
  return text(
    `changes from now on are reverted at ${clock(deadline)} (in ${formatDuration(ms)}) unless you type confirm; the revert is done by ${by}`,
    { window: id, deadline: new Date(deadline).toISOString(), guard: started, journal: journal.path ?? null },
  );
}

function schedule(journal: Journal, run: Run, ms: number): void {
  clearTimeout(timers.get(journal));
  const t = setTimeout(() => void expire(journal, run), ms);
  t.unref?.();
  timers.set(journal, t);
}

/** No guard: the window ran out in this shell, which reverts, retrying while the router cannot take it. */
async function expire(journal: Journal, run: Run): Promise<void> {
  const w = journal.window();
  if (!w) return;
  const notify = run.io.notify ?? (() => {});
  if (journal.path && !decide(journal.path, w.id, { kind: 'revert', by: 'shell' }).won) return;
  const { router, cache } = run.services;
  const r = await revertWithRetries(journal, router, w.id, {
    say: notify,
    by: 'shell',
    invalidate: (q) => cache.invalidate(q.words, { deleted: q.method === 'DELETE' }),
  });
  if (r.ok) notify(`confirmed-change window expired: ${r.text}`);
}

/**
 * The guard keeps the window: this session follows its journal file and says what the guard
 * did (each failed attempt, the end), taking the window's new state in.
 */
function watch(journal: Journal, run: Run, id: string, deadline: number): void {
  const path = journal.path!;
  const notify = run.io.notify ?? (() => {});
  let seen = readJournalFile(path).length;
  const tick = () => {
    if (journal.window()?.id !== id) return; // settled here (confirm)
    let events: ReturnType<typeof readJournalFile>;
    try {
      events = readJournalFile(path);
    } catch {
      events = [];
    }
    for (const e of events.slice(seen)) {
      if (e.t !== 'window' || e.window !== id || e.by === 'shell') continue;
      if (e.note) notify(e.note);
      if (e.state !== 'open') {
        journal.takeWindow({ id, deadline, state: e.state });
        if (e.state === 'reverted') {
          const n = events.filter((x) => x.t === 'undone' && x.ok).length;
          notify(`confirmed-change window expired: reverted ${n} change(s) (by ${e.by ?? 'the guard'})`);
        } else if (e.state === 'confirmed')
          notify(`confirmed-change window ${id} confirmed (by ${e.by ?? 'another routersh'})`);
        run.services.cache.clear();
        return;
      }
    }
    seen = events.length;
    if (Date.now() > deadline + REVERT_RETRY_MS + 60_000) return;
    schedule1(setTimeout(tick, Date.now() < deadline ? Math.min(1000, deadline - Date.now() + 50) : 250));
  };
  const schedule1 = (t: ReturnType<typeof setTimeout>) => {
    t.unref?.();
    timers.set(journal, t);
  };
  schedule1(setTimeout(tick, 1000));
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
