// A transaction's steps on the wire: in the plan's order, steps on unrelated nodes at once (up to
// TX_CONCURRENCY, through the bulk pool match-list import uses), a step never before the steps in
// flight on its node, above it or below it (a node is created before what lies under it, and
// deleted after). Entries of one list (requests with options on the same node) never wait for
// one another. Stops starting steps at the first failure or a cancel; what is in flight is
// awaited, so every step sent has an outcome.
import { getMaxListeners, setMaxListeners } from 'node:events';
import type { RouterRequest } from '../../api/router/types.js';
import type { TxStep } from '../../contract/config.js';
import { pool } from '../match-list/send.js';

/** Steps in flight at most: the router client's default pool (api/router/client.ts). */
export const TX_CONCURRENCY = 16;

/** How one step went: its change's id ('' when not recorded), and why it failed. */
export interface StepOutcome {
  changeId: string;
  failed?: string;
  /** Its answer was lost: it may have taken. */
  lost?: boolean;
}

const prefixOf = (a: readonly string[], b: readonly string[]) =>
  a.length <= b.length && a.every((w, i) => b[i] === w);

const isEntry = (r: RouterRequest) => r.method === 'POST' && r.options !== undefined;

/** Whether two steps' requests may affect one another: the same node, or one above the other. */
export function related(a: RouterRequest, b: RouterRequest): boolean {
  if (!prefixOf(a.words, b.words) && !prefixOf(b.words, a.words)) return false;
  // Entries of one list: each addresses its own entry.
  return !(a.words.length === b.words.length && isEntry(a) && isEntry(b));
}

/**
 * Sends `steps` through `send`; each step's outcome by its index (undefined: not started). Stops
 * starting steps once one fails or `signal` aborts.
 */
export async function sendSteps(
  steps: readonly TxStep[],
  send: (step: TxStep, index: number) => Promise<StepOutcome>,
  signal: AbortSignal,
  concurrency = TX_CONCURRENCY,
): Promise<Array<StepOutcome | undefined>> {
  const out: Array<StepOutcome | undefined> = new Array(steps.length);
  // Each request in flight listens on the command's signal: raise Node's leak warning bound to match.
  if (getMaxListeners(signal) < concurrency + 10) setMaxListeners(concurrency + 10, signal);
  const stop = new AbortController();
  const halt = () => stop.abort();
  signal.addEventListener('abort', halt, { once: true });
  if (signal.aborted) halt();
  const flying = new Map<number, Promise<unknown>>();
  const run = async (i: number) => {
    const step = steps[i]!;
    // Steps started before it (the pool starts them in order) on a related node come first.
    const before = [...flying].filter(([j]) => related(steps[j]!.request, step.request));
    let done: () => void = () => {};
    flying.set(
      i,
      new Promise<void>((r) => {
        done = r;
      }),
    );
    try {
      await Promise.all(before.map(([, p]) => p));
      if (stop.signal.aborted) return;
      const o = await send(step, i);
      out[i] = o;
      if (o.failed !== undefined) halt();
    } finally {
      flying.delete(i);
      done();
    }
  };
  try {
    await pool(
      steps.map((_, i) => i),
      concurrency,
      run,
      () => {},
      stop.signal,
    );
  } finally {
    signal.removeEventListener('abort', halt);
  }
  return out;
}
