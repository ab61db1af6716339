// A transaction's revert (issue 38): the steps it sent, newest first, each through the inverse
// its plan computed, each journaled as an undo of its change (so `changes` shows it undone and a
// start finds an undo stopped part-way). A step whose answer was lost is reverted too (read
// first: the journal says it took when the node shows it). A revert request the router refuses is read too: a node already as it wants
// (someone removed what we added) is fine; otherwise someone else changed the node and the step
// stands. While the router cannot answer (reset, 5xx, timeout) it retries with backoff, for at
// most GONE_MS of silence; then it gives up, and every step not yet reverted stands.
import type { NodeInfo, RouterRequest } from '../../api/router/types.js';
import type { TxStep } from '../../contract/config.js';
import type { Journal } from '../../contract/journal.js';
import type { RouterPort } from '../../contract/services.js';
import { asRoutershError, cancelledError } from '../../errors.js';
import { requestText } from '../changes/journal/text.js';
import { isTransient } from '../match-list/send.js';
import { shows } from './tx-shows.js';

/** How long the router may be gone before a revert gives up (issue 38: ten minutes). */
export const GONE_MS = 10 * 60_000;
const BACKOFF_FIRST_MS = 500;
const BACKOFF_MAX_MS = 30_000;

/** A step the transaction sent: its change's id, and whether its answer was lost. */
export interface SentStep {
  id: string;
  step: TxStep;
  lost: boolean;
}

export interface RevertEnv {
  journal: Journal;
  router: RouterPort;
  /** Cancels the retries (the steps not yet reverted then stand). */
  signal: AbortSignal;
  invalidate?: (r: RouterRequest) => void;
  now: () => number;
  sleep: (ms: number, signal: AbortSignal) => Promise<void>;
}

export interface RevertOutcome {
  /** Steps reverted (or found not taken). */
  reverted: number;
  /** Steps that stand, and why each does. */
  stand: Array<{ sent: SentStep; why: string }>;
}

class GiveUp extends Error {}

/** Sends `r`, retrying while the router cannot answer; throws GiveUp after GONE_MS of that. */
async function patiently<T>(env: RevertEnv, what: () => Promise<T>): Promise<T> {
  let since: number | undefined;
  for (let wait = BACKOFF_FIRST_MS; ; wait = Math.min(wait * 2, BACKOFF_MAX_MS)) {
    if (env.signal.aborted) throw new GiveUp('cancelled');
    try {
      return await what();
    } catch (e) {
      const err = asRoutershError(e);
      if (env.signal.aborted || err.code === 'cancelled') throw new GiveUp('cancelled');
      if (!isTransient(err)) throw err;
      since ??= env.now();
      if (env.now() - since >= GONE_MS)
        throw new GiveUp(`the router did not answer for ${GONE_MS / 60_000} minutes (${err.message})`);
      await env.sleep(wait, env.signal).catch(() => {});
    }
  }
}

/** The node `r` addresses as read now; undefined when the router says there is none. */
async function readNode(env: RevertEnv, r: RouterRequest): Promise<NodeInfo | undefined> {
  return patiently(env, async () => {
    try {
      const e = await env.router.send({ method: 'GET', words: r.words }, { signal: env.signal });
      return e.ok ? e.nodeInfo : undefined;
    } catch (e) {
      const err = asRoutershError(e);
      if (isTransient(err) || err.code === 'cancelled') throw e;
      return undefined;
    }
  });
}

/** Reverts one step's change; undefined when it is reverted, else why it stands. */
async function revertOne(s: SentStep, env: RevertEnv): Promise<string | undefined> {
  const { journal } = env;
  if (s.lost) {
    // Its answer was lost. A node that shows it took is journaled so (`changes` says it); one
    // that does not may still have taken it (a router that hides a default value: mtu 1500), so
    // it is reverted either way — an inverse of what did not take is a no-op, or a refusal of
    // removing what is not there, which counts as reverted below.
    if (shows(await readNode(env, s.step.request), s.step.request) === true)
      journal.write({
        t: 'answer',
        id: s.id,
        answer: { ok: true, status: 'applied', error: 'its answer was lost: the node read later shows it' },
      });
  }
  if (s.step.inverse.length === 0) return 'it cannot be reverted (nothing undoes it)';
  journal.markUndo(s.id, 'transaction', s.step.inverse);
  for (const r of s.step.inverse) {
    let refused: string | undefined;
    try {
      const answer = await patiently(env, () => env.router.send(r, { signal: env.signal }));
      if (!answer.ok) refused = answer.errorStatus ?? answer.requestStatus;
    } catch (e) {
      if (e instanceof GiveUp) {
        journal.markUndone(s.id, false, e.message);
        throw e;
      }
      // Not a failure to answer (patiently retried those): the router refused it.
      refused = asRoutershError(e).message;
    }
    env.invalidate?.(r);
    if (refused === undefined) continue;
    // Refused: fine if the node already shows what the request wanted (what it removes is gone).
    if (shows(await readNode(env, r), r) === true) continue;
    const why = `${requestText(r)} refused: ${refused}; someone else changed the node`;
    journal.markUndone(s.id, false, why);
    return why;
  }
  journal.markUndone(s.id, true, 'transaction reverted');
  return undefined;
}

/**
 * Reverts `sent` (in the order sent) newest first. A step that cannot be reverted is left and the
 * older ones are reverted still; once the router is gone for GONE_MS (or the revert is
 * cancelled) nothing more is tried and every step not yet reverted stands.
 */
export async function revertSteps(sent: readonly SentStep[], env: RevertEnv): Promise<RevertOutcome> {
  const out: RevertOutcome = { reverted: 0, stand: [] };
  for (let i = sent.length - 1; i >= 0; i--) {
    const s = sent[i]!;
    try {
      const why = await revertOne(s, env);
      if (why === undefined) out.reverted++;
      else out.stand.push({ sent: s, why });
    } catch (e) {
      const why = e instanceof GiveUp ? e.message : asRoutershError(e).message;
      for (let j = i; j >= 0; j--) out.stand.push({ sent: sent[j]!, why: j === i ? why : 'not tried' });
      break;
    }
  }
  return out;
}

/** A sleep that ends early when `signal` aborts. */
export function abortableSleep(ms: number, signal: AbortSignal): Promise<void> {
  return new Promise((resolve, reject) => {
    if (signal.aborted) return reject(cancelledError());
    const t = setTimeout(done, ms);
    function done() {
      signal.removeEventListener('abort', stop);
      resolve();
    }
    function stop() {
      clearTimeout(t);
      reject(cancelledError());
    }
    signal.addEventListener('abort', stop, { once: true });
  });
}
