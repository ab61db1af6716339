// `changes [all]` and `compare` (also `show | compare`): the session's journal, read back; a change
// made in a confirmed-change window shows that window's state (window-status.ts).
import { dirname } from 'node:path';
import { commandFailedError } from '../../errors.js';
import { readFailure } from '../../config/read-bounded.js';
import { journalFiles, readJournalFile, readJournalFileCounted } from './journal/file.js';
import { fold, type ParsedJournal } from './journal/fold.js';
import type { Journal } from './journal/journal.js';
import { changeRow, changesJson, compareLines } from './journal/text.js';
import type { Change, JournalEvent } from '../../contract/journal.js';
import { processAlive } from './process-alive.js';
import { decided } from './window-decision.js';
import { type ShownWindowState, windowStatus } from './window-status.js';
import { renderTable } from '../../term/table.js';
import type { Handler } from '../../contract/handler.js';
import type { Services } from '../../contract/services.js';

export async function journalOf(services: Services): Promise<Journal> {
  const journal = await services.journal?.open();
  if (!journal) throw commandFailedError('no change journal in this session');
  return journal;
}

/** A journal file `changes all` read only in part: lines skipped as malformed, or none read. */
interface Skipped {
  file: string;
  lines?: number;
  unreadable?: string;
}

/** A change with the shown state of the window it was made in (window-status.ts), if any. */
export interface ListedChange {
  change: Change;
  windowState?: ShownWindowState;
}

/** The shown state of each window of one journal file, from its events and decision files. */
function windowStates(
  events: readonly JournalEvent[],
  path: string | undefined,
): Map<string, ShownWindowState> {
  const out = new Map<string, ShownWindowState>();
  const now = Date.now();
  for (const e of events) {
    if (e.t !== 'window' || out.has(e.window)) continue;
    const decision = path ? decided(path, e.window) : undefined;
    const s = windowStatus({ events, window: e.window, decision, alive: processAlive, now });
    if (s) out.set(e.window, s.state);
  }
  return out;
}

const listed = (changes: readonly Change[], states: Map<string, ShownWindowState>): ListedChange[] =>
  changes.map((change) => {
    const windowState = change.window ? states.get(change.window) : undefined;
    return windowState ? { change, windowState } : { change };
  });

/** This session's changes, every after read, each with its window's state. */
async function ownChanges(journal: Journal): Promise<ListedChange[]> {
  const list = await journal.settled();
  if (!list.some((c) => c.window)) return listed(list, new Map());
  let events: JournalEvent[] = [];
  try {
    if (journal.path) events = readJournalFile(journal.path);
  } catch {}
  return listed(list, windowStates(events, journal.path));
}

/**
 * Every session's changes with this router, oldest first; this session's with every after read.
 * Another session's file is read defensively: a malformed line is skipped and counted, an
 * unreadable file skipped, and each is said.
 */
async function allChanges(journal: Journal): Promise<{ list: ListedChange[]; skipped: Skipped[] }> {
  const out: ListedChange[] = [];
  const skipped: Skipped[] = [];
  const own = journal.path;
  if (own) {
    for (const file of journalFiles(dirname(own))) {
      if (file === own) continue;
      let parsed: ParsedJournal;
      try {
        parsed = readJournalFileCounted(file);
      } catch (e) {
        skipped.push({ file, unreadable: readFailure(e) });
        continue;
      }
      if (parsed.malformed) skipped.push({ file, lines: parsed.malformed });
      const f = fold(parsed.events);
      if (f.router === journal.meta.router) out.push(...listed(f.changes, windowStates(parsed.events, file)));
    }
  }
  return {
    list: [...out.sort((a, b) => a.change.at - b.change.at), ...(await ownChanges(journal))],
    skipped,
  };
}

const skippedNote = (s: Skipped): string =>
  s.unreadable !== undefined
    ? `note: skipped journal ${s.file}: cannot read it (${s.unreadable})\n`
    : `note: skipped ${s.lines} malformed journal line(s) in ${s.file}\n`;

export const changes: Handler<'changes'> = async ({ options }, { services }) => {
  const journal = await journalOf(services);
  const { list, skipped } = options.all
    ? await allChanges(journal)
    : { list: await ownChanges(journal), skipped: [] };
  const notes = skipped.map(skippedNote).join('');
  const skippedJson = skipped.length ? { skipped } : {};
  if (list.length === 0) {
    const text = options.all ? 'no changes journaled for this router\n' : 'no changes in this session\n';
    return { kind: 'text', text: text + notes, json: { changes: [], ...skippedJson } };
  }
  const rows = list.map((l) => changeRow(l.change, l.windowState));
  const text = renderTable(
    ['ID', 'TIME', 'COMMAND', 'OLD → NEW', 'STATUS'],
    rows.map((r) => [r.id, r.time, r.command, r.change, r.status]),
    { maxWidth: services.width(), rightAlign: [false, false, false, false, false] },
  );
  return {
    kind: 'text',
    text: text + notes,
    json: { changes: list.map((l) => changesJson(l.change, l.windowState)), ...skippedJson },
  };
};

export const compare: Handler<'compare'> = async (_call, { services }) => {
  const journal = await journalOf(services);
  const lines = compareLines(await journal.settled());
  const text = lines.length
    ? lines.map((l) => `${l.sign} ${l.text}\n`).join('')
    : 'no changes in this session (or all undone)\n';
  return { kind: 'text', text, json: { compare: lines }, diff: true };
};
