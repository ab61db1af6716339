// The journal on disk: one JSON-lines file per session under $XDG_STATE_HOME/routersh/journal/,
// mode 0600. Every line is written (to the kernel) before the caller goes on, so a crash of
// routersh loses nothing; a line marked `sync` (the record of a request about to be sent) is
// also fsync'd, which carries every line before it: a crash of the machine loses no record of
// a sent request. The file is the journal: the session reads it back rather than keep it all.
// A journal says what to write back to the router: its directory and the file are state only
// the user can touch (config/state-dir.ts), checked before the first line and before each read.
import {
  closeSync,
  fsync,
  existsSync,
  fstatSync,
  fsyncSync,
  openSync,
  readSync,
  readdirSync,
  statSync,
  writeSync,
} from 'node:fs';
import { dirname, join } from 'node:path';
import { MAX_JOURNAL_BYTES, readFileBoundedSync } from '../../../config/read-bounded.js';
import { stateFiles } from '../../../config/state-dir.js';
import { type ParsedJournal, parseJournal, parseJournalCounted } from './fold.js';
import { jsonPieces } from './json-pieces.js';
import type { JournalEvent } from '../../../contract/journal.js';

export interface JournalSink {
  append(e: JournalEvent, o?: { sync?: boolean }): void;
  /** Every line written so far (read back). */
  read(): JournalEvent[];
  /** How much has been written so far (it only grows): a reader reads again when it changed. */
  size?(): number;
  /**
   * Resolves once everything appended before the call is on disk: one fsync (off the event
   * loop) for all the callers that ask while one runs — a group commit. A transaction's 16
   * steps in flight each wait for their record, as with `sync`, but share the fsyncs.
   */
  synced?(): Promise<void>;
  readonly path: string | undefined;
  close(): void;
}

export const journalDir = (stateDir: string): string => join(stateDir, 'journal');

/** A file sink, created on the first line (a session that changes nothing leaves no file). */
export function fileSink(path: string): JournalSink {
  let fd: number | undefined;
  let unsynced = false;
  const group = new GroupSync();
  return {
    path,
    append(e, o = {}) {
      if (fd === undefined) {
        stateFiles.ensureDir(dirname(path));
        stateFiles.check(path);
        fd = openSync(path, 'a+', 0o600);
        // A writer killed part-way through a line left it unended: ours starts on a line of its own.
        if (!endsWithNewline(fd)) writeSync(fd, '\n');
      }
      writeLine(fd, e);
      unsynced = !o.sync;
      if (o.sync) fsyncSync(fd);
    },
    read: () => (existsSync(path) ? readJournalFile(path) : []),
    size: () => statSync(path, { throwIfNoEntry: false })?.size ?? 0,
    synced() {
      if (fd === undefined) return Promise.resolve();
      return group.synced(fd);
    },
    close() {
      if (fd === undefined) return;
      if (unsynced) fsyncSync(fd);
      closeSync(fd);
      fd = undefined;
    },
  };
}

/**
 * Group commit: an fsync started after a caller's writes covers them. While one runs, the
 * callers that come wait for the next, which starts when it ends and covers them all.
 */
export class GroupSync {
  private running: Promise<void> | undefined;
  private next: Promise<void> | undefined;

  constructor(private readonly flush: (fd: number, done: (e: Error | null) => void) => void = fsync) {}

  synced(fd: number): Promise<void> {
    if (!this.running) {
      this.running = new Promise<void>((resolve, reject) =>
        this.flush(fd, (e) => (e ? reject(e) : resolve())),
      ).finally(() => {
        this.running = undefined;
      });
      return this.running;
    }
    // The one running may have begun before this caller's writes: the next one covers them.
    this.next ??= this.running
      .catch(() => {})
      .then(() => {
        this.next = undefined;
        return this.synced(fd);
      });
    return this.next;
  }
}

/** The event as one JSON line, written in pieces (json-pieces.ts): a big record is never one string. */
function writeLine(fd: number, e: JournalEvent): void {
  let last: string | undefined;
  jsonPieces(e, (piece) => {
    if (last !== undefined) writeSync(fd, last);
    last = piece;
  });
  writeSync(fd, `${last ?? ''}\n`);
}

/** Whether the file is empty or its last byte is a line end. */
function endsWithNewline(fd: number): boolean {
  const size = fstatSync(fd).size;
  if (size === 0) return true;
  const b = Buffer.alloc(1);
  return readSync(fd, b, 0, 1, size - 1) === 1 && b[0] === 0x0a;
}

/** A journal's events; a file over MAX_JOURNAL_BYTES (or /dev/zero) fails with EFBIG, unread. */
export function readJournalFile(path: string): JournalEvent[] {
  stateFiles.check(path);
  return parseJournal(readFileBoundedSync(path, MAX_JOURNAL_BYTES));
}

/** readJournalFile, and how many lines were skipped as malformed (`changes all` says so). */
export function readJournalFileCounted(path: string): ParsedJournal {
  stateFiles.check(path);
  return parseJournalCounted(readFileBoundedSync(path, MAX_JOURNAL_BYTES));
}

/** Every journal file in `dir`, oldest first (names start with the session's start time); an unsafe `dir` is refused. */
export function journalFiles(dir: string): string[] {
  stateFiles.check(dir);
  try {
    return readdirSync(dir)
      .filter((n) => n.endsWith('.jsonl'))
      .sort()
      .map((n) => join(dir, n));
  } catch {
    return [];
  }
}
