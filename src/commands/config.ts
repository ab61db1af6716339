// `routersh config diff A B …` (config-diff.ts), and `routersh config show|save|load …`: the
// shell's `config` built-in as a one-line script, exactly `routersh -c 'config …'` (the words
// quoted back by THE lexer's rule; connection and output flags, and --yes, stay routersh's).
import { type Flags, splitConnectionArgs } from '../cli/args.js';
import { usageError } from '../errors.js';
import { quoteWord } from '../lang/tokenize.js';
import type { Command } from './command.js';
import { type DiffArgs, parseDiffArgs, runConfigDiff } from './config-diff.js';

type Args = { diff: DiffArgs } | { script: Flags };

const SUBCOMMANDS = ['diff', 'show', 'save', 'load'];

export const command: Command<Args> = {
  parse(argv) {
    const { connection, rest } = splitConnectionArgs(argv);
    const [sub, ...words] = rest;
    if (sub === undefined || !SUBCOMMANDS.includes(sub))
      throw usageError(
        `routersh config takes diff, show, save or load${sub === undefined ? '' : `, not ${sub}`} (routersh config --help)`,
      );
    if (sub === 'diff') return { diff: parseDiffArgs(connection, words) };
    const yes = words.some((w) => w === '--yes' || w === '-y');
    const line = ['config', sub, ...words.filter((w) => w !== '--yes' && w !== '-y')]
      .map(quoteWord)
      .join(' ');
    return { script: { ...connection, yes: connection.yes || yes, commands: [line] } };
  },
  async run(args, io) {
    if ('diff' in args) {
      const { startCheck } = await import('./start-check.js');
      await startCheck(io, { connection: args.diff.connection });
      return runConfigDiff(args.diff, io);
    }
    return (await import('./default.js')).runSession(args.script, io);
  },
};
