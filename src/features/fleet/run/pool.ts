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
}

/** Runs `work` on every host, at most `forks` at once; resolves with every outcome (completion order). */
export async function runPool<H, T>(
  hosts: readonly H[],
  work: (host: H, signal: AbortSignal) => Promise<T>,
  o: PoolOptions<H, T>,
): Promise<PoolOutcome<H, T>[]> {
  const now = o.now ?? (() => performance.now());
  const started = new Map<H, number>();
  const outcomes: PoolOutcome<H, T>[] = [];
  let failed = 0;
  let next = 0;
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
    const outcome = await settle(host, work, o, at, now);
    started.delete(host);
    if (!outcome.ok) failed++;
    outcomes.push(outcome);
    o.onResult?.(outcome);
    progress();
  };
  const lane = async (): Promise<void> => {
    while (next < hosts.length) {
      const host = hosts[next++] as H;
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
  await Promise.all(Array.from({ length: lanes }, lane));
  return outcomes;
}

/** One host's work under its own signal: the run's, and its bound. Never throws. */
async function settle<H, T>(
  host: H,
  work: (host: H, signal: AbortSignal) => Promise<T>,
  o: PoolOptions<H, T>,
  at: number,
  now: () => number,
): Promise<PoolOutcome<H, T>> {
  const own = new AbortController();
  const cancel = () => own.abort();
  // Already aborted (Ctrl-C while this host was being started): 'abort' will not fire again.
  if (o.signal.aborted) own.abort();
  else o.signal.addEventListener('abort', cancel, { once: true });
  let overran = false;
  const timer =
    o.hostBoundMs !== undefined
      ? setTimeout(() => {
          overran = true;
          own.abort();
        }, o.hostBoundMs)
      : undefined;
  try {
    // A host's work that ignores its signal still loses its slot when the bound passes.
    const aborted = new Promise<never>((_, reject) => {
      if (own.signal.aborted) reject(cancelledError());
      own.signal.addEventListener('abort', () => reject(cancelledError()), { once: true });
    });
    aborted.catch(() => {});
    const value = await Promise.race([work(host, own.signal), aborted]);
    return { host, ok: true, value, ms: Math.round(now() - at) };
  } catch (e) {
    const error =
      overran && !o.signal.aborted
        ? timeoutError(`no end within the whole-host bound of ${seconds(o.hostBoundMs ?? 0)}`)
        : asRoutershError(e);
    return { host, ok: false, error, ms: Math.round(now() - at) };
  } finally {
    if (timer) clearTimeout(timer);
    o.signal.removeEventListener('abort', cancel);
  }
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
