// `changes [all]` and `compare` (also `show | compare`): the session's journal, read back.
import { dirname } from 'node:path';
import { commandFailedError } from '../../errors.js';
import { readFailure } from '../../config/read-bounded.js';
import { journalFiles, readJournalFileCounted } from './journal/file.js';
import { fold, type ParsedJournal } from './journal/fold.js';
import type { Journal } from './journal/journal.js';
import { changeRow, changesJson, compareLines } from './journal/text.js';
import type { Change } from '../../contract/journal.js';
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

/**
 * Every session's changes with this router, oldest first; this session's with every after read.
 * Another session's file is read defensively: a malformed line is skipped and counted, an
 * unreadable file skipped, and each is said.
 */
async function allChanges(journal: Journal): Promise<{ list: Change[]; skipped: Skipped[] }> {
  const out: Change[] = [];
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
      if (f.router === journal.meta.router) out.push(...f.changes);
    }
  }
  return { list: [...out.sort((a, b) => a.at - b.at), ...(await journal.settled())], skipped };
}

const skippedNote = (s: Skipped): string =>
  s.unreadable !== undefined
    ? `note: skipped journal ${s.file}: cannot read it (${s.unreadable})\n`
    : `note: skipped ${s.lines} malformed journal line(s) in ${s.file}\n`;

export const changes: Handler<'changes'> = async ({ options }, { services }) => {
  const journal = await journalOf(services);
  const { list, skipped } = options.all
    ? await allChanges(journal)
    : { list: await journal.settled(), skipped: [] };
  const notes = skipped.map(skippedNote).join('');
  const skippedJson = skipped.length ? { skipped } : {};
  if (list.length === 0) {
    const text = options.all ? 'no changes journaled for this router\n' : 'no changes in this session\n';
    return { kind: 'text', text: text + notes, json: { changes: [], ...skippedJson } };
  }
  const rows = list.map(changeRow);
  const text = renderTable(
    ['ID', 'TIME', 'COMMAND', 'OLD → NEW', 'STATUS'],
    rows.map((r) => [r.id, r.time, r.command, r.change, r.status]),
    { maxWidth: services.width(), rightAlign: [false, false, false, false, false] },
  );
  return { kind: 'text', text: text + notes, json: { changes: list.map(changesJson), ...skippedJson } };
};

export const compare: Handler<'compare'> = async (_call, { services }) => {
  const journal = await journalOf(services);
  const lines = compareLines(await journal.settled());
  const text = lines.length
    ? lines.map((l) => `${l.sign} ${l.text}\n`).join('')
    : 'no changes in this session (or all undone)\n';
  return { kind: 'text', text, json: { compare: lines }, diff: true };
};
