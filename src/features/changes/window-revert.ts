// Ending a confirmed-change window: the revert of its changes, retried while the router cannot
// take it (503, a reset, a timeout), backing off to at most every 5 s, for REVERT_RETRY_MS after
// the window's end; each failure is said and journaled, a final failure is loud. Used by the
// guard process (window-guard.ts) and by a session that has no guard.
import { asRoutershError, isConnectFailure, type RoutershError } from '../../errors.js';
import type { Journal, JournalRouter } from './journal/journal.js';
import { planText, planUndo, runUndo } from './undo-plan.js';

/** The longest window `confirm-within` opens. */
export const WINDOW_MAX_MS = 60 * 60_000;
/** How long after its end a window's revert is retried before it is given up. */
export const REVERT_RETRY_MS = 10 * 60_000;
const BACKOFF_MS = [1000, 2000, 4000, 5000];

/** A failure the router may not show next time: unreachable, overloaded, a garbled answer. */
export function retryable(e: RoutershError): boolean {
  if (isConnectFailure(e) || e.code === 'protocol') return e.code !== 'auth';
  const status = e.details['status'];
  return e.code === 'rejected' && typeof status === 'number' && (status >= 500 || status === 429);
}

/** Reverts the changes of window `id` and closes it; returns what was done. */
export async function revertWindow(
  journal: Journal,
  router: JournalRouter,
  id: string,
  invalidate?: (r: { words: string[]; method: string }) => void,
  by = 'routersh',
): Promise<string> {
  await journal.resolveUnfinished(router, new AbortController().signal);
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
  if (w?.id === id) journal.setWindow({ ...w, state: 'reverted' }, { by });
  const skipped = plan.skipped.length ? planText({ steps: [], skipped: plan.skipped }) : '';
  return `${targets.length ? `reverted ${plan.steps.length} change(s)\n${done}${skipped}` : 'no changes to revert\n'}`.trimEnd();
}

export interface RetryEnv {
  /** Says each attempt's failure (the shell's note, the guard's log). */
  say: (text: string) => void;
  by: string;
  now?: () => number;
  sleep?: (ms: number) => Promise<void>;
  invalidate?: (r: { words: string[]; method: string }) => void;
}

export type RevertResult = { ok: true; text: string } | { ok: false; error: RoutershError; attempts: number };

/** revertWindow, again after each retryable failure until it succeeds or REVERT_RETRY_MS is up. */
export async function revertWithRetries(
  journal: Journal,
  router: JournalRouter,
  id: string,
  env: RetryEnv,
): Promise<RevertResult> {
  const now = env.now ?? Date.now;
  const sleep = env.sleep ?? ((ms: number) => new Promise<void>((r) => setTimeout(r, ms)));
  const giveUpAt = now() + REVERT_RETRY_MS;
  for (let attempt = 1; ; attempt++) {
    try {
      return { ok: true, text: await revertWindow(journal, router, id, env.invalidate, env.by) };
    } catch (e) {
      const error = asRoutershError(e);
      const last = !retryable(error) || now() >= giveUpAt;
      const note = last
        ? `revert of window ${id} failed (attempt ${attempt}), giving up: ${error.message}`
        : `revert of window ${id} failed (attempt ${attempt}): ${error.message}; retrying`;
      if (last) {
        const w = journal.window();
        if (w?.id === id) journal.setWindow({ ...w, state: 'failed' }, { by: env.by, note });
        env.say(note);
        return { ok: false, error, attempts: attempt };
      }
      journal.noteWindow(note, env.by);
      env.say(note);
      await sleep(BACKOFF_MS[Math.min(attempt - 1, BACKOFF_MS.length - 1)]!);
    }
  }
}
