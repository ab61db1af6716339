// A transaction left half done (its process killed: a `tx` line without its `txend`), finished
// from its journal — `routersh undo --journal FILE TXID`, and the start rule's yes: every step
// that took is reverted newest first, as the transaction itself would have, and the journal
// ends it. A step whose answer was never written is reverted too. The journal is a
// file anyone may have written: each step is checked against its own line first (`check`).
import type { TxResult, TxState, TxStep } from '../../contract/config.js';
import type { HandlerEnv } from '../../contract/handler.js';
import type { Change, Journal } from '../../contract/journal.js';
import { commandFailedError } from '../../errors.js';
import { sanitizeLine } from '../../term/sanitize.js';
import { revertEnv } from './transaction.js';
import { revertSteps, type SentStep } from './tx-revert.js';

/** Whether `which` names a transaction of `journal` (its id). */
export const isTransaction = (journal: Journal, which: string): boolean =>
  journal.transactions().some((t) => t.id === which);

/** The steps of transaction `id` still to revert: answered OK, or sent with no answer (killed). */
function sentSteps(changes: readonly Change[], id: string): SentStep[] {
  const out: SentStep[] = [];
  for (const c of changes) {
    if (c.tx !== id || !c.inverse || c.status === 'undone') continue;
    const lost = c.status === 'unknown' || c.answer?.status === 'no answer';
    if (c.status !== 'done' && !lost) continue;
    const step: TxStep = { request: c.requests[0]!, inverse: c.inverse, text: c.line, words: c.words };
    out.push({ id: c.id, step, lost });
  }
  return out;
}

/**
 * Reverts what transaction `id` of `journal` left standing and ends it in the journal. Refused,
 * sending nothing, when it has ended, its process still lives, or a step is not what its line
 * says (`check`, undo-consistency's rule).
 */
export async function finishTransaction(
  journal: Journal,
  id: string,
  env: Pick<HandlerEnv, 'services' | 'signal'>,
  check: (c: Change) => string | undefined,
): Promise<TxResult> {
  const tx = journal.transactions().find((t) => t.id === id);
  const name = sanitizeLine(id);
  if (!tx) throw commandFailedError(`no transaction ${name} in the journal`);
  if (tx.end)
    throw commandFailedError(`transaction ${name} has ended already (${tx.end.state}): nothing to finish`);
  if (tx.pid !== undefined && tx.pid !== journal.meta.pid && journal.meta.alive?.(tx.pid, tx.pidStart))
    throw commandFailedError(`transaction ${name} is still running (process ${tx.pid}): not finished`);
  const changes = journal.changes();
  const sent = sentSteps(changes, id);
  const wrong = sent
    .map((s) => check(changes.find((c) => c.id === s.id)!))
    .filter((x): x is string => x !== undefined);
  if (wrong.length) throw commandFailedError(`${wrong.join('\n')}\ntransaction not finished, nothing sent`);
  const revert = await revertSteps(sent, revertEnv(journal, env));
  const state: TxState = revert.stand.length ? 'unsettled' : 'reverted';
  const stand = revert.stand.map((s) => `'${s.sent.step.text}' (${s.why})`).join('; ');
  const note =
    state === 'reverted'
      ? `finished after its process was gone: ${revert.reverted} step${revert.reverted === 1 ? '' : 's'} reverted`
      : `finished after its process was gone: ${revert.stand.length} step${revert.stand.length === 1 ? ' still stands' : 's still stand'}: ${stand}`;
  const answered = changes.filter((c) => c.tx === id && c.status === 'done').length;
  journal.write({ t: 'txend', tx: id, state, sent: answered, note, at: journal.meta.now() }, { sync: true });
  return { id, state, sent: answered, note };
}
