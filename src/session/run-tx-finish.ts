// A fleet run's host whose routersh was killed in the middle of a commit (candidate mode across
// the fleet: each host's commit is a transaction inside the run's window) has steps sent with no
// answer. A transaction's steps carry no `before` (their plan computed `inverse`), so a window's
// revert, which settles lost answers by reading the node against `before`, would miss them: the
// transaction is finished first, as `routersh undo --journal FILE TXID` does (tx-finish.ts: every
// step that took or may have taken reverted through its inverse), then the window is reverted.
// Used by `routersh fleet undo` and the run's guard.
import type { Journal } from '../contract/journal.js';
import type { Services } from '../contract/services.js';
import { inconsistency } from '../features/changes/undo-consistency.js';
import { finishTransaction } from '../features/config/tx-finish.js';

/** Finishes the transactions of `window` left without their end; what each said. */
export async function finishWindowTransactions(
  journal: Journal,
  window: string,
  services: Services,
  signal: AbortSignal,
): Promise<string[]> {
  const file = journal.path ?? '';
  const root = services.router.apiRoot ?? '/api';
  const said: string[] = [];
  for (const tx of journal.transactions()) {
    if (tx.window !== window || tx.end) continue;
    const r = await finishTransaction(journal, tx.id, { services, signal }, (c) =>
      inconsistency(c, file, root),
    );
    said.push(`transaction ${tx.id} ${r.state}${r.note ? `: ${r.note}` : ''}`);
  }
  return said;
}
