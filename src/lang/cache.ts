// Node metadata cache: one entry per path, stale-while-revalidate, concurrent lookups of a path
// share one request, and a caller that gives up does not cancel a request others still wait on
// (nor one the very next lookup asks for again: a request is abandoned only after a turn of the
// event loop with no one waiting, so a keystroke that aborts its lookup and starts the next one
// keeps the flight). Errors are not cached. Refresh happens off the keystroke path (pgcli).
// After our own write the node and its ancestors are marked `changed` instead of dropped: their
// shape (sub-nodes, options, flags) is what resolving a line needs and a write does not alter
// it; only their SetValues may be out of date (`ip route NET via GW` creates the route NET two
// levels up), and those are re-read when a lookup asks for current data (completion, `edit`),
// not once per written entry. Siblings and the subtree of a written node keep theirs.
import type { NodeInfo } from '../api/router/types.js';
import type { AsyncCache, FetchNode } from './types.js';

const SEP = '\u0000';
export const pathKey = (words: readonly string[]): string => words.join(SEP);

interface Entry {
  words: string[];
  node: NodeInfo;
  at: number;
  /** Our own write touched it since it was read: SetValues may be out of date. */
  changed?: boolean;
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

export interface GetOptions {
  /** Data read after our last write of the path (completion lists SetValues). */
  current?: boolean;
}

export class MetadataCache implements AsyncCache {
  readonly stats: CacheStats = { hits: 0, misses: 0, fetches: 0 };
  private readonly entries = new Map<string, Entry>();
  private changeCount = 0;
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

  /** Bumped whenever an entry is stored, dropped or marked changed. */
  get changes(): number {
    return this.changeCount;
  }

  /** Synchronous; may return stale data; never fetches. */
  peek(words: readonly string[]): NodeInfo | undefined {
    return this.entries.get(pathKey(words))?.node;
  }

  /** Like peek, but nothing our own write has touched since it was read. */
  current(words: readonly string[]): NodeInfo | undefined {
    const e = this.entries.get(pathKey(words));
    return e && !e.changed ? e.node : undefined;
  }

  /**
   * Read at most `maxAgeMs` ago and not touched by our own write since: what the resolver has
   * just read for the line being run (the change journal's "before", without a second GET).
   */
  fresh(words: readonly string[], maxAgeMs: number): NodeInfo | undefined {
    const e = this.entries.get(pathKey(words));
    return e && !e.changed && this.now() - e.at <= maxAgeMs ? e.node : undefined;
  }

  /** Fresh data from the cache; stale data at once plus a background refresh; else one shared fetch. */
  get(words: readonly string[], signal?: AbortSignal, o: GetOptions = {}): Promise<NodeInfo> {
    if (signal?.aborted) return Promise.reject(abortReason(signal));
    const key = pathKey(words);
    const entry = this.entries.get(key);
    if (entry && !(o.current && entry.changed)) {
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

  /**
   * After our own write of `words` (or one whose answer was lost: it may have taken): that node
   * and every ancestor (a parent's SubNodes list the value written; a write may create entries
   * above it) are marked changed, kept for resolving lines and re-read by the next lookup that
   * wants current data. A deleted node is forgotten with everything under it. Only the path's
   * length of entries is touched: a 10,000-entry sibling list stays current.
   */
  invalidate(words: readonly string[], o: { deleted?: boolean } = {}): void {
    if (o.deleted) this.forget(words);
    else this.markChanged(pathKey(words));
    for (let n = words.length - 1; n >= 0; n--) this.markChanged(pathKey(words.slice(0, n)));
  }

  /**
   * Stores `node` for `words` as if just read: a node made elsewhere (the fleet's union, made
   * again from the hosts' late answers without asking them again). A flight on its way for the
   * path is older than it: its answer goes to its waiters, not to the cache.
   */
  replace(words: readonly string[], node: NodeInfo): void {
    const key = pathKey(words);
    this.drop(key);
    this.entries.set(key, { words: [...words], node: this.shareLists(words, node), at: this.now() });
  }

  /** Forgets every path under `prefix` (all when empty), and the prefix's parent. */
  clear(prefix: readonly string[] = []): void {
    this.forget(prefix);
    if (prefix.length > 0) this.drop(pathKey(prefix.slice(0, -1)));
  }

  private forget(prefix: readonly string[]): void {
    const under = (w: readonly string[]) => w.length >= prefix.length && prefix.every((p, i) => w[i] === p);
    for (const [key, e] of this.entries) if (under(e.words)) this.entries.delete(key);
    this.changeCount++;
    for (const [key] of this.flights) if (under(key === '' ? [] : key.split(SEP))) this.drop(key);
  }

  private markChanged(key: string): void {
    const e = this.entries.get(key);
    if (e) e.changed = true;
    this.changeCount++;
    // An answer on its way may predate the write: its waiters get it, the cache does not.
    const f = this.flights.get(key);
    if (f) {
      f.stale = true;
      this.flights.delete(key);
    }
  }

  private isFresh(e: Entry): boolean {
    return this.now() - e.at < this.ttlMs;
  }

  private drop(key: string): void {
    this.entries.delete(key);
    this.changeCount++;
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
        if (!flight.stale) {
          this.entries.set(key, { words: copy, node: this.shareLists(copy, node), at: this.now() });
          this.changeCount++;
        }
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

  /**
   * A node's lists, when equal to the ones its parent's SubNodes entry for it holds, are that
   * entry's (a router answers them twice: `match-list` lists its value node's 65,536 names and
   * so does `match-list ml00000`; `action` lists `match`'s members and so does `action match`).
   * Kept once, not twice. Nothing changes a NodeInfo's lists in place, so sharing is safe.
   */
  private shareLists(words: readonly string[], node: NodeInfo): NodeInfo {
    // A frozen node is shared already: a fleet's hosts' one decode (api/router/shared-answers.ts).
    if (words.length === 0 || Object.isFrozen(node)) return node;
    const parent = this.entries.get(pathKey(words.slice(0, -1)))?.node;
    for (const twin of parent?.subNodes ?? []) {
      if (twin.name !== node.name || twin.type !== node.type) continue;
      if (sameList(twin.setValues, node.setValues)) node.setValues = twin.setValues;
      if (sameList(twin.possibleValues, node.possibleValues)) node.possibleValues = twin.possibleValues;
      if (sameRecords(twin.setOptions, node.setOptions)) node.setOptions = twin.setOptions;
      break;
    }
    return node;
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
        if (flight.waiters === 0 && !flight.background) this.abandonLater(key, flight, signal);
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

  /**
   * Stops a flight nobody waits on, one macrotask later: the lookup that replaced the aborted
   * one (the next keystroke) joins it in the same turn, and then it runs on.
   */
  private abandonLater(key: string, flight: Flight, signal: AbortSignal | undefined): void {
    setTimeout(() => {
      if (flight.waiters > 0 || flight.background) return;
      if (this.flights.get(key) === flight) this.flights.delete(key);
      flight.controller.abort(abortReason(signal));
    }, 0).unref?.();
  }
}

function abortReason(signal: AbortSignal | undefined): unknown {
  return signal?.reason ?? new DOMException('aborted', 'AbortError');
}

function sameList(a: readonly string[], b: readonly string[]): boolean {
  if (a === b) return true;
  if (a.length !== b.length) return false;
  for (let i = 0; i < a.length; i++) if (a[i] !== b[i]) return false;
  return true;
}

function sameRecords(
  a: ReadonlyArray<Record<string, string[]>>,
  b: ReadonlyArray<Record<string, string[]>>,
): boolean {
  if (a === b) return true;
  if (a.length !== b.length) return false;
  for (let i = 0; i < a.length; i++) {
    const x = a[i]!;
    const y = b[i]!;
    const keys = Object.keys(x);
    if (keys.length !== Object.keys(y).length) return false;
    for (const k of keys) if (!y[k] || !sameList(x[k]!, y[k])) return false;
  }
  return true;
}
