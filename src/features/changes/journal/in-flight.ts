// What a process has in flight outside a window — changes sent unanswered, undos begun,
// transactions not ended — as one entry of the pending index (pending-index.ts): written before
// the first one's record (so before its request), removed once the last one has ended. A start
// that finds the entry of a process that is gone knows a journal holds something half done.
import { indexPending, unindexPending } from '../pending-index.js';
import type { JournalEvent, JournalMeta } from '../../../contract/journal.js';

/** The key of what `e` begins, or undefined. */
const begins = (e: JournalEvent): string | undefined =>
  e.t === 'change' && !e.window
    ? e.id
    : e.t === 'undo'
      ? `undo ${e.id}`
      : e.t === 'tx'
        ? `tx ${e.tx}`
        : undefined;

/** The key of what `e` ends, or undefined. */
const ends = (e: JournalEvent): string | undefined =>
  e.t === 'answer' ? e.id : e.t === 'undone' ? `undo ${e.id}` : e.t === 'txend' ? `tx ${e.tx}` : undefined;

export class InFlight {
  private readonly keys = new Set<string>();

  constructor(
    private readonly path: () => string | undefined,
    private readonly meta: JournalMeta,
  ) {}

  /** Before `e` is written. */
  before(e: JournalEvent): void {
    const key = begins(e);
    const path = this.path();
    if (key === undefined || !path) return;
    if (this.keys.size === 0)
      indexPending(path, this.meta.router, this.meta.pid ?? process.pid, this.meta.pidStart);
    this.keys.add(key);
  }

  /** After `e` is written. */
  after(e: JournalEvent): void {
    const key = ends(e);
    const path = this.path();
    if (key === undefined || !this.keys.delete(key) || this.keys.size > 0 || !path) return;
    unindexPending(path, this.meta.pid ?? process.pid);
  }
}
