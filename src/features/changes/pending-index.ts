// The open-window index's other kind of entry: a change or an undo in flight outside any window.
// While a process has a change sent and its answer not yet recorded, or an undo begun and not
// finished, `STATE/windows/pending~JOURNAL~PID.json` (`{ kind: 'pending', journal, router, pid,
// pidStart? }`) exists; it is written before the change's record (so before its request goes
// out) and removed once nothing of that process is in flight. A process killed in between leaves
// it, and the next start finds it in the one directory it reads anyway (half-done.ts reads it).
// Named with a `~`, which a window's entry never holds (window-index.ts escapes it), so the
// window reader passes it over. Only node:fs: the journal writes it without loading the reader.
import { basename, join, resolve } from 'node:path';
import { safe, stateDirOf, unlinkQuiet, windowsDir, writeEntry } from './window-index.js';

export interface PendingEntry {
  kind: 'pending';
  /** The journal file (absolute), in the state directory's `journal/`. */
  journal: string;
  /** The router's URL as the session had it configured. */
  router: string;
  /** The process with something in flight, and when it started (process-alive.ts). */
  pid: number;
  pidStart?: string;
}

const PREFIX = 'pending~';

/** Whether an index file name is a pending entry's (not a window's). */
export const isPendingName = (name: string): boolean => name.startsWith(PREFIX);

/** The pending entry of process `pid` writing `journal`. */
export const pendingFile = (stateDir: string, journal: string, pid: number): string =>
  join(windowsDir(stateDir), `${PREFIX}${safe(basename(journal, '.jsonl'))}~${pid}.json`);

/**
 * Writes this process's entry for `journal` (in a state directory's `journal/`; elsewhere
 * nothing). A failure to write the hint is not the change's failure: it goes out all the same.
 */
export function indexPending(path: string, router: string, pid: number, pidStart?: string): void {
  // Absolute: a journal taken over by a relative path (`undo --journal FILE`) is found from anywhere.
  const journal = resolve(path);
  const state = stateDirOf(journal);
  if (!state) return;
  const file = pendingFile(state, journal, pid);
  try {
    const entry: PendingEntry = { kind: 'pending', journal, router, pid, ...(pidStart ? { pidStart } : {}) };
    writeEntry(file, entry);
  } catch {}
}

/** Removes this process's entry for `journal`: nothing of it is in flight any more. */
export function unindexPending(path: string, pid: number): void {
  const journal = resolve(path);
  const state = stateDirOf(journal);
  if (state) unlinkQuiet(pendingFile(state, journal, pid));
}
