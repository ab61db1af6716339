// A fleet run over two threads (issue 39). A run over many hosts keeps one thread busy: every
// host's session, requests and answers are CPU on the main thread, while a machine's other
// core waits (on 2 cores, 1,000 simulated routers: the main thread ~90 % of the run). From
// SHARD_MIN_HOSTS hosts, on a machine of 2 cores or more, a second thread runs the very same
// code (fleet-shard.ts) from the same built program (bin/routersh.cjs, started on the thread
// with a marker main.ts reads) with half the forks; both take hosts from the one list, each the
// next one not yet taken (a counter in shared memory), so the thread that started ~0.1 s later
// takes fewer. The main thread prints, groups and sums up; the thread's records come as
// messages, their errors rebuilt as RoutershErrors. `ROUTERSH_FLEET_THREADS=1` keeps a run on
// one thread. Unbundled (tests importing src/) there is no program to start: one thread.
import { availableParallelism } from 'node:os';
import type { Worker } from 'node:worker_threads';
import { type ErrorCode, RoutershError } from '../errors.js';
import type { CommandResult } from '../features/fleet/run/report.js';
import type { ShardEvent, ShardInput } from './fleet-shard.js';
import { v8FlagsSet } from './v8-flags.js';

/** Fewer hosts than this run on one thread: a thread's start (~20 ms of a core) would not pay. */
export const SHARD_MIN_HOSTS = 128;
/** After Ctrl-C, or its last host, how long the thread has to end before it is stopped. */
const ABORT_GRACE_MS = 5_000;

/**
 * What the thread is started with (workerData): the program to run, and the flags V8 runs
 * under. Its share comes as its first message: NODE_DEBUG=worker prints workerData, and the
 * share's configuration may hold the run's default password.
 */
export interface ShardWorkerData {
  bin: string;
  v8Flags: string[];
}

/** How a record's error crosses between threads. */
interface WireError {
  code: ErrorCode;
  message: string;
  details: Record<string, unknown>;
}

/** What the thread posts: its events (errors as WireError), then `done`, or `failed`. */
export type ShardMessage =
  | { kind: 'record'; result: Omit<CommandResult, 'error'> & { error?: WireError } }
  | Exclude<ShardEvent, { kind: 'record' }>
  | { kind: 'done' }
  | { kind: 'failed'; message: string };

/** bin/routersh.cjs's own path, which it leaves where this module finds it (absent: unbundled). */
const programPath = (): string | undefined => {
  const bin = (globalThis as Record<symbol, unknown>)[Symbol.for('routersh.bin')];
  return typeof bin === 'string' ? bin : undefined;
};

/** How many threads a run over `hosts` hosts at `forks` at once uses: 1 or 2. */
export function threadsFor(hosts: number, forks: number, env: NodeJS.ProcessEnv): 1 | 2 {
  if (env.ROUTERSH_FLEET_THREADS === '1') return 1;
  if (hosts < SHARD_MIN_HOSTS || forks < 2 || programPath() === undefined) return 1;
  return availableParallelism() >= 2 ? 2 : 1;
}

export function wireResult(r: CommandResult): Extract<ShardMessage, { kind: 'record' }>['result'] {
  const { error, ...rest } = r;
  return error
    ? { ...rest, error: { code: error.code, message: error.message, details: plainDetails(error.details) } }
    : rest;
}

/** Details that cross a thread as they are; any that would not are left out (never a failed post). */
function plainDetails(d: Record<string, unknown>): Record<string, unknown> {
  try {
    structuredClone(d);
    return d;
  } catch {
    return {};
  }
}

/**
 * Runs `input` on a second thread; its events reach `emit` as the main thread's own would.
 * Resolves once the thread has ended: true when it finished its hosts, else why it did not
 * (the caller reports each host left unfinished).
 */
export async function runOnThread(
  input: ShardInput,
  emit: (e: ShardEvent) => void,
  signal: AbortSignal,
): Promise<true | string> {
  const bin = programPath();
  if (bin === undefined) return 'no program to start it with';
  const { Worker } = await import('node:worker_threads');
  const data: ShardWorkerData = { bin, v8Flags: v8FlagsSet() };
  // The thread starts the program as bin/routersh.cjs would, the marker telling main.ts to
  // serve a share instead of reading argv. A thread that cannot start takes no host: the main
  // thread's share takes them all (the shared counter).
  let worker: Worker;
  try {
    worker = new Worker(
      "const d = require('node:worker_threads').workerData; globalThis[Symbol.for('routersh.shard')] = d; require(d.bin);",
      { eval: true, workerData: data, argv: [] },
    );
  } catch (e) {
    return `it could not start: ${e instanceof Error ? e.message : String(e)}`;
  }
  try {
    worker.postMessage({ input });
  } catch (e) {
    await worker.terminate();
    return `its share could not be sent: ${e instanceof Error ? e.message : String(e)}`;
  }
  let ended: true | string = 'it ended before its hosts did';
  let grace: NodeJS.Timeout | undefined;
  const abort = () => {
    worker.postMessage({ abort: true });
    grace = setTimeout(() => void worker.terminate(), ABORT_GRACE_MS);
    grace.unref();
  };
  signal.addEventListener('abort', abort, { once: true });
  try {
    await new Promise<void>((resolve) => {
      worker.on('message', (m: ShardMessage) => {
        switch (m.kind) {
          case 'record': {
            const { error, ...rest } = m.result;
            emit({
              kind: 'record',
              result: error
                ? { ...rest, error: new RoutershError(error.code, error.message, error.details) }
                : rest,
            });
            return;
          }
          case 'done':
            ended = true;
            // Its hosts are done and its sockets closed: it ends at once. Should anything hold
            // it, it is stopped rather than holding the run.
            setTimeout(() => void worker.terminate(), ABORT_GRACE_MS).unref();
            return;
          case 'failed':
            ended = m.message;
            return;
          default:
            emit(m);
        }
      });
      worker.on('error', (e) => {
        ended = e instanceof Error ? e.message : String(e);
      });
      worker.on('messageerror', () => {
        ended = 'a message from it could not be read';
      });
      worker.on('exit', () => resolve());
    });
  } finally {
    signal.removeEventListener('abort', abort);
    if (grace) clearTimeout(grace);
  }
  return ended;
}
