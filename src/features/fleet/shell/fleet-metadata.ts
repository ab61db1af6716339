// The fleet shell's metadata cache (issue 39): the one MetadataCache, fed by the union of every
// selected host's node (union.ts), so the shell's completion stays synchronous from the cache as
// on one router. A path is asked of every host at once (each host's own cache); the union is
// made from those that answered within the budget (200 ms from the Tab's key, so the menu is on
// the screen within 300 ms: Tab must not wait for the slowest host), and said as `31/40
// answered` until the rest have answered; then it is made again.
// A host that fails counts as not having the path; if none answers, the first failure is the
// error (completion says `metadata unavailable: …`).
import type { NodeInfo } from '../../../api/router/types.js';
import { MetadataCache, pathKey } from '../../../lang/cache.js';
import { unionNode } from './union.js';

export interface MetadataHost {
  readonly name: string;
  /** The host's node at `words` (its own cache: shared with what runs on it). */
  get(words: readonly string[]): Promise<NodeInfo>;
}

export interface FleetMetadata {
  readonly cache: MetadataCache;
  /** `31/40 answered` while a path completion read lacks hosts; undefined when all answered. */
  note(): string | undefined;
  /** Forgets every union (the selection changed): each path is made again from its hosts. */
  reset(): void;
  /**
   * The key a lookup answers was read at `at` (performance.now()): the budget counts from it,
   * not from the path's fetch, which starts after the keys read with it and a frame (~50-100
   * ms under load). Undefined once that lookup has settled.
   */
  keyAt(at: number | undefined): void;
}

/**
 * How long a path's lookup waits for the hosts, from the key: the menu must be at the screen
 * within 300 ms of it, and the union and the menu's frame take the rest (bench/fleet-tab-bench.ts:
 * the cold first Tab).
 */
export const TAB_BUDGET_MS = 200;

export function fleetMetadata(o: {
  /** The hosts selected now (read at each fetch: `limit` changes them). */
  hosts: () => readonly MetadataHost[];
  budgetMs?: number;
  /** Words of the fleet shell's own, added at the root (`hosts`, `limit`, `on`). */
  rootWords?: () => readonly NodeInfo[];
  /** A test and bench seam: the union cache's clock. */
  now?: () => number;
}): FleetMetadata {
  const budget = o.budgetMs ?? TAB_BUDGET_MS;
  const partial = new Map<string, string>();
  let generation = 0;
  let keyAt: number | undefined;

  const withOwn = (words: readonly string[], union: NodeInfo): NodeInfo => {
    if (words.length > 0 || !o.rootWords) return union;
    const own = o.rootWords().filter((w) => !union.subNodes.some((c) => c.name === w.name));
    return { ...union, subNodes: [...union.subNodes, ...own], hasSubnodes: true };
  };

  const fetchNode = async (words: string[], signal: AbortSignal): Promise<NodeInfo> => {
    const hosts = o.hosts();
    const gen = generation;
    const now = performance.now();
    // A Tab's budget runs from its key; a fetch of no key's (a prefetch, typing) from its start.
    const started = keyAt !== undefined && keyAt <= now ? keyAt : now;
    const key = pathKey(words);
    const answers: Array<NodeInfo | undefined> = new Array(hosts.length);
    let firstError: unknown;
    let answered = 0;
    let firstAnswer!: () => void;
    const some = new Promise<void>((r) => {
      firstAnswer = r;
    });
    let budgetOver!: () => void;
    const inBudget = new Promise<void>((r) => {
      budgetOver = r;
    });
    const all = Promise.all(
      hosts.map((h, i) =>
        h.get(words).then(
          (n) => {
            answers[i] = n;
            answered++;
            firstAnswer();
            // 100 answers read in one turn of the loop hold the timer back past the budget:
            // each answer looks at the clock too.
            if (performance.now() - started >= budget) budgetOver();
          },
          (e: unknown) => {
            firstError ??= e;
          },
        ),
      ),
    ).then(() => firstAnswer());
    const timer = setTimeout(budgetOver, Math.max(0, started + budget - now));
    const aborted = new Promise<void>((r) => signal.addEventListener('abort', () => r(), { once: true }));
    try {
      await Promise.race([all, inBudget, aborted]);
      // Nothing within the budget: the first answer, however late (there is nothing to show before it).
      if (answered === 0) await Promise.race([some, aborted]);
    } finally {
      clearTimeout(timer);
    }
    if (signal.aborted) throw signal.reason;
    const nodes = answers.filter((n): n is NodeInfo => n !== undefined);
    if (nodes.length === 0) throw firstError ?? new Error('no host answered');
    // A fetch from before a reset (`limit`) says nothing: the cache dropped its flight.
    const current = gen === generation;
    if (current && nodes.length < hosts.length) {
      partial.set(key, `${nodes.length}/${hosts.length} answered`);
      // When the rest have answered (or failed), the union is made again from them all, from
      // the answers in hand: asking the hosts again would, with a host slower than the budget
      // each time, ask it for ever (each late answer making the union again).
      void all.then(() => {
        if (gen !== generation) return;
        const every = answers.filter((n): n is NodeInfo => n !== undefined);
        if (every.length === nodes.length) return;
        if (every.length === hosts.length) partial.delete(key);
        else partial.set(key, `${every.length}/${hosts.length} answered`);
        cache.replace(words, withOwn(words, unionNode(every, every.length)));
      });
    } else if (current) partial.delete(key);
    // Marks count among the hosts that answered (`12/31`); the note says how many did.
    return withOwn(words, unionNode(nodes, nodes.length));
  };

  const cache = new MetadataCache(fetchNode, o.now ? { now: o.now } : {});
  return {
    cache,
    note: () => {
      let last: string | undefined;
      for (const v of partial.values()) last = v;
      return last;
    },
    reset: () => {
      generation++;
      partial.clear();
      cache.clear();
    },
    keyAt: (at) => {
      keyAt = at;
    },
  };
}
