// The commands of -c, -f or stdin, one after the other (batch-loop.ts prints their outcomes),
// on a session built like every other (session/connect.ts). No UI, no telemetry code, no RE2 or
// fuse.js load up front: each loads with the first line that needs it.
import type { Flags } from '../cli/args.js';
import {
  boundedLines,
  MAX_FEED_BYTES,
  MAX_SCRIPT_BYTES,
  readFailure,
  readFileBoundedSync,
  readStreamBounded,
  TooLargeError,
} from '../config/read-bounded.js';
import type { CommandIo } from '../contract/command-io.js';
import type { CandidatePort, RunIo } from '../contract/services.js';
import { commandFailedError, type Ending, failed, type RoutershError, usageError } from '../errors.js';
import { connect } from '../session/connect.js';
import { errorLine } from '../term/error-line.js';
import type { NumberedLine } from './batch-loop.js';
import type { SessionStart } from './session-start.js';
import { baselineWasmOnly } from './v8-flags.js';

/** Commands from stdin as they arrive; a line over MAX_SCRIPT_BYTES (/dev/zero piped in) ends the run. */
export async function* stdinLines(io: CommandIo): AsyncIterable<string> {
  try {
    yield* boundedLines(io.stdin, MAX_SCRIPT_BYTES);
  } catch (e) {
    if (!(e instanceof TooLargeError)) throw e;
    throw usageError(`cannot read commands from standard input: a line ${readFailure(e)}`);
  }
}

/**
 * A script's commands. A file is read whole, so a multi-line expression (an alerting rule after
 * `metrics query`) joins into one command as a paste does, numbered by the line it starts on;
 * stdin runs line by line as the lines arrive.
 */
export async function scriptLines(
  file: string,
  io: CommandIo,
): Promise<Iterable<NumberedLine> | AsyncIterable<string>> {
  if (file === '-') return stdinLines(io);
  let text: string;
  try {
    text = readFileBoundedSync(file, MAX_SCRIPT_BYTES);
  } catch (e) {
    throw usageError(`cannot read script ${file}: ${readFailure(e)}`);
  }
  const { pastedLines } = await import('../run/paste.js');
  return pastedLines(text.replace(/\r\n/g, '\n'));
}

/** Standard input as data, when the commands do not come from it and it is not the keyboard. */
function stdinData(flags: Flags, io: CommandIo): RunIo['stdin'] {
  const fromStdin = flags.commands.length === 0 && (flags.file === undefined || flags.file === '-');
  if (fromStdin || io.stdin.isTTY) return undefined;
  return () => readStreamBounded(io.stdin, MAX_FEED_BYTES);
}

/** A yes/no question on the terminal (stderr), answered with a line; an empty line is no (or `yes`). */
export async function askOnTerminal(
  io: CommandIo,
  question: string,
  o: { yes?: boolean } = {},
): Promise<boolean> {
  const { createInterface } = await import('node:readline/promises');
  const rl = createInterface({ input: io.stdin, output: io.stderr });
  try {
    const answer = (await rl.question(`${question} ${o.yes ? '[Y/n]' : '[y/N]'} `)).trim();
    return o.yes && answer === '' ? true : /^y(es)?$/i.test(answer);
  } finally {
    rl.close();
  }
}

/**
 * A script that ends in candidate mode with lines staged sent none of them: it fails, saying so
 * (its staged lines are dropped: the script is over, not crashed).
 */
function stagedAtEnd(candidate: CandidatePort | undefined): RoutershError | undefined {
  const n = candidate?.lines()?.length ?? 0;
  candidate?.leave();
  if (n === 0) return undefined;
  return commandFailedError(
    `the script ended with ${n} line${n === 1 ? '' : 's'} staged in candidate mode and no commit: none was sent`,
  );
}

export async function runBatchSession(flags: Flags, io: CommandIo, start: SessionStart): Promise<Ending> {
  if (start.play) throw usageError('play types into the interactive shell: it needs a terminal');
  baselineWasmOnly();
  // The runner loads while the session is built (the session's import is the HTTP stack).
  const loop = import('./batch-loop.js');
  const { cfg, session, close } = await connect(flags, io, {
    interactive: false,
    journal: 'file',
    yes: flags.yes,
    allowUnrevertable: flags.allowUnrevertable === true,
    telemetry: 'on-first-use',
    guard: true,
    // A lesson checks telemetry steps too. A class's lessons are graded on its server.
    ...(start.classroom
      ? { lessons: start.classroom.lessons, login: start.classroom.login }
      : start.lesson !== undefined
        ? { lessons: 'file' as const }
        : {}),
  });
  const controller = new AbortController();
  const stopInterrupt = io.onInterrupt(() => controller.abort());
  let stopNotes: (() => void) | undefined;
  try {
    if (start.lesson !== undefined && session.services.lessons)
      io.out(await session.services.lessons.start(start.lesson));
    if (start.classroom) io.out(start.classroom.intro);
    // A class's notes (the instructor's messages) come between the script's lines: on stderr.
    stopNotes = session.services.lessons?.notes?.((note) => io.err(`note: ${note}\n`));
    const lines = flags.commands.length
      ? flags.commands
      : flags.file !== undefined
        ? await scriptLines(flags.file, io)
        : stdinLines(io);
    const stdin = stdinData(flags, io);
    const { runBatch } = await loop;
    const ending = await runBatch(
      lines,
      { context: [] },
      session.services,
      { stdout: io.out, stderr: io.err },
      {
        json: cfg.json,
        color: cfg.color,
        keepGoing: cfg.keepGoing,
        unit: flags.commands.length ? 'command' : 'line',
        signal: controller.signal,
        dryRun: flags.dryRun,
        // A class's script is graded line by line on the class server, as the shell is.
        lessons: start.classroom !== undefined,
        ...(stdin ? { runIo: { stdin } } : {}),
      },
    );
    // A window the script opened outlives it: its guard reverts it unless someone confirms.
    const journal = session.services.journal?.opened();
    if (journal?.window())
      io.err(`note: ${(await import('../features/changes/confirm.js')).settleHint(journal)}\n`);
    const staged = stagedAtEnd(session.services.candidate);
    if (!staged) return ending;
    io.err(`${errorLine(staged)}\n`);
    return failed(...(ending.kind === 'failed' ? ending.errors : []), staged);
  } finally {
    stopNotes?.();
    stopInterrupt();
    await close();
  }
}
