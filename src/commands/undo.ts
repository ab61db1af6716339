// `routersh undo --journal FILE [N | ID] [--yes] [connection]`, from any terminal, on a session
// that takes over FILE as its journal (session/connect.ts, like every command): without N or ID
// it finishes the file's confirmed-change window whose shell is gone (closed, killed, lost with
// its SSH session) — its changes not confirmed and not yet reverted are reverted, newest first;
// with N or ID, or when no window is open, it is the shell's `undo [N | ID]` on that journal.
// Either way the file records what was done.
import { parseArgs } from 'node:util';
import { type Flags, splitConnectionArgs } from '../cli/args.js';
import type { CommandIo } from '../contract/command-io.js';
import type { RunIo, Services } from '../contract/services.js';
import { commandFailedError, type Ending, failed, OK, usageError } from '../errors.js';
import { revertWindow } from '../features/changes/confirm.js';
import { journalRouter } from '../features/changes/journal-open.js';
import { runBuiltin } from '../run/handlers.js';
import { connect } from '../session/connect.js';
import { errorLine } from '../term/error-line.js';
import { sanitizeLine, sanitizeText } from '../term/sanitize.js';
import { askOnTerminal } from './batch.js';
import type { Command } from './command.js';

interface Args {
  connection: Flags;
  journal: string;
  /** N (the last N changes) or a change id; absent: the open window, else the newest change. */
  which?: string;
}

export function parseUndoArgs(rest: string[]): { journal: string; yes: boolean; which?: string } {
  let v: { journal?: string | undefined; yes?: boolean | undefined };
  let positionals: string[];
  try {
    ({ values: v, positionals } = parseArgs({
      args: rest,
      options: { journal: { type: 'string' }, yes: { type: 'boolean', short: 'y' } },
      allowPositionals: true,
      strict: true,
    }));
  } catch (e) {
    throw usageError(`${(e as Error).message.split('\n')[0]} (see routersh --help)`);
  }
  if (!v.journal) throw usageError('routersh undo needs --journal FILE (a session journal)');
  if (positionals.length > 1) throw usageError('routersh undo takes one N or one change id');
  return { journal: v.journal, yes: v.yes === true, ...(positionals[0] ? { which: positionals[0] } : {}) };
}

export const command: Command<Args> = {
  parse(argv) {
    const { connection, rest } = splitConnectionArgs(argv);
    const { journal, yes, which } = parseUndoArgs(rest);
    return { connection: { ...connection, yes }, journal, ...(which !== undefined ? { which } : {}) };
  },
  async run({ connection, journal: path, which }, io) {
    // The router is the journal's unless the command line names one.
    const router = connection.router ?? journalRouter(path);
    if (!router) throw usageError(`${path} names no router: use --router URL`);
    const { session, close } = await connect({ ...connection, router }, io, {
      interactive: false,
      journal: { path },
      yes: connection.yes,
      telemetry: 'on-first-use',
    });
    const terminal = io.stdin.isTTY === true && io.stderr.isTTY === true;
    const runIo: RunIo = terminal ? { ask: (question) => askOnTerminal(io, question) } : {};
    try {
      const journal = await session.services.journal!.open();
      const w = journal.window();
      if (which === undefined && w)
        return await finishWindow(path, w.id, session.services, runIo, connection.yes, io);
      const outcome = await runBuiltin(
        { name: 'undo', args: which === undefined ? [] : [which], options: {} },
        {
          state: { context: [] },
          services: session.services,
          io: runIo,
          signal: new AbortController().signal,
        },
      );
      if (outcome.kind === 'error') {
        io.err(`${errorLine(outcome.error)}\n`);
        return failed(outcome.error);
      }
      if (outcome.kind === 'text') io.out(sanitizeText(outcome.text));
      return OK;
    } finally {
      await close();
    }
  },
};

async function finishWindow(
  path: string,
  id: string,
  services: Services,
  runIo: RunIo,
  yes: boolean,
  io: CommandIo,
): Promise<Ending> {
  const journal = await services.journal!.open();
  const pending = journal.changes().filter((c) => c.window === id && c.status === 'done');
  // Journal text is a file anyone may have written: shown sanitized.
  const list = pending.map((c) => `  #${c.seq} ${sanitizeLine(c.line)}`).join('\n');
  const question = `revert ${pending.length} unconfirmed change(s) of ${path}:\n${list}\n`;
  if (!yes) {
    if (!runIo.ask) throw commandFailedError(`${question}not reverted: add --yes (no terminal to ask on)`);
    if (!(await runIo.ask(`${question}revert them?`, new AbortController().signal)))
      throw commandFailedError('cancelled: nothing sent');
  }
  const done = await revertWindow(journal, services.router, id);
  io.out(sanitizeText(`${done}\n`));
  return OK;
}
