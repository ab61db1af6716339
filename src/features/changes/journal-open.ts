// Opens the session's change journal: a file under $XDG_STATE_HOME/routersh/journal/ (or a
// given sink). Imported on first need (router-session.ts), so a read-only run never loads it.
import type { Config } from '../../config/config.js';
import { stateDir } from '../../config/paths.js';
import { fileSink, journalDir, type JournalSink } from './journal/file.js';
import { Journal, newSessionId } from './journal/journal.js';
import type { RunnerDeps } from '../../contract/services.js';

export function openJournal(cfg: Readonly<Config>, where: JournalSink | 'file'): Journal {
  const session = newSessionId();
  const sink =
    where === 'file'
      ? fileSink(
          `${journalDir(stateDir(process.env))}/${new Date().toISOString().replace(/[:.]/g, '-')}-${session}.jsonl`,
        )
      : where;
  return new Journal(sink, { session, router: cfg.router ?? '', user: cfg.user ?? 'token', now: Date.now });
}

/** The session's journal, opened if it was not yet; undefined when the session keeps none. */
export async function sessionJournal(deps: RunnerDeps): Promise<Journal | undefined> {
  return deps.journal ?? (await deps.openJournal?.());
}
