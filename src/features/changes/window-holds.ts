// One window per node (issue 37). A change made inside a confirmed-change window holds its node
// (the journal's projection of it: `interface eth0 mtu`, or a list's entries) until its window is
// settled. A change inside another window to a node held so — by a window of this user on this
// machine, not yet settled, on the same router — is refused, with which window holds it and until
// when. Refused rather than chained: two windows on one node each revert to the value they found,
// so the second's revert restored the first's unconfirmed value and the first's guard, finding its
// node "changed since by someone else", reverted nothing. Refusing keeps each window's promise
// whole and needs no order between guards: nothing is left unconfirmed, and which value a node
// ends at is read from one window alone. Only inside a window: a change outside one pays nothing.
// What a change holds is journal/hold.ts (pure; the journal writes it with each change).
import type { Change, Hold, Holder } from '../../contract/journal.js';
import { readJournalFile } from './journal/file.js';
import { fold } from './journal/fold.js';
import { overlaps } from './journal/hold.js';
import { openWindows } from './open-windows.js';
import { stateDirOf } from './window-index.js';

/**
 * The router as its URL was configured (config.ts made it a URL), with the host's case, a default
 * port and a trailing slash not told apart: two spellings of one router hold one node.
 */
function routerKey(u: string): string {
  try {
    const url = new URL(u);
    return `${url.origin}${url.pathname.replace(/\/+$/, '')}`;
  } catch {
    return u;
  }
}

/** A change its window will revert: applied (or maybe), not undone, and undoable. */
const reverts = (c: Change): boolean => (c.status === 'done' || c.status === 'unknown') && !c.notUndoable;

/** What a journal written before `holds` existed says a change holds: its node, all under it. */
const heldOf = (c: Change): Hold => c.holds ?? { path: c.words };

/**
 * The other window not yet settled that holds `hold` on `mine.router`, if any: found through the
 * open-window index, each candidate's changes read in its journal. `mine` is the asking window
 * (its journal and id); a journal outside a state directory has no index and finds none.
 */
export function heldBy(
  mine: { journal: string; window: string; router: string },
  hold: Hold,
  o: { now?: number; alive?: (pid: number, start?: string) => boolean } = {},
): Holder | undefined {
  const state = stateDirOf(mine.journal);
  if (!state) return undefined;
  const router = routerKey(mine.router);
  const other = (e: { journal: string; window: string; router: string }) =>
    !(e.journal === mine.journal && e.window === mine.window) && routerKey(e.router) === router;
  for (const w of openWindows(state, { ...o, where: other })) {
    let changes: Change[];
    try {
      changes = fold(readJournalFile(w.journal)).changes;
    } catch {
      continue; // gone since the index was read: settled
    }
    if (changes.some((c) => c.window === w.window && reverts(c) && overlaps(heldOf(c), hold)))
      return { journal: w.journal, window: w.window, deadline: w.deadline };
  }
  return undefined;
}
