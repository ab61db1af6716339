// Opens a session's change journal: a new file under $XDG_STATE_HOME/routersh/journal/, an
// existing journal taken over (`routersh undo --journal FILE`: its session id and router are
// the file's), or a given sink. Imported on first need (session/), so a read-only run never
// loads it.
import { readFailure } from '../../config/read-bounded.js';
import { usageError } from '../../errors.js';
import { fileSink, type JournalSink, journalDir, readJournalFile } from './journal/file.js';
import { fold } from './journal/fold.js';
import { Journal, newSessionId } from './journal/journal.js';

export type JournalPlace = JournalSink | { dir: string } | { path: string };

export function openJournal(meta: { router: string; user: string }, where: JournalPlace): Journal {
  if (!('append' in where) && 'path' in where) return takeOver(where.path, meta.user);
  const session = newSessionId();
  const sink =
    'append' in where
      ? where
      : fileSink(
          `${journalDir(where.dir)}/${new Date().toISOString().replace(/[:.]/g, '-')}-${session}.jsonl`,
        );
  return new Journal(sink, { session, router: meta.router, user: meta.user, now: Date.now });
}

function takeOver(path: string, user: string): Journal {
  let events: ReturnType<typeof readJournalFile>;
  try {
    events = readJournalFile(path);
  } catch (e) {
    throw usageError(`cannot read journal ${path}: ${readFailure(e)}`);
  }
  const f = fold(events);
  return new Journal(
    fileSink(path),
    { session: f.session ?? 'undo', router: f.router ?? '', user, now: Date.now },
    events,
  );
}

/** The router a journal file names (the first line's), without opening it for writing. */
export function journalRouter(path: string): string | undefined {
  try {
    return fold(readJournalFile(path)).router;
  } catch (e) {
    throw usageError(`cannot read journal ${path}: ${readFailure(e)}`);
  }
}
