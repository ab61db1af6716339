// argv → the command that runs it. Each command module loads on first use, so `--version`,
// `--help` and a usage error load argument parsing and nothing else. Every error a command
// throws is printed here, as one line, before the recording (if any) is closed.
import type { CommandIo } from '../contract/command-io.js';
import { asRoutershError, type Ending, failed, isRoutershError } from '../errors.js';
import { errorLine } from '../term/error-line.js';
import { sanitizeLine } from '../term/sanitize.js';
import type { Command } from './command.js';
import { COMMAND_NAMES, type CommandName } from './command-names.js';

/** A command with its argv parsed: where it records (if anywhere), and its run. */
interface Parsed {
  record: string | undefined;
  run: (io: CommandIo) => Promise<Ending>;
}
type Loader = () => Promise<(argv: string[]) => Parsed>;

const parser =
  <A>(c: Command<A>) =>
  (argv: string[]): Parsed => {
    const args = c.parse(argv);
    return { record: c.record?.(args), run: (io) => c.run(args, io) };
  };

/** `routersh NAME …`; anything else is the shell or a script (default.ts). */
const NAMED: Readonly<Record<CommandName | '__guard' | '__complete', Loader>> = {
  sim: async () => parser((await import('./sim.js')).command),
  api: async () => parser((await import('./api.js')).command),
  'match-list': async () => parser((await import('./match-list.js')).command),
  undo: async () => parser((await import('./undo.js')).command),
  learn: async () => parser((await import('./learn.js')).command),
  play: async () => parser((await import('./play.js')).command),
  dash: async () => parser((await import('./dash.js')).command),
  confirm: async () => parser((await import('./confirm.js')).command),
  fleet: async () => parser((await import('./fleet.js')).command),
  config: async () => parser((await import('./config.js')).command),
  completion: async () => parser((await import('./completion.js')).command),
  'ansible-path': async () => parser((await import('./ansible-path.js')).command),
  inventory: async () => parser((await import('./inventory.js')).command),
  class: async () => parser((await import('./class.js')).command),
  help: async () => parser((await import('./help.js')).command),
  // Started by a session with a confirmed-change window (session/guard.ts); not for users.
  __guard: async () => parser((await import('./guard.js')).command),
  // What the completion scripts of `routersh completion` call: candidates for a word; not for users.
  __complete: async () => parser((await import('./complete.js')).command),
};
const DEFAULT: Loader = async () => parser((await import('./default.js')).command);

/**
 * `routersh COMMAND --help`, `-h` anywhere before `--`, or `help` alone: the command's own help
 * (commands/help.ts), whatever else the line holds, before its parser can call it a mistake.
 */
function asksHelp(name: string, args: readonly string[]): boolean {
  if (name.startsWith('__') || name === 'help') return false;
  if (args.length === 1 && args[0] === 'help') return true;
  const end = args.indexOf('--');
  return (end < 0 ? args : args.slice(0, end)).some((a) => a === '--help' || a === '-h');
}

/** Own names only: `routersh constructor` is not a command. */
const namedOf = (name: string | undefined): Loader | undefined =>
  name !== undefined && Object.hasOwn(NAMED, name) ? NAMED[name as keyof typeof NAMED] : undefined;

export async function execute(argv: string[], io: CommandIo): Promise<Ending> {
  let stopRecording = () => {};
  try {
    // Main flags before a command's name: the name first (cli/args.ts), as git takes them. Only
    // when a command's name is among the words: `-c …` and the shell start as they did.
    if (argv[0]?.startsWith('-') && argv.some((a) => COMMAND_NAMES.includes(a as CommandName))) {
      const { commandAfterFlags } = await import('../cli/args.js');
      argv = commandAfterFlags(argv, COMMAND_NAMES) ?? argv;
    }
    const [name, ...args] = argv;
    if (name !== undefined && namedOf(name) && asksHelp(name, args)) argv = ['help', name];
    const named = namedOf(argv[0]);
    const parse = await (named ?? DEFAULT)();
    const { record, run } = parse(named ? argv.slice(1) : argv);
    if (record !== undefined) {
      const { startRecording } = await import('../features/record/record.js');
      const recording = startRecording(record, io);
      io = recording.io;
      stopRecording = recording.stop;
    }
    return await run(io);
  } catch (e) {
    const error = asRoutershError(e);
    io.err(isRoutershError(e) ? `${errorLine(error)}\n` : `routersh: ${sanitizeLine(error.message)}\n`);
    return failed(error);
  } finally {
    stopRecording();
  }
}
