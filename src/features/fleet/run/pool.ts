// A bounded pool over many hosts (`--forks N`): at most N hosts at work at once, each with a
// signal of its own that the run's signal (Ctrl-C) and the host's whole-host bound both abort.
// One host's failure or hang never stops or delays the others: a host that exceeds its bound is
// cut off (its signal aborted) and ends as a timeout, its slot going to the next host.
// Pure scheduling: what a host does is the caller's `work`.
import { asRoutershError, cancelledError, type RoutershError, timeoutError } from '../../../errors.js';

export const DEFAULT_FORKS = 10;
export const MAX_FORKS = 1000;

export type PoolOutcome<H, T> =
  | { host: H; ok: true; value: T; ms: number }
  | { host: H; ok: false; error: RoutershError; ms: number };

/** Where the run stands: for the progress line. */
export interface PoolProgress {
  total: number;
  done: number;
  failed: number;
  /** The hosts at work now. */
  running: number;
  /** The host at work the longest, and for how long. */
  slowest?: { name: string; ms: number };
}

export interface PoolOptions<H, T> {
  forks: number;
  signal: AbortSignal;
  /** The longest one host may take in all; past it the host's signal aborts (absent: no bound). */
  hostBoundMs?: number;
  name: (host: H) => string;
  /** Each host as it ends, in completion order. */
  onResult?: (r: PoolOutcome<H, T>) => void;
  onProgress?: (p: PoolProgress) => void;
  /** Monotonic milliseconds (a seam for tests; default performance.now). */
  now?: () => number;
  /**
   * The index of the next host to take, shared with another thread's pool over the same hosts
   * (a fleet run on two threads, commands/fleet-threads.ts): each host is taken by one of them,
   * as each is free, so the thread that started later, or is slower, takes fewer.
   */
  next?: Int32Array;
}

/** Runs `work` on every host, at most `forks` at once; resolves with every outcome (completion order). */
export async function runPool<H, T>(
  hosts: readonly H[],
  work: (host: H, signal: AbortSignal) => Promise<T>,
  o: PoolOptions<H, T>,
): Promise<PoolOutcome<H, T>[]> {
  const now = o.now ?? (() => performance.now());
  const started = new Map<H, number>();
  /** How to stop each host at work (the run's signal stops them all). */
  const running = new Set<(error: RoutershError) => void>();
  const outcomes: PoolOutcome<H, T>[] = [];
  let failed = 0;
  let next = 0;
  const shared = o.next;
  const take = shared ? () => Atomics.add(shared, 0, 1) : () => next++;
  const progress = (): void => {
    if (!o.onProgress) return;
    let slowest: PoolProgress['slowest'];
    const t = now();
    for (const [h, at] of started)
      if (!slowest || t - at > slowest.ms) slowest = { name: o.name(h), ms: Math.round(t - at) };
    o.onProgress({
      total: hosts.length,
      done: outcomes.length,
      failed,
      running: started.size,
      ...(slowest ? { slowest } : {}),
    });
  };
  const one = async (host: H): Promise<void> => {
    const at = now();
    started.set(host, at);
    progress();
    const outcome = await settle(host, work, o, at, now, running);
    started.delete(host);
    if (!outcome.ok) failed++;
    outcomes.push(outcome);
    o.onResult?.(outcome);
    progress();
  };
  const lane = async (): Promise<void> => {
    for (let i = take(); i < hosts.length; i = take()) {
      const host = hosts[i] as H;
      if (o.signal.aborted) {
        const outcome: PoolOutcome<H, T> = { host, ok: false, error: cancelledError(), ms: 0 };
        failed++;
        outcomes.push(outcome);
        o.onResult?.(outcome);
        continue;
      }
      await one(host);
    }
  };
  const lanes = Math.max(1, Math.min(o.forks, hosts.length));
  const cancel = () => {
    for (const stop of [...running]) stop(cancelledError());
  };
  o.signal.addEventListener('abort', cancel, { once: true });
  try {
    await Promise.all(Array.from({ length: lanes }, lane));
  } finally {
    o.signal.removeEventListener('abort', cancel);
  }
  return outcomes;
}

/**
 * One host's work under its own signal, which the run's signal (Ctrl-C) and the host's bound
 * abort. Never throws. The outcome is settled by whichever comes first: the work, the bound or
 * the run's end, so a host whose work ignores its signal still loses its slot. No listener is
 * added per host: the run's hosts at work are aborted through `running` (one listener on the
 * run's signal, runPool), and the bound's timer ends the host itself (where a listener on each
 * of two signals and a Promise.race were made for each of a run's 1,000 hosts).
 */
function settle<H, T>(
  host: H,
  work: (host: H, signal: AbortSignal) => Promise<T>,
  o: PoolOptions<H, T>,
  at: number,
  now: () => number,
  running: Set<(error: RoutershError) => void>,
): Promise<PoolOutcome<H, T>> {
  return new Promise((resolve) => {
    const own = new AbortController();
    let timer: NodeJS.Timeout | undefined;
    let ended = false;
    const failed = (error: RoutershError): void =>
      end({ host, ok: false, error, ms: Math.round(now() - at) });
    const end = (outcome: PoolOutcome<H, T>): void => {
      if (ended) return;
      ended = true;
      if (timer) clearTimeout(timer);
      running.delete(stop);
      resolve(outcome);
    };
    // The run's end or the bound: the host's signal aborts, and its outcome is settled now.
    const stop = (error: RoutershError): void => {
      own.abort();
      failed(error);
    };
    if (o.signal.aborted) {
      stop(cancelledError());
      return;
    }
    running.add(stop);
    if (o.hostBoundMs !== undefined) {
      const bound = o.hostBoundMs;
      timer = setTimeout(
        () => stop(timeoutError(`no end within the whole-host bound of ${seconds(bound)}`)),
        bound,
      );
    }
    let started: Promise<T>;
    try {
      started = work(host, own.signal);
    } catch (e) {
      failed(asRoutershError(e));
      return;
    }
    started.then(
      (value) => end({ host, ok: true, value, ms: Math.round(now() - at) }),
      (e: unknown) => failed(asRoutershError(e)),
    );
  });
}

const seconds = (ms: number): string => `${+(ms / 1000).toFixed(1)} s`;

/** `--forks N`: 1..1000 (default 10); anything else is one usage line. */
export function parseForks(raw: string | undefined): number | { error: string } {
  if (raw === undefined) return DEFAULT_FORKS;
  const n = /^\d+$/.test(raw.trim()) ? Number(raw.trim()) : Number.NaN;
  if (!Number.isInteger(n) || n < 1 || n > MAX_FORKS)
    return { error: `--forks wants a number of hosts at once from 1 to ${MAX_FORKS}, not '${raw}'` };
  return n;
}
