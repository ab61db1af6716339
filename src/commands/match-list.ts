// `routersh match-list import|export|sync …`: the shell's built-in for scripts and cron jobs.
// Progress goes to stderr on a terminal (one line redrawn in place), the summary to stdout.
import { readFile } from 'node:fs/promises';
import { text as readStream } from 'node:stream/consumers';
import { RouterClient, type RouterClientConfig } from '../api/router/client.js';
import { type Ending, failed, isRoutershError, OK, usageError } from '../errors.js';
import { parseMatchListArgs } from '../features/match-list/args.js';
import { runMatchList } from '../features/match-list/command.js';
import { jsonText, sanitizeText } from '../term/sanitize.js';

export interface MatchListIo {
  stdout: (s: string) => void;
  stderr: (s: string) => void;
  stdin: NodeJS.ReadableStream;
  /** stderr is a terminal: show progress. */
  progress: boolean;
  connection: Partial<RouterClientConfig>;
  signal?: AbortSignal;
}

async function readInput(file: string, stdin: NodeJS.ReadableStream): Promise<string> {
  if (file === '-') return readStream(stdin);
  try {
    return await readFile(file, 'utf8');
  } catch (e) {
    throw usageError(`match-list: cannot read ${file}: ${(e as NodeJS.ErrnoException).code ?? 'unreadable'}`);
  }
}

export async function runMatchListCommand(words: string[], io: MatchListIo): Promise<Ending> {
  const args = parseMatchListArgs(words);
  if (!io.connection.baseUrl) {
    throw usageError('no router given: use --router URL (or ROUTERSH_ROUTER, or a --profile)');
  }
  const client = new RouterClient({
    auth: 'basic',
    timeoutMs: 30_000,
    ...io.connection,
    connections: Math.max(16, args.cmd === 'export' ? 1 : args.concurrency),
  } as RouterClientConfig);
  let drawn = false;
  try {
    const r = await runMatchList(args, {
      router: client,
      readInput: (f) => readInput(f, io.stdin),
      now: () => performance.now(),
      report: (line) => {
        if (drawn) io.stderr('\r\x1b[2K');
        drawn = false;
        io.stderr(`${sanitizeText(line)}\n`);
      },
      ...(io.signal ? { signal: io.signal } : {}),
      ...(io.progress
        ? {
            progress: (line: string) => {
              drawn = true;
              io.stderr(`\r\x1b[2K${line}`);
            },
          }
        : {}),
    });
    if (drawn) io.stderr('\r\x1b[2K');
    if (args.json) io.stdout(`${jsonText(r.json, 0)}\n`);
    else io.stdout(sanitizeText(r.text));
    if (r.error && args.json) return failed(r.error);
    if (r.error) io.stderr(`% match-list ${args.list}: some entries failed (see above)\n`);
    return r.error ? failed(r.error) : OK;
  } catch (e) {
    if (drawn) io.stderr('\r\x1b[2K');
    if (!isRoutershError(e) || e.code === 'usage') throw e;
    // A refusal lists its bad lines: printed whole, one per line, not squeezed into one.
    io.stderr(`${sanitizeText(e.message).replace(/^/gm, '% ')}\n`);
    return failed(e);
  } finally {
    await client.close();
  }
}
