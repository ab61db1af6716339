// `routersh class board URL [--json] [--stuck D] [--token-file F]`: the instructor's board.
// On a terminal, the live board pane (shell/class-board-app.tsx); with --json, one Board per
// change as JSON lines on stdout until Ctrl-C. The token is read first (a file only its owner
// can read, or asked without echo), and the board read once before anything is drawn, so a
// wrong token or URL is one line and exit 3, not a screen of errors.
import { ClassClient, INSTRUCTOR_TLS_FIXES } from '../api/class/client.js';
import { colorWanted } from '../config/color.js';
import { type CommandIo, isTerminal } from '../contract/command-io.js';
import { type Ending, OK, usageError } from '../errors.js';
import { classBoardSource } from '../features/class/board/board-source.js';
import { streamBoard } from '../features/class/board/board-stream.js';
import { jsonText, sanitizeLine } from '../term/sanitize.js';
import type { BoardArgs } from './class-args.js';
import { instructorToken } from './class-token.js';

/** A trainee this long on one step is marked stuck unless `--stuck D` says otherwise. */
export const DEFAULT_STUCK_MS = 5 * 60_000;

const sleep = (ms: number, signal: AbortSignal) =>
  new Promise<void>((resolve) => {
    const t = setTimeout(resolve, ms);
    signal.addEventListener('abort', () => {
      clearTimeout(t);
      resolve();
    });
  });

export async function runClassBoard(args: BoardArgs, io: CommandIo): Promise<Ending> {
  if (!args.json && !isTerminal(io))
    throw usageError('class board draws on a terminal: use --json for JSON lines in a pipe');
  const token = await instructorToken(args.tokenFile, io);
  const client = new ClassClient({ url: args.url, auth: { bearer: token }, tlsFixes: INSTRUCTOR_TLS_FIXES });
  const source = classBoardSource(client);
  const ac = new AbortController();
  try {
    if (args.json) {
      const stop = io.onInterrupt(() => ac.abort());
      try {
        await streamBoard(source, {
          line: (b) => io.out(`${jsonText(b)}\n`),
          note: (t) => io.err(`${sanitizeLine(t)}\n`),
          signal: ac.signal,
          sleep,
        });
      } finally {
        stop();
      }
      return OK;
    }
    await source.board(undefined, ac.signal);
    const { runClassBoardScreen } = await import('../shell/class-board-app.js');
    await runClassBoardScreen(io, {
      source,
      stuckMs: args.stuckMs ?? DEFAULT_STUCK_MS,
      color: colorWanted(false, io.env, io.stdout.isTTY === true),
    });
    return OK;
  } finally {
    ac.abort();
    await client.close();
  }
}
