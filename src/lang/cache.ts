// Node metadata cache: one entry per path, stale-while-revalidate, concurrent lookups of a path
// share one request, and a caller that gives up does not cancel a request others still wait on.
// Errors are not cached. Metadata refresh happens off the keystroke path (pgcli's refresher).
import type { NodeInfo } from '../api/router/types.js';
import type { AsyncCache, FetchNode } from './types.js';

const SEP = '\u0000';
export const pathKey = (words: readonly string[]): string => words.join(SEP);

interface Entry {
  words: string[];
  node: NodeInfo;
  at: number;
}

interface Flight {
  promise: Promise<NodeInfo>;
  controller: AbortController;
  waiters: number;
  /** Background flights (prefetch, revalidation) run to the end even with no waiter. */
  background: boolean;
  /** Set by invalidate/clear: the answer is handed to waiters but not stored. */
  stale: boolean;
}

export interface CacheStats {
  hits: number;
  misses: number;
  fetches: number;
}

export class MetadataCache implements AsyncCache {
  readonly stats: CacheStats = { hits: 0, misses: 0, fetches: 0 };
  private readonly entries = new Map<string, Entry>();
  private readonly flights = new Map<string, Flight>();
  private readonly ttlMs: number;
  private readonly now: () => number;

  constructor(
    private readonly fetchNode: FetchNode,
    o: { ttlMs?: number; now?: () => number } = {},
  ) {
    this.ttlMs = o.ttlMs ?? 30_000;
    this.now = o.now ?? Date.now;
  }

  /** Synchronous; may return stale data; never fetches. */
  peek(words: readonly string[]): NodeInfo | undefined {
    return this.entries.get(pathKey(words))?.node;
  }

  /** Fresh data from the cache; stale data at once plus a background refresh; else one shared fetch. */
  get(words: readonly string[], signal?: AbortSignal): Promise<NodeInfo> {
    if (signal?.aborted) return Promise.reject(abortReason(signal));
    const key = pathKey(words);
    const entry = this.entries.get(key);
    if (entry) {
      this.stats.hits++;
      if (!this.isFresh(entry)) this.prefetch(words);
      return Promise.resolve(entry.node);
    }
    this.stats.misses++;
    const flight = this.flights.get(key) ?? this.start(words, false);
    return this.join(key, flight, signal);
  }

  /** Starts a background fetch unless the path is fresh or already on its way. */
  prefetch(words: readonly string[]): void {
    const key = pathKey(words);
    const entry = this.entries.get(key);
    if (entry && this.isFresh(entry)) return;
    const flight = this.flights.get(key);
    if (flight) {
      flight.background = true;
      return;
    }
    this.start(words, true);
  }

  /** Forgets exactly that path and its parent (whose SubNodes describe it). */
  invalidate(words: readonly string[]): void {
    this.drop(pathKey(words));
    if (words.length > 0) this.drop(pathKey(words.slice(0, -1)));
  }

  /** Forgets every path under `prefix` (all when empty), and the prefix's parent. */
  clear(prefix: readonly string[] = []): void {
    const under = (w: readonly string[]) => prefix.every((p, i) => w[i] === p);
    for (const [key, e] of this.entries) if (under(e.words)) this.entries.delete(key);
    for (const [key] of this.flights) if (under(key === '' ? [] : key.split(SEP))) this.drop(key);
    if (prefix.length > 0) this.drop(pathKey(prefix.slice(0, -1)));
  }

  private isFresh(e: Entry): boolean {
    return this.now() - e.at < this.ttlMs;
  }

  private drop(key: string): void {
    this.entries.delete(key);
    const f = this.flights.get(key);
    if (f) {
      f.stale = true;
      this.flights.delete(key);
    }
  }

  private start(words: readonly string[], background: boolean): Flight {
    const key = pathKey(words);
    const controller = new AbortController();
    const copy = [...words];
    this.stats.fetches++;
    // The fetch starts a microtask later so `flight` exists even if fetchNode throws at once.
    const run = async (): Promise<NodeInfo> => {
      try {
        const node = await Promise.resolve().then(() => this.fetchNode(copy, controller.signal));
        if (!flight.stale) this.entries.set(key, { words: copy, node, at: this.now() });
        return node;
      } finally {
        if (this.flights.get(key) === flight) this.flights.delete(key);
      }
    };
    const flight: Flight = { promise: run(), controller, waiters: 0, background, stale: false };
    // Background flights may have no one listening: their failure must not be unhandled.
    flight.promise.catch(() => {});
    this.flights.set(key, flight);
    return flight;
  }

  private join(key: string, flight: Flight, signal: AbortSignal | undefined): Promise<NodeInfo> {
    flight.waiters++;
    return new Promise<NodeInfo>((resolve, reject) => {
      let left = false;
      const leave = () => {
        if (left) return;
        left = true;
        flight.waiters--;
        signal?.removeEventListener('abort', onAbort);
      };
      const onAbort = () => {
        leave();
        if (flight.waiters === 0 && !flight.background) {
          // Nobody wants it anymore: stop it, and let the next lookup start afresh.
          if (this.flights.get(key) === flight) this.flights.delete(key);
          flight.controller.abort(abortReason(signal));
        }
        reject(abortReason(signal));
      };
      signal?.addEventListener('abort', onAbort, { once: true });
      flight.promise.then(
        (v) => {
          leave();
          resolve(v);
        },
        (e: unknown) => {
          leave();
          reject(e);
        },
      );
    });
  }
}

function abortReason(signal: AbortSignal | undefined): unknown {
  return signal?.reason ?? new DOMException('aborted', 'AbortError');
}
