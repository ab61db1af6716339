// Confirmed changes: `confirm-within 5m` (or Junos' `commit confirmed 5`) opens a window; every
// change made in it is reverted by routersh when the window ends unless `confirm` (or `commit`)
// comes first. The revert retries while the router cannot be reached. Interactive only: a
// script has nobody to confirm.
import { asRoutershError, commandFailedError, isConnectFailure } from '../../errors.js';
import type { Journal, JournalRouter } from './journal/journal.js';
import { parseDuration } from '../../lang/time.js';
import { formatDuration } from '../../term/format-time.js';
import { journalOf } from './changes.js';
import type { RunIo, Services } from '../../contract/services.js';
import type { Handler } from '../../contract/handler.js';
import type { Outcome } from '../../contract/outcome.js';
import { planText, planUndo, runUndo } from './undo-plan.js';

const timers = new WeakMap<Journal, ReturnType<typeof setTimeout>>();
const RETRY_MS = 5000;

const text = (t: string, json: unknown): Outcome => ({ kind: 'text', text: `${t}\n`, json });

/** Time left in the window as the prompt shows it (`4m59s`), or undefined outside one. */
export function windowLeft(journal: Journal | undefined, now: number): string | undefined {
  const w = journal?.window();
  if (!w) return undefined;
  const s = Math.max(0, Math.ceil((w.deadline - now) / 1000));
  return s >= 60 ? `${Math.floor(s / 60)}m${String(s % 60).padStart(2, '0')}s` : `${s}s`;
}

/** Who reverts when the window ends: the session's router and cache, and where to say so. */
interface Reverter {
  services: Services;
  io: RunIo;
}

async function open(ms: number, run: Reverter): Promise<Outcome> {
  const journal = await journalOf(run.services);
  if (!run.services.interactive)
    throw commandFailedError('confirmed changes need the interactive shell (nobody can confirm in a script)');
  const now = run.services.now();
  const w = journal.window();
  if (w)
    throw commandFailedError(
      `a confirmed-change window is open (${windowLeft(journal, now)} left): confirm it first`,
    );
  const id = `w${now.toString(36)}`;
  journal.setWindow({ id, deadline: now + ms, state: 'open' });
  schedule(journal, run, ms);
  return text(
    `changes from now on are reverted in ${formatDuration(ms)} unless you type confirm (the revert is done by routersh)`,
    { window: id, deadline: new Date(now + ms).toISOString() },
  );
}

function schedule(journal: Journal, run: Reverter, ms: number): void {
  clearTimeout(timers.get(journal));
  const t = setTimeout(() => void expire(journal, run), ms);
  t.unref?.();
  timers.set(journal, t);
}

/** The window ran out: revert its changes, newest first; retry while the router is unreachable. */
async function expire(journal: Journal, run: Reverter): Promise<void> {
  const w = journal.window();
  if (!w) return;
  const notify = run.io.notify ?? (() => {});
  const { router, cache } = run.services;
  try {
    const note = await revertWindow(journal, router, w.id, (r) =>
      cache.invalidate(r.words, { deleted: r.method === 'DELETE' }),
    );
    notify(`confirmed-change window expired: ${note}`);
  } catch (e) {
    const err = asRoutershError(e);
    if (isConnectFailure(err)) {
      notify(`confirmed-change window expired; router unreachable (${err.message}): retrying`);
      schedule(journal, run, RETRY_MS);
      return;
    }
    journal.setWindow({ ...w, state: 'reverted' });
    notify(`confirmed-change window expired; revert failed: ${err.message}`);
  }
}

/** Reverts the changes of window `id` and closes it; returns what was done. */
export async function revertWindow(
  journal: Journal,
  router: JournalRouter,
  id: string,
  invalidate?: (r: { words: string[]; method: string }) => void,
): Promise<string> {
  const targets = (await journal.settled()).filter((c) => c.window === id && c.status === 'done').reverse();
  const env = {
    router,
    journal,
    signal: new AbortController().signal,
    ...(invalidate ? { invalidate } : {}),
  };
  const plan = await planUndo(targets, env);
  const done = await runUndo(plan, env, `window ${id} expired`);
  const w = journal.window();
  if (w?.id === id) journal.setWindow({ ...w, state: 'reverted' });
  const skipped = plan.skipped.length ? planText({ steps: [], skipped: plan.skipped }) : '';
  return `${targets.length ? `reverted ${plan.steps.length} change(s)\n${done}${skipped}` : 'no changes to revert\n'}`.trimEnd();
}

async function confirmWindow(services: Services, outside: string): Promise<Outcome> {
  const journal = await journalOf(services);
  const w = journal.window();
  if (!w) return text(outside, { confirmed: null });
  clearTimeout(timers.get(journal));
  timers.delete(journal);
  journal.setWindow({ ...w, state: 'confirmed' });
  const n = journal.changes().filter((c) => c.window === w.id && c.status === 'done').length;
  return text(`confirmed: ${n} change${n === 1 ? '' : 's'} kept`, { confirmed: w.id, changes: n });
}

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
