// `routersh config diff A B …` (config-diff.ts), and `routersh config show|save|load …`: the
// shell's `config` built-in as a one-line script, exactly `routersh -c 'config …'` (the words
// quoted back by THE lexer's rule; connection and output flags, and --yes, stay routersh's).
import { type Flags, MAIN_OPTIONS, parseMainArgs, splitConnectionArgs } from '../cli/args.js';
import { usageError } from '../errors.js';
import { quoteWord } from '../lang/tokenize.js';
import type { Command } from './command.js';
import { type DiffArgs, parseDiffArgs, runConfigDiff } from './config-diff.js';
import { type FleetDiffArgs, parseFleetDiffArgs } from './config-diff-fleet-args.js';

type Args = { diff: DiffArgs } | { fleetDiff: FleetDiffArgs } | { script: Flags };

const SUBCOMMANDS = ['diff', 'show', 'save', 'load'];

/** Main flags a `config show|save|load` run keeps as routersh's (the others are the line's: --dry-run, --force). */
const KEPT = new Set(
  Object.keys(MAIN_OPTIONS).filter(
    (n) => !['command', 'file', 'help', 'version', 'dry-run', 'keep-going'].includes(n),
  ),
);

/** `config show|save|load …` as `routersh [main flags] -c 'config …'`. */
function asScript(sub: string, argv: readonly string[]): Flags {
  const main: string[] = [];
  const words: string[] = [];
  for (let i = 0; i < argv.length; i++) {
    const a = argv[i]!;
    const name = a.startsWith('--') ? a.slice(2).split('=')[0]! : a === '-y' ? 'yes' : '';
    if (!KEPT.has(name)) {
      words.push(a);
      continue;
    }
    main.push(a);
    const spec = MAIN_OPTIONS[name as keyof typeof MAIN_OPTIONS];
    if (spec.type === 'string' && !a.includes('=') && i + 1 < argv.length) main.push(argv[++i]!);
  }
  const line = ['config', sub, ...words].map(quoteWord).join(' ');
  return parseMainArgs([...main, '-c', line]);
}

/** Where the first word is that is not a flag nor a flag's value (`-i INV config diff`: diff); -1 if none. */
function subcommandAt(argv: readonly string[]): number {
  for (let i = 0; i < argv.length; i++) {
    const a = argv[i]!;
    if (!a.startsWith('-')) return i;
    const name = a.startsWith('--') ? a.slice(2) : a === '-i' ? 'inventory' : '';
    const spec = (MAIN_OPTIONS as Record<string, { type: string }>)[name];
    if (name === 'ref' || spec?.type === 'string') i++;
  }
  return -1;
}

export const command: Command<Args> = {
  parse(argv) {
    const at = subcommandAt(argv);
    const sub = at < 0 ? undefined : argv[at];
    if (sub === undefined || !SUBCOMMANDS.includes(sub))
      throw usageError(
        `routersh config takes diff, show, save or load${sub === undefined ? '' : `, not ${sub}`} (routersh config --help)`,
      );
    const rest = [...argv.slice(0, at), ...argv.slice(at + 1)];
    if (sub === 'diff') {
      // With an inventory (-i, --limit, --ref): the selected hosts compared (config-diff-fleet.ts).
      const fleetDiff = parseFleetDiffArgs(rest);
      if (fleetDiff) return { fleetDiff };
      const { connection, rest: words } = splitConnectionArgs(rest);
      return { diff: parseDiffArgs(connection, words) };
    }
    return { script: asScript(sub, rest) };
  },
  async run(args, io) {
    if ('fleetDiff' in args) {
      const { startCheck } = await import('./start-check.js');
      await startCheck(io, {});
      return (await import('./config-diff-fleet.js')).runFleetConfigDiff(args.fleetDiff, io);
    }
    if ('diff' in args) {
      const { startCheck } = await import('./start-check.js');
      await startCheck(io, { connection: args.diff.connection });
      return runConfigDiff(args.diff, io);
    }
    return (await import('./default.js')).runSession(args.script, io);
  },
};
