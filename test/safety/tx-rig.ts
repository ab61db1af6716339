// The fault harness extended to transactions (issue 38): a five-step transaction over the fault
// router's seeded state, each step with the inverse its plan would compute from that state, run
// through the product's own wiring (a session's services, runTransaction as `config load` and
// `commit` call it). The invariant: the router ends at the configuration before or after the
// transaction, and the journal's end line says which.
import { expect } from 'vitest';
import type { TxResult, TxStep } from '../../src/contract/config.js';
import type { Recorded } from '../hostile/harness.js';
import { fold } from '../../src/features/changes/journal/fold.js';
import { runTransaction, type Transaction } from '../../src/features/config/transaction.js';
import type { Session } from '../../src/session/session.js';
import { adminEnv } from '../helpers/command-io.js';
import { testSession } from '../helpers/session.js';
import { simConfig } from '../helpers/sim-config.js';
import { type FaultRouter, observe } from './fault-router.js';
import { events, journalFile } from './invariant.js';
import { STEPS } from './tx-steps.js';

export { STEPS };

/** The fault router's filter for step `step`'s request (steps on unrelated nodes go at once). */
export function isStep(step: TxStep): (r: Recorded) => boolean {
  const path = `/api/${step.request.words.map(encodeURIComponent).join('/')}`;
  return (r) => r.method === step.request.method && new URL(r.url, 'http://x').pathname === path;
}

/** A session of the product on `router`, journaled to a state directory of its own. */
export async function txSession(
  router: FaultRouter,
  o: { timeoutMs?: number; offsetFile?: string; guard?: boolean; allowUnrevertable?: boolean } = {},
): Promise<{ session: Session; state: string; env: ReturnType<typeof adminEnv> }> {
  const env = adminEnv(router.url);
  const session = await testSession(simConfig(router.url, { timeoutMs: o.timeoutMs ?? 5000 }), {
    env: { ...process.env, ...env },
    journal: 'file',
    yes: true,
    ...(o.offsetFile ? { clock: { offsetFile: o.offsetFile } } : {}),
    ...(o.guard ? { guard: true } : {}),
    ...(o.allowUnrevertable ? { allowUnrevertable: true } : {}),
  });
  return { session, state: env.XDG_STATE_HOME, env };
}

/** runTransaction through `session`'s services, as a command's handler calls it. */
export function runTx(
  session: Session,
  tx: Partial<Transaction> = {},
  signal = new AbortController().signal,
) {
  return runTransaction(
    { line: 'config load merge test.conf', steps: STEPS, before: [], ...tx },
    { state: { context: [] }, services: session.services, io: {}, signal },
  );
}

/**
 * The invariant: the router shows `s0` or `s1`, and the journal's end line (and the result)
 * says which; every step the journal says is done and not undone is in `s1`'s slices.
 */
export function expectTxInvariant(
  router: FaultRouter,
  state: string,
  result: TxResult | undefined,
  s: { s0: string; s1: string },
  why: string,
): void {
  const now = observe(router.state);
  const ev = events(journalFile(state));
  const { transactions, changes } = fold(ev);
  const tx = transactions.at(-1);
  expect(tx?.end, `${why}: the journal ends the transaction`).toBeDefined();
  if (result) expect(tx!.end!.state, why).toBe(result.state);
  if (tx!.end!.state === 'committed') expect(now, `${why}: committed`).toBe(s.s1);
  else if (tx!.end!.state === 'reverted') {
    expect(now, `${why}: reverted (${tx!.end!.note})`).toBe(s.s0);
    // Every step the journal says took is marked undone.
    const standing = changes.filter((c) => c.tx === tx!.id && c.status === 'done');
    expect(
      standing.map((c) => c.line),
      why,
    ).toEqual([]);
    // And no step is left unknown: one whose answer was lost was read, and the journal says how it went.
    const unknown = changes.filter((c) => c.tx === tx!.id && c.status === 'unknown');
    expect(
      unknown.map((c) => c.line),
      why,
    ).toEqual([]);
  } else expect.fail(`${why}: unsettled: ${tx!.end!.note}`);
}
