// `routersh undo --journal FILE [N | ID] [--yes] [connection]` and `routersh undo --journal`
// (the journals with a window not settled): the command line, the start rule for every other
// window, then undo-journal.ts.
import { splitConnectionArgs } from '../cli/args.js';
import type { Command } from './command.js';
import { type Args, listOpenWindows, parseUndoArgs, runUndoJournal } from './undo-journal.js';
import { startCheck } from './start-check.js';

export const command: Command<Args> = {
  parse(argv) {
    const { connection, rest } = splitConnectionArgs(argv);
    // `routersh undo --journal` alone: which journals have a window open.
    if (rest.length === 1 && rest[0] === '--journal') return { connection, journal: '', list: true };
    const { journal, yes, which } = parseUndoArgs(rest);
    return { connection: { ...connection, yes }, journal, ...(which !== undefined ? { which } : {}) };
  },
  async run(args, io) {
    if (args.list) return listOpenWindows(io);
    // The start rule, for every window but the one this command finishes.
    await startCheck(io, { connection: args.connection, skip: args.journal });
    return runUndoJournal(args, io);
  },
};
