// `changes [all]` and `compare` (also `show | compare`): the session's journal, read back.
import { dirname } from 'node:path';
import { commandFailedError } from '../../errors.js';
import { journalFiles, readJournalFile } from './journal/file.js';
import { fold } from './journal/fold.js';
import type { Journal } from './journal/journal.js';
import { changeRow, changesJson, compareLines } from './journal/text.js';
import type { Change } from './journal/types.js';
import { renderTable } from '../../term/table.js';
import type { Handler } from '../../contract/handler.js';
import type { Services } from '../../contract/services.js';

export async function journalOf(services: Services): Promise<Journal> {
  const journal = await services.journal?.open();
  if (!journal) throw commandFailedError('no change journal in this session');
  return journal;
}

/** Every session's changes with this router, oldest first; this session's with every after read. */
async function allChanges(journal: Journal): Promise<Change[]> {
  const out: Change[] = [];
  const own = journal.path;
  if (own) {
    for (const file of journalFiles(dirname(own))) {
      if (file === own) continue;
      const f = fold(readJournalFile(file));
      if (f.router === journal.meta.router) out.push(...f.changes);
    }
  }
  return [...out.sort((a, b) => a.at - b.at), ...(await journal.settled())];
}

export const changes: Handler<'changes'> = async ({ options }, { services }) => {
  const journal = await journalOf(services);
  const list = options.all ? await allChanges(journal) : await journal.settled();
  if (list.length === 0) {
    const text = options.all ? 'no changes journaled for this router\n' : 'no changes in this session\n';
    return { kind: 'text', text, json: { changes: [] } };
  }
  const rows = list.map(changeRow);
  const text = renderTable(
    ['ID', 'TIME', 'COMMAND', 'OLD → NEW', 'STATUS'],
    rows.map((r) => [r.id, r.time, r.command, r.change, r.status]),
    { maxWidth: services.width(), rightAlign: [false, false, false, false, false] },
  );
  return { kind: 'text', text, json: { changes: list.map(changesJson) } };
};

export const compare: Handler<'compare'> = async (_call, { services }) => {
  const journal = await journalOf(services);
  const lines = compareLines(await journal.settled());
  const text = lines.length
    ? lines.map((l) => `${l.sign} ${l.text}\n`).join('')
    : 'no changes in this session (or all undone)\n';
  return { kind: 'text', text, json: { compare: lines }, diff: true };
};
