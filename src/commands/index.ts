// argv → the command that runs it. Each command module loads on first use, so `--version`,
// `--help` and a usage error load argument parsing and nothing else. Every error a command
// throws is printed here, as one line, before the recording (if any) is closed.
import type { CommandIo } from '../contract/command-io.js';
import { asRoutershError, type Ending, failed, isRoutershError } from '../errors.js';
import { errorLine } from '../term/error-line.js';
import { sanitizeLine } from '../term/sanitize.js';
import type { Command } from './command.js';

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
const NAMED: Readonly<Record<string, Loader>> = {
  sim: async () => parser((await import('./sim.js')).command),
  api: async () => parser((await import('./api.js')).command),
  'match-list': async () => parser((await import('./match-list.js')).command),
  undo: async () => parser((await import('./undo.js')).command),
  learn: async () => parser((await import('./learn.js')).command),
  play: async () => parser((await import('./play.js')).command),
  confirm: async () => parser((await import('./confirm.js')).command),
  // Started by a session with a confirmed-change window (session/guard.ts); not for users.
  __guard: async () => parser((await import('./guard.js')).command),
};
const DEFAULT: Loader = async () => parser((await import('./default.js')).command);

export async function execute(argv: string[], io: CommandIo): Promise<Ending> {
  let stopRecording = () => {};
  try {
    const named = argv[0] !== undefined ? NAMED[argv[0]] : undefined;
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
