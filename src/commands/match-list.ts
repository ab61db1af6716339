// `routersh match-list import|export|sync …`: the shell's `match-list` built-in for scripts and
// cron jobs, on a session built like every other — so its changes are journaled (`changes all`
// lists them, `routersh undo --journal FILE` reverts them) exactly as the same line under `-c`.
// Progress goes to stderr on a terminal (one line redrawn in place), the summary to stdout; a
// FILE of `-` is standard input.
import { type Flags, splitConnectionArgs } from '../cli/args.js';
import type { CommandIo } from '../contract/command-io.js';
import type { RunIo } from '../contract/services.js';
import { MAX_FEED_BYTES, readStreamBounded } from '../config/read-bounded.js';
import { type Ending, failed, isRoutershError, OK, RoutershError } from '../errors.js';
import { type MatchListArgs, parseMatchListArgs } from '../features/match-list/args.js';
import { runBuiltin } from '../run/handlers.js';
import { connect } from '../session/connect.js';
import { jsonText, sanitizeText } from '../term/sanitize.js';
import { baselineWasmOnly, bulkHeap } from './v8-flags.js';
import type { Command } from './command.js';
import { startCheck } from './start-check.js';

interface Args {
  connection: Flags;
  /** The built-in's words: `import LIST FILE …`, with `--json` kept (an output flag and the summary's). */
  words: string[];
  parsed: MatchListArgs;
}

export const command: Command<Args> = {
  parse(argv) {
    const { connection, rest } = splitConnectionArgs(argv);
    const words = connection.json ? [...rest, '--json'] : rest;
    try {
      return { connection, words, parsed: parseMatchListArgs(words) };
    } catch (e) {
      // On routersh's own command line these are its flags: a usage error (exit 2), as CLI.md says.
      if (isRoutershError(e) && e.code === 'argument') throw new RoutershError('usage', e.message);
      throw e;
    }
  },
  async run({ connection, words, parsed }, io) {
    baselineWasmOnly();
    await startCheck(io, { connection });
    bulkHeap();
    const { session, close } = await connect(connection, io, {
      interactive: false,
      journal: 'file',
      telemetry: 'on-first-use',
      connections: Math.max(16, parsed.cmd === 'export' ? 1 : parsed.concurrency),
    });
    const controller = new AbortController();
    const stopInterrupt = io.onInterrupt(() => controller.abort());
    let drawn = false;
    const clear = () => {
      if (drawn) io.err('\r\x1b[2K');
      drawn = false;
    };
    const runIo: RunIo = {
      stdin: () => readStreamBounded(io.stdin, MAX_FEED_BYTES),
      notify: (line) => {
        clear();
        io.err(`${sanitizeText(line)}\n`);
      },
      ...(io.stderr.isTTY
        ? {
            progress: (line: string) => {
              drawn = true;
              io.err(`\r\x1b[2K${line}`);
            },
          }
        : {}),
    };
    try {
      const outcome = await runBuiltin(
        { name: 'match-list', args: words, options: {} },
        { state: { context: [] }, services: session.services, io: runIo, signal: controller.signal },
      );
      clear();
      return printed(outcome, parsed, io);
    } catch (e) {
      clear();
      if (!isRoutershError(e) || e.code === 'usage') throw e;
      // A refusal lists its bad lines: printed whole, one per line, not squeezed into one.
      io.err(`${sanitizeText(e.message).replace(/^/gm, '% ')}\n`);
      return failed(e);
    } finally {
      stopInterrupt();
      await close();
    }
  },
};

function printed(
  outcome: Awaited<ReturnType<typeof runBuiltin>>,
  parsed: MatchListArgs,
  io: CommandIo,
): Ending {
  if (outcome.kind === 'text') {
    io.out(parsed.json ? `${jsonText(outcome.json, 0)}\n` : sanitizeText(outcome.text));
    if (!outcome.failure) return OK;
    if (!parsed.json) io.err(`% match-list ${parsed.list}: some entries failed (see above)\n`);
    return failed(outcome.failure);
  }
  if (outcome.kind === 'error') {
    io.err(`% match-list ${parsed.list}: ${sanitizeText(outcome.error.message)}\n`);
    return failed(outcome.error);
  }
  return OK;
}
