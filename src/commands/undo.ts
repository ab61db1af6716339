// `routersh undo --journal FILE`: finishes, from another terminal, a confirmed-change window
// whose shell is gone (closed, killed, lost with its SSH session): the window's changes not
// confirmed and not yet reverted are reverted, newest first, and the file records it.
import { parseArgs } from 'node:util';
import { RouterClient, type RouterClientConfig } from '../api/router/client.js';
import { commandFailedError, type Ending, OK, usageError } from '../errors.js';
import { fileSink, readJournalFile } from '../features/changes/journal/file.js';
import { fold } from '../features/changes/journal/fold.js';
import { Journal } from '../features/changes/journal/journal.js';
import { revertWindow } from '../features/changes/confirm.js';
import { sanitizeText } from '../term/sanitize.js';

export interface UndoIo {
  stdout: (s: string) => void;
  stderr: (s: string) => void;
  connection: Partial<RouterClientConfig>;
  /** Asks yes/no on the terminal; undefined when there is none (then --yes is needed). */
  ask?: (question: string) => Promise<boolean>;
}

export function parseUndoArgs(rest: string[]): { journal: string; yes: boolean } {
  let v: { journal?: string | undefined; yes?: boolean | undefined };
  try {
    v = parseArgs({
      args: rest,
      options: { journal: { type: 'string' }, yes: { type: 'boolean', short: 'y' } },
      strict: true,
    }).values;
  } catch (e) {
    throw usageError(`${(e as Error).message.split('\n')[0]} (see routersh --help)`);
  }
  if (!v.journal) throw usageError('routersh undo needs --journal FILE (a session journal)');
  return { journal: v.journal, yes: v.yes === true };
}

export async function runUndoCommand(rest: string[], io: UndoIo): Promise<Ending> {
  const args = parseUndoArgs(rest);
  let events: ReturnType<typeof readJournalFile>;
  try {
    events = readJournalFile(args.journal);
  } catch (e) {
    throw usageError(
      `cannot read journal ${args.journal}: ${(e as NodeJS.ErrnoException).code ?? 'unreadable'}`,
    );
  }
  const f = fold(events);
  const journal = new Journal(
    fileSink(args.journal),
    { session: f.session ?? 'undo', router: f.router ?? '', user: '', now: Date.now },
    events,
  );
  const w = journal.window();
  if (!w)
    throw commandFailedError(`${args.journal}: no confirmed-change window left open (nothing to revert)`);
  const baseUrl = io.connection.baseUrl ?? f.router;
  if (!baseUrl) throw usageError('no router given: use --router URL');
  const pending = journal.changes().filter((c) => c.window === w.id && c.status === 'done');
  const list = pending.map((c) => `  #${c.seq} ${c.line}`).join('\n');
  const question = `revert ${pending.length} unconfirmed change(s) of ${args.journal}:\n${list}\n`;
  if (!args.yes) {
    if (!io.ask) throw commandFailedError(`${question}not reverted: add --yes (no terminal to ask on)`);
    if (!(await io.ask(`${question}revert them?`))) throw commandFailedError('cancelled: nothing sent');
  }
  const client = new RouterClient({
    auth: 'basic',
    timeoutMs: 30_000,
    ...io.connection,
    baseUrl,
  } as RouterClientConfig);
  try {
    const done = await revertWindow(journal, client, w.id);
    io.stdout(sanitizeText(`${done}\n`));
    return OK;
  } finally {
    await journal.close();
    await client.close();
  }
}
