// The journal on disk: one JSON-lines file per session under $XDG_STATE_HOME/routersh/journal/,
// mode 0600. Every line is written and fsync'd before the caller goes on, so the record of a
// change is on disk before its request is sent: a crash loses nothing.
import { closeSync, fsyncSync, mkdirSync, openSync, readdirSync, readFileSync, writeSync } from 'node:fs';
import { join } from 'node:path';
import { parseJournal } from './fold.js';
import type { JournalEvent } from './types.js';

export interface JournalSink {
  append(e: JournalEvent): void;
  readonly path: string | undefined;
  close(): void;
}

export const journalDir = (stateDir: string): string => join(stateDir, 'journal');

/** A file sink, created on the first line (a session that changes nothing leaves no file). */
export function fileSink(path: string): JournalSink {
  let fd: number | undefined;
  return {
    path,
    append(e) {
      if (fd === undefined) {
        mkdirSync(join(path, '..'), { recursive: true, mode: 0o700 });
        fd = openSync(path, 'a', 0o600);
      }
      writeSync(fd, `${JSON.stringify(e)}\n`);
      fsyncSync(fd);
    },
    close() {
      if (fd !== undefined) closeSync(fd);
      fd = undefined;
    },
  };
}

/** Lines kept in memory only (tests, or a state directory that cannot be written). */
export function memorySink(): JournalSink & { events: JournalEvent[] } {
  const events: JournalEvent[] = [];
  return { path: undefined, events, append: (e) => void events.push(e), close() {} };
}

export function readJournalFile(path: string): JournalEvent[] {
  return parseJournal(readFileSync(path, 'utf8'));
}

/** Every journal file in `dir`, oldest first (names start with the session's start time). */
export function journalFiles(dir: string): string[] {
  try {
    return readdirSync(dir)
      .filter((n) => n.endsWith('.jsonl'))
      .sort()
      .map((n) => join(dir, n));
  } catch {
    return [];
  }
}
