// The one call from candidate mode into the transaction (transaction.ts): a commit's steps sent
// all or none. `commit confirmed N` first opens the N-minute confirmed-change window (as
// `commit confirmed N` outside candidate mode does: features/changes/confirm.ts, its guard and
// all), then the transaction joins it, so the window's end reverts the commit unless confirmed.
// An `unsettled` commit keeps its window: its end reverts what stands.
import type { ConfigLine, TxResult, TxStep } from '../../contract/config.js';
import type { HandlerEnv } from '../../contract/handler.js';
import { confirmNow, commit as openWindow } from '../changes/confirm.js';
import { runTransaction } from './transaction.js';

export interface CandidateTx {
  line: string;
  comment?: string;
  steps: TxStep[];
  before: ConfigLine[];
  window?: 'join' | { minutes: number };
}

export async function sendTransaction(tx: CandidateTx, env: HandlerEnv): Promise<TxResult> {
  if (typeof tx.window !== 'object') return runTransaction(tx, env);
  await openWindow({ name: 'commit', args: ['confirmed', String(tx.window.minutes)], options: {} }, env);
  // A commit that did not go through leaves nothing in its window (refused before sending, or
  // reverted): the window is settled at once rather than left counting down over nothing.
  const settle = () => confirmNow(env.services).catch(() => undefined);
  try {
    const r = await runTransaction({ ...tx, window: 'join' }, env);
    if (r.state === 'reverted') await settle();
    return r;
  } catch (e) {
    await settle();
    throw e;
  }
}
