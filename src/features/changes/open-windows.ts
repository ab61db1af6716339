// The open-window index: `$XDG_STATE_HOME/routersh/windows/` holds one small JSON file per
// confirmed-change window not yet settled (`{ journal, window, router, deadline }`), written when
// the window opens and removed when it is confirmed or reverted, by whoever settles it (the
// journal's setWindow). A window left `unsettled` keeps its file: someone must still finish it.
// The index is only a hint: a reader checks each window in its journal, and removes the file of
// a window settled meanwhile (its settler died between the two writes) or of a journal gone. So
// a start finds every window that needs it in one directory read, and reads nothing more when
// there is none. (window-index.ts writes it.)
import { dirname, join } from 'node:path';
import type { JournalEvent } from '../../contract/journal.js';
import { readFileBoundedSync } from '../../config/read-bounded.js';
import { stateFiles } from '../../config/state-dir.js';
import { journalDir, readJournalFile } from './journal/file.js';
import { processAlive } from './process-alive.js';
import { decided } from './window-decision.js';
import { isPendingName } from './pending-index.js';
import { indexFile, indexNames, type OpenWindow, unlinkQuiet, windowsDir } from './window-index.js';
import { type WindowStatus, windowStatus } from './window-status.js';

/** An entry is a few hundred bytes; anything larger is not one. */
const MAX_ENTRY_BYTES = 64 * 1024;

function readEntry(file: string): OpenWindow | undefined {
  try {
    const v = JSON.parse(readFileBoundedSync(file, MAX_ENTRY_BYTES)) as Partial<OpenWindow>;
    if (
      typeof v.journal === 'string' &&
      typeof v.window === 'string' &&
      typeof v.router === 'string' &&
      typeof v.deadline === 'number' &&
      Number.isFinite(v.deadline)
    )
      return { journal: v.journal, window: v.window, router: v.router, deadline: v.deadline };
  } catch {}
  return undefined;
}

/** An indexed window with its state as its journal shows it now. */
export interface IndexedWindow extends OpenWindow {
  status: WindowStatus;
}

export interface ReadOptions {
  alive: (pid: number, start?: string) => boolean;
  now: number;
  /** Only the entries this keeps have their journal read (window-holds.ts: others on one router). */
  where?: (e: OpenWindow) => boolean;
}

/**
 * Every indexed window still open or unsettled, checked in its journal. A file whose window is
 * settled, whose journal is gone or never opened it, or that is not an index entry at all, is
 * removed. A journal that cannot be read now (too large, no permission) is skipped, its file kept.
 */
export function indexedWindows(stateDir: string, o: ReadOptions): IndexedWindow[] {
  const out: IndexedWindow[] = [];
  for (const name of indexNames(stateDir)) {
    // A change or undo in flight outside any window (pending-index.ts): half-done.ts reads it.
    if (isPendingName(name)) continue;
    const file = join(windowsDir(stateDir), name);
    // Only the user's own entry is read (config/state-dir.ts); another's is not followed.
    if (stateFiles.trouble(file)) continue;
    const entry = readEntry(file);
    // An entry names a journal to revert from: only one of this state directory's.
    if (
      !entry ||
      indexFile(stateDir, entry.journal, entry.window) !== file ||
      dirname(entry.journal) !== journalDir(stateDir)
    ) {
      unlinkQuiet(file);
      continue;
    }
    if (o.where && !o.where(entry)) continue;
    let events: JournalEvent[];
    try {
      events = readJournalFile(entry.journal);
    } catch (e) {
      if ((e as NodeJS.ErrnoException).code === 'ENOENT') unlinkQuiet(file);
      continue;
    }
    const decision = decided(entry.journal, entry.window);
    const status = windowStatus({ events, window: entry.window, decision, ...o });
    if (!status || status.state === 'confirmed' || status.state === 'reverted') {
      unlinkQuiet(file);
      continue;
    }
    out.push({ ...entry, deadline: status.deadline, status });
  }
  return out.sort((a, b) => a.deadline - b.deadline);
}

/**
 * The windows of this user on this machine not yet settled (open, unguarded or unsettled): what
 * another window's change must not touch. Liveness as journal-open.ts judges it.
 */
export function openWindows(
  stateDir: string,
  o: Partial<ReadOptions> = {},
): { journal: string; window: string; router: string; deadline: number }[] {
  const alive = o.alive ?? processAlive;
  const where = o.where ? { where: o.where } : {};
  return indexedWindows(stateDir, { alive, now: o.now ?? Date.now(), ...where }).map(
    ({ journal, window, router, deadline }) => ({ journal, window, router, deadline }),
  );
}

export type { OpenWindow } from './window-index.js';
export { windowsDir } from './window-index.js';
