// Opens a session's change journal: a new file under $XDG_STATE_HOME/routersh/journal/, an
// existing journal taken over (`routersh undo --journal FILE`: its session id and router are
// the file's), or a given sink. Imported on first need (session/), so a read-only run never
// loads it.
import { readFailure } from '../../config/read-bounded.js';
import { usageError } from '../../errors.js';
import { fileSink, type JournalSink, journalDir, readJournalFile } from './journal/file.js';
import { fold } from './journal/fold.js';
import { FileJournal, type Journal, type JournalMeta } from './journal/journal.js';
import { newSessionId } from './journal/session-id.js';
import { decided } from './window-decision.js';
import { processAlive, processStart } from './process-alive.js';

export { processAlive, processStart } from './process-alive.js';

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
  return new FileJournal(sink, { session, router: meta.router, user: meta.user, ...processMeta(sink.path) });
}

/** What a journal learns of processes: this one's pid and clock, others' liveness, the decision file. */
function processMeta(path: string | undefined): Omit<JournalMeta, 'session' | 'router' | 'user'> {
  const start = processStart(process.pid);
  return {
    now: Date.now,
    pid: process.pid,
    ...(start ? { pidStart: start } : {}),
    alive: processAlive,
    sleep: (ms) => new Promise((r) => setTimeout(r, ms)),
    ...(path ? { settled: (id: string) => decided(path, id) } : {}),
    // Loaded by the first change inside a window (the open-window index and its reader), by no other.
    heldBy: async (mine, hold) =>
      (await import('./window-holds.js')).heldBy(mine, hold, { now: Date.now(), alive: processAlive }),
  };
}

function takeOver(path: string, user: string): Journal {
  let events: ReturnType<typeof readJournalFile>;
  try {
    events = readJournalFile(path);
  } catch (e) {
    throw usageError(`cannot read journal ${path}: ${readFailure(e)}`);
  }
  const f = fold(events);
  return new FileJournal(
    fileSink(path),
    { session: f.session ?? 'undo', router: f.router ?? '', user, ...processMeta(path) },
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
