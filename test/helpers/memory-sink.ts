// A journal sink in memory, for tests that read back what was journaled.
import type { JournalSink } from '../../src/features/changes/journal/file.js';
import type { JournalEvent } from '../../src/contract/journal.js';

export function memorySink(): JournalSink & { events: JournalEvent[] } {
  const events: JournalEvent[] = [];
  return { path: undefined, events, append: (e) => void events.push(e), read: () => events, close() {} };
}
