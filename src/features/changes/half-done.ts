// What a start finds besides windows (issue 37): a transaction left half done outside any
// window — a change sent whose answer was never recorded (its process killed in flight), or an
// undo begun and never finished. Found through the pending entries of the open-window index
// (pending-index.ts writes them): an entry whose process is gone names a journal to look in; a
// journal with nothing half done left (or gone) has its dead writers' entries removed. A live
// writer's entry is left alone without reading its journal: it is at work.
import { dirname, join } from 'node:path';
import type { JournalEvent } from '../../contract/journal.js';
import { readFileBoundedSync } from '../../config/read-bounded.js';
import { stateFiles } from '../../config/state-dir.js';
import { journalDir, readJournalFile } from './journal/file.js';
import { fold } from './journal/fold.js';
import { isPendingName, type PendingEntry, pendingFile } from './pending-index.js';
import { indexNames, unlinkQuiet, windowsDir } from './window-index.js';

/** One thing left half done in a journal. */
export interface HalfDoneItem {
  /** The change's id (what `routersh undo --journal FILE ID` takes) and its number. */
  id: string;
  seq: number;
  line: string;
  /**
   * `change`: sent, its answer never recorded; `undo`: its undo begun, never finished; `tx`: a
   * transaction begun and never ended (issue 38: `id` is the transaction's, `seq` its steps sent).
   */
  kind: 'change' | 'undo' | 'tx';
}

/**
 * What a journal holds half done outside any window (a window's own are the window rule's:
 * window-status.ts). A change with no answer whose writer still lives is in flight, not left.
 */
export function halfDoneIn(
  events: readonly JournalEvent[],
  alive: (pid: number, start?: string) => boolean,
): HalfDoneItem[] {
  // The last undo of each change, and whether an end was written after it.
  const undoOpen = new Map<string, boolean>();
  for (const e of events) {
    if (e.t === 'undo') undoOpen.set(e.id, true);
    else if (e.t === 'undone') undoOpen.set(e.id, false);
  }
  const out: HalfDoneItem[] = [];
  const f = fold(events);
  // A transaction outside a window whose process is gone before its end: one item for its steps.
  // Its steps are the transaction's: settled by its end (or its revert), never one by one.
  const txs = new Set(f.transactions.map((t) => t.id));
  for (const t of f.transactions) {
    if (t.end || t.window || (t.pid !== undefined && alive(t.pid, t.pidStart))) continue;
    const sent = f.changes.filter((c) => c.tx === t.id && c.status !== 'failed').length;
    out.push({ id: t.id, seq: sent, line: t.line, kind: 'tx' });
  }
  for (const c of f.changes) {
    if (c.window || (c.tx !== undefined && txs.has(c.tx))) continue;
    const item = { id: c.id, seq: c.seq, line: c.line };
    if (c.status === 'unknown' && !(c.pid !== undefined && alive(c.pid, c.pidStart)))
      out.push({ ...item, kind: 'change' });
    else if (undoOpen.get(c.id) === true && c.status !== 'undone') out.push({ ...item, kind: 'undo' });
  }
  return out;
}

/** A journal with something half done, as a start says it. */
export interface HalfDone {
  kind: 'half-done';
  journal: string;
  router: string;
  items: HalfDoneItem[];
}

/** An entry is a few hundred bytes; anything larger is not one. */
const MAX_ENTRY_BYTES = 64 * 1024;

function readEntry(file: string): PendingEntry | undefined {
  try {
    const v = JSON.parse(readFileBoundedSync(file, MAX_ENTRY_BYTES)) as Partial<PendingEntry>;
    if (
      v.kind === 'pending' &&
      typeof v.journal === 'string' &&
      typeof v.router === 'string' &&
      Number.isSafeInteger(v.pid) &&
      (v.pid as number) > 0 &&
      (v.pidStart === undefined || typeof v.pidStart === 'string')
    )
      return {
        kind: 'pending',
        journal: v.journal,
        router: v.router,
        pid: v.pid as number,
        ...(v.pidStart ? { pidStart: v.pidStart } : {}),
      };
  } catch {}
  return undefined;
}

export interface HalfDoneOptions {
  alive: (pid: number, start?: string) => boolean;
  /** Only this journal's entries (after settling it: its entries go once nothing is left). */
  only?: string | undefined;
}

/**
 * The journals the index's pending entries name whose writer is gone and which hold something
 * half done. An entry that is not one, names a journal outside this state directory or one gone,
 * or whose journal has nothing half done left, is removed; one whose journal cannot be read now
 * (too large, no permission) is kept and skipped.
 */
export function halfDoneJournals(stateDir: string, o: HalfDoneOptions): HalfDone[] {
  const dead = new Map<string, { router: string; files: string[] }>();
  for (const name of indexNames(stateDir)) {
    if (!isPendingName(name)) continue;
    const file = join(windowsDir(stateDir), name);
    // Only the user's own entry is read (config/state-dir.ts); another's is not followed.
    if (stateFiles.trouble(file)) continue;
    const entry = readEntry(file);
    if (
      !entry ||
      pendingFile(stateDir, entry.journal, entry.pid) !== file ||
      dirname(entry.journal) !== journalDir(stateDir)
    ) {
      unlinkQuiet(file);
      continue;
    }
    if (o.only !== undefined && entry.journal !== o.only) continue;
    if (o.alive(entry.pid, entry.pidStart)) continue;
    const seen = dead.get(entry.journal) ?? { router: entry.router, files: [] };
    seen.files.push(file);
    dead.set(entry.journal, seen);
  }
  const out: HalfDone[] = [];
  for (const [journal, { router, files }] of dead) {
    let events: JournalEvent[];
    try {
      events = readJournalFile(journal);
    } catch (e) {
      if ((e as NodeJS.ErrnoException).code === 'ENOENT') for (const f of files) unlinkQuiet(f);
      continue;
    }
    const items = halfDoneIn(events, o.alive);
    if (items.length === 0) for (const f of files) unlinkQuiet(f);
    else out.push({ kind: 'half-done', journal, router: fold(events).router ?? router, items });
  }
  return out;
}
