// Ending a confirmed-change window: the revert of its changes, retried while the router cannot
// take it (503, a reset, a timeout), backing off to at most every 5 s, for REVERT_RETRY_MS after
// the window's end; each failure is said and journaled, a final failure is loud. Told to stop (the
// guard's SIGTERM or SIGINT: `stop`), it makes one attempt at most, cut at STOP_REVERT_MS, and
// gives up as `unsettled`. Used by the guard process (window-guard.ts) and by a session that has
// no guard.
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

/**
 * How long a guard told to stop (SIGTERM, SIGINT) spends on its one revert attempt, every
 * request included: well inside the ~90 s systemd waits between SIGTERM and SIGKILL.
 */
export const STOP_REVERT_MS = 30_000;

export interface RevertOptions {
  invalidate?: ((r: { words: string[]; method: string }) => void) | undefined;
  /** Who settles it, in the window's journal record. */
  by?: string | undefined;
  /** What the changes' undo is logged as (`changes`: `undone (…)`); default `window ID expired`. */
  why?: string | undefined;
  /** Cancels the attempt (its requests too). */
  signal?: AbortSignal | undefined;
}

/** Reverts the changes of window `id` and closes it; returns what was done. */
export async function revertWindow(
  journal: Journal,
  router: JournalRouter,
  id: string,
  o: RevertOptions = {},
): Promise<string> {
  const signal = o.signal ?? new AbortController().signal;
  await journal.resolveUnfinished(router, signal);
  const targets = (await journal.settled()).filter((c) => c.window === id && c.status === 'done').reverse();
  const env = { router, journal, signal, ...(o.invalidate ? { invalidate: o.invalidate } : {}) };
  const plan = await planUndo(targets, env);
  const done = await runUndo(plan, env, o.why ?? `window ${id} expired`);
  const w = journal.window();
  if (w?.id === id) journal.setWindow({ ...w, state: 'reverted' }, { by: o.by ?? 'routersh' });
  const skipped = plan.skipped.length ? planText({ steps: [], skipped: plan.skipped }) : '';
  return `${targets.length ? `reverted ${plan.steps.length} change(s)\n${done}${skipped}` : 'no changes to revert\n'}`.trimEnd();
}

export interface RetryEnv {
  /** Says each attempt's failure (the shell's note, the guard's log). */
  say: (text: string) => void;
  by: string;
  now?: () => number;
  sleep?: (ms: number, stop?: AbortSignal) => Promise<void>;
  invalidate?: (r: { words: string[]; method: string }) => void;
  /** Aborted (its reason: `SIGTERM`, …) when the guard must settle now: one attempt more at most. */
  stop?: AbortSignal;
  /** What the undo is logged as (RevertOptions.why). */
  why?: string;
}

export type RevertResult = { ok: true; text: string } | { ok: false; error: RoutershError; attempts: number };

/** Sleeps `ms`, or less when `stop` aborts first (the guard's wait and a retry's pause). */
export const wait = (ms: number, stop?: AbortSignal) =>
  new Promise<void>((resolve) => {
    const t = setTimeout(done, ms);
    function done() {
      clearTimeout(t);
      stop?.removeEventListener('abort', done);
      resolve();
    }
    stop?.addEventListener('abort', done, { once: true });
  });

/**
 * The signal an attempt runs under: aborted STOP_REVERT_MS after `stop` (at once if it is
 * already), so a stop cuts the attempt under way, and bounds the one it starts, at that much.
 */
function cutAfterStop(stop: AbortSignal | undefined): { signal: AbortSignal; dispose: () => void } {
  const cut = new AbortController();
  if (!stop) return { signal: cut.signal, dispose: () => {} };
  let timer: ReturnType<typeof setTimeout> | undefined;
  const arm = () => {
    timer = setTimeout(() => cut.abort(stop.reason), STOP_REVERT_MS);
  };
  if (stop.aborted) arm();
  else stop.addEventListener('abort', arm, { once: true });
  return {
    signal: cut.signal,
    dispose: () => {
      clearTimeout(timer);
      stop.removeEventListener('abort', arm);
    },
  };
}

/** revertWindow, again after each retryable failure until it succeeds, REVERT_RETRY_MS is up, or a stop. */
export async function revertWithRetries(
  journal: Journal,
  router: JournalRouter,
  id: string,
  env: RetryEnv,
): Promise<RevertResult> {
  const now = env.now ?? Date.now;
  const sleep = env.sleep ?? wait;
  const giveUpAt = now() + REVERT_RETRY_MS;
  const cut = cutAfterStop(env.stop);
  try {
    for (let attempt = 1; ; attempt++) {
      try {
        const o = { invalidate: env.invalidate, by: env.by, why: env.why, signal: cut.signal };
        return { ok: true, text: await revertWindow(journal, router, id, o) };
      } catch (e) {
        const error = asRoutershError(e);
        const stopped = env.stop?.aborted === true;
        const last = stopped || !retryable(error) || now() >= giveUpAt;
        const cutShort = cut.signal.aborted
          ? `; its one attempt was cut after ${STOP_REVERT_MS / 1000} s`
          : '';
        const why = stopped
          ? ` (the guard got ${String(env.stop?.reason)}${cutShort}: no more attempts)`
          : '';
        const note = last
          ? `revert of window ${id} failed (attempt ${attempt}), giving up${why}: ${error.message}`
          : `revert of window ${id} failed (attempt ${attempt}): ${error.message}; retrying`;
        if (last) {
          const w = journal.window();
          if (w?.id === id) journal.setWindow({ ...w, state: 'unsettled' }, { by: env.by, note });
          env.say(note);
          return { ok: false, error, attempts: attempt };
        }
        journal.noteWindow(note, env.by);
        env.say(note);
        await sleep(BACKOFF_MS[Math.min(attempt - 1, BACKOFF_MS.length - 1)]!, env.stop);
      }
    }
  } finally {
    cut.dispose();
  }
}
