// A Value node's values indexed once per metadata version: the cache hands out the same NodeInfo
// object until the node is read again (a refetch, or a re-read after our own write marked it
// changed), so a WeakMap on that object is the version. Built lazily by the first Tab that needs
// it; every later Tab finds prefix matches by binary search instead of walking 65,536 values and
// building 65,536 candidates again.
import type { NodeInfo } from '../api/router/types.js';

/** What the index needs of an item (candidates.ts's Item; kept apart so the modules do not cycle). */
export interface Indexable {
  match: string;
}

/** Below this many values a node is ranked as a plain list (the index would not pay off). */
export const INDEX_MIN = 256;

export interface ValueIndex<Item extends Indexable = Indexable> {
  /** The insertable values, in the order the router lists them. */
  readonly items: readonly Item[];
  /** Indexes into items, sorted by match (UTF-16 order). */
  readonly byMatch: Uint32Array;
  /** Indexes into items, sorted by lower-cased match; `lower` holds the lower-cased matches. */
  readonly byLower: Uint32Array;
  readonly lower: readonly string[];
  /** Values that cannot be inserted (control characters): few, listed as plain items. */
  readonly others: readonly Item[];
}

/**
 * How many indexes were built (tests prove a warm Tab reuses one), and how many words the last
 * fuzzy pass ranked (tests prove a big list is not one of them).
 */
export const indexStats = { builds: 0, fuzzyWords: 0 };

const built = new WeakMap<NodeInfo, Map<string, ValueIndex<never>>>();

/** The index of `v`'s values for a slot (`key` names which values: e.g. set-only for `no`). */
export function valueIndexOf<Item extends Indexable & { insertable: boolean }>(
  v: NodeInfo,
  key: string,
  make: () => Item[],
): ValueIndex<Item> {
  const perNode = built.get(v) ?? new Map<string, ValueIndex<never>>();
  const hit = perNode.get(key) as ValueIndex<Item> | undefined;
  if (hit) return hit;
  const index = buildIndex(make());
  built.set(v, perNode.set(key, index as unknown as ValueIndex<never>));
  return index;
}

function sortedBy(keys: readonly string[]): Uint32Array {
  const order = new Uint32Array(keys.length);
  for (let i = 0; i < order.length; i++) order[i] = i;
  // Plain code-unit order (not localeCompare): it is what startsWith and the binary search use.
  return order.sort((a, b) => {
    const x = keys[a]!;
    const y = keys[b]!;
    return x < y ? -1 : x > y ? 1 : a - b;
  });
}

function buildIndex<Item extends Indexable & { insertable: boolean }>(all: Item[]): ValueIndex<Item> {
  indexStats.builds++;
  const items = all.filter((c) => c.insertable);
  const others = all.filter((c) => !c.insertable);
  const matches = items.map((c) => c.match);
  let folded = false;
  const lower = matches.map((m) => {
    const l = m.toLowerCase();
    folded ||= l !== m;
    return l;
  });
  const byMatch = sortedBy(matches);
  // Values without capitals (addresses, most names) are their own lower case: one order kept.
  if (!folded) return { items, byMatch, byLower: byMatch, lower: matches, others };
  return { items, byMatch, byLower: sortedBy(lower), lower, others };
}

/** First position in `order` whose key is ≥ `p`. */
function lowerBound(order: Uint32Array, key: (i: number) => string, p: string): number {
  let lo = 0;
  let hi = order.length;
  while (lo < hi) {
    const mid = (lo + hi) >>> 1;
    if (key(order[mid]!) < p) lo = mid + 1;
    else hi = mid;
  }
  return lo;
}

function sortedRange(order: Uint32Array, key: (i: number) => string, p: string): [number, number] {
  const from = lowerBound(order, key, p);
  // Everything starting with p sorts below p + U+FFFF, bar words holding U+FFFF right there.
  let to = Math.max(from, lowerBound(order, key, `${p}\uffff`));
  while (to < order.length && key(order[to]!).startsWith(p)) to++;
  return [from, to];
}

function inListOrder(order: Uint32Array, [from, to]: [number, number]): Uint32Array {
  // Back to the router's order, as the plain ranking keeps it: a small range is sorted, a large
  // one is marked and read off in one pass (no n·log n on every Tab of a short prefix).
  if (to - from < order.length >>> 3) return order.slice(from, to).sort();
  const mark = new Uint8Array(order.length);
  for (let i = from; i < to; i++) mark[order[i]!] = 1;
  const out = new Uint32Array(to - from);
  for (let i = 0, j = 0; i < mark.length; i++) if (mark[i]) out[j++] = i;
  return out;
}

export interface IndexMatches<Item extends Indexable = Indexable> {
  exact: Item[];
  prefix: readonly Item[];
  loose: Item[];
  /** The first and last case-sensitive prefix matches in sorted order: their common prefix is all of theirs. */
  ends: string[];
}

/** Exact, case-sensitive prefix and case-insensitive prefix matches of `partial`, each in list order. */
export function lookupPrefix<Item extends Indexable>(
  ix: ValueIndex<Item>,
  partial: string,
): IndexMatches<Item> {
  const key = (j: number) => ix.items[j]!.match;
  const [from, to] = sortedRange(ix.byMatch, key, partial);
  const ends = to > from ? [key(ix.byMatch[from]!), key(ix.byMatch[to - 1]!)] : [];
  const out: IndexMatches<Item> = { exact: [], prefix: [], loose: [], ends };
  if (partial === '') return out;
  if (to - from === ix.items.length && ends[0] !== partial) out.prefix = ix.items;
  else {
    const prefix: Item[] = [];
    for (const i of inListOrder(ix.byMatch, [from, to])) {
      const c = ix.items[i]!;
      (c.match === partial ? out.exact : prefix).push(c);
    }
    out.prefix = prefix;
  }
  const lowerKey = (j: number) => ix.lower[j]!;
  const loose = sortedRange(ix.byLower, lowerKey, partial.toLowerCase());
  // Every lower-case match is a case-sensitive one too: nothing loose to find.
  if (loose[1] - loose[0] === to - from) return out;
  for (const i of inListOrder(ix.byLower, loose)) {
    const c = ix.items[i]!;
    if (!c.match.startsWith(partial)) out.loose.push(c);
  }
  return out;
}
