// Ranking: exact match, then prefix, then case-insensitive prefix, then fuzzy (fuse.js, built
// only when nothing matched by prefix); stable order within a class. Placeholders always show.
// A large value list (a Block) is ranked through its index: prefix matches by binary search, and
// fuzzy matching over it only when nothing matched by prefix and it holds at most FUZZY_MAX values
// (Fuse over 65,536 values costs hundreds of ms a keystroke; past that size a mistyped value gets
// no fuzzy suggestions from the list, only from the small rest: tokens, options, built-ins).
import type { Block, Item } from './candidates.js';
import { fuzzyIndexes } from './fuzzy.js';
import { indexStats, lookupPrefix } from './value-index.js';

export const FUZZY_MAX = 2_000;

export interface Ranked {
  items: Item[];
  /** How many leading items match `partial` as a case-sensitive prefix. */
  prefixCount: number;
  fuzzy: boolean;
  /** The longest common prefix of the prefix matches, when known without reading them all. */
  lcp?: string;
}

export function rank(items: readonly Item[], partial: string, block?: Block): Ranked {
  if (block) return rankWithBlock(items, partial, block);
  const holders = items.filter((c) => !c.insertable);
  const real = items.filter((c) => c.insertable);
  if (partial === '') return { items: [...real, ...holders], prefixCount: real.length, fuzzy: false };
  const exact: Item[] = [];
  const prefix: Item[] = [];
  const loose: Item[] = [];
  const rest: Item[] = [];
  const lower = partial.toLowerCase();
  for (const c of real) {
    if (c.match === partial) exact.push(c);
    else if (c.match.startsWith(partial)) prefix.push(c);
    else if (c.match.toLowerCase().startsWith(lower)) loose.push(c);
    else rest.push(c);
  }
  const matched = [...exact, ...prefix, ...loose];
  if (matched.length > 0)
    return { items: [...matched, ...holders], prefixCount: exact.length + prefix.length, fuzzy: false };
  const order = fuzzyIndexes(
    rest.map((c) => c.match),
    partial,
  );
  return { items: [...order.map((i) => rest[i]!), ...holders], prefixCount: 0, fuzzy: true };
}

// The last ranking of each index, by query: a Tab repeated on the same word (menu opened, closed,
// opened again) allocates nothing of the list's size, so a 65,536-entry menu leaves no garbage.
const lastRanked = new WeakMap<object, { key: string; ranked: Ranked }>();

function rankWithBlock(items: readonly Item[], partial: string, block: Block): Ranked {
  const key = `${block.at}\u0000${partial}\u0000${JSON.stringify(items)}`;
  const last = lastRanked.get(block.index);
  if (last?.key === key) return last.ranked;
  const ranked = rankBlock(items, partial, block);
  lastRanked.set(block.index, { key, ranked });
  return ranked;
}

/** The small items ranked as usual, the block's through its index, each class in list order. */
function rankBlock(items: readonly Item[], partial: string, block: Block): Ranked {
  const ix = block.index;
  const head = items.slice(0, block.at);
  const tail = items.slice(block.at);
  const holders = [...head, ...ix.others, ...tail].filter((c) => !c.insertable);
  const before = rank(head, partial);
  const after = rank(tail, partial);
  const real = (r: Ranked) => r.items.filter((c) => c.insertable);
  const m = lookupPrefix(ix, partial);
  const lcpOf = (xs: readonly Item[]) => longestCommonPrefix([...xs.map((c) => c.match), ...m.ends]);
  if (partial === '') {
    const small = real(before).concat(real(after));
    // concat, not spread: it copies 65,536 pointers at memcpy speed, not through an iterator.
    const items = real(before).concat(ix.items, real(after), holders);
    return { items, prefixCount: items.length - holders.length, fuzzy: false, lcp: lcpOf(small) };
  }
  const split = (r: Ranked) => {
    const xs = r.fuzzy ? [] : real(r);
    const exact = xs.filter((c) => c.match === partial);
    const prefix = xs.slice(exact.length, r.prefixCount);
    return { exact, prefix, loose: xs.slice(r.prefixCount) };
  };
  const b = split(before);
  const a = split(after);
  const exact = b.exact.concat(m.exact, a.exact);
  const prefixCount = exact.length + b.prefix.length + m.prefix.length + a.prefix.length;
  const found = prefixCount + b.loose.length + m.loose.length + a.loose.length;
  if (found > 0) {
    const smallPrefix = [...b.exact, ...b.prefix, ...a.exact, ...a.prefix];
    return {
      items: exact.concat(b.prefix, m.prefix, a.prefix, b.loose, m.loose, a.loose, holders),
      prefixCount,
      fuzzy: false,
      lcp: lcpOf(smallPrefix),
    };
  }
  const mid = ix.items.length <= FUZZY_MAX ? ix.items : [];
  const pool = [...head, ...mid, ...tail].filter((c) => c.insertable);
  indexStats.fuzzyWords = pool.length;
  const order = fuzzyIndexes(
    pool.map((c) => c.match),
    partial,
  );
  return { items: [...order.map((i) => pool[i]!), ...holders], prefixCount: 0, fuzzy: true };
}

export function longestCommonPrefix(words: readonly string[]): string {
  if (words.length === 0) return '';
  let p = words[0]!;
  for (const w of words) {
    let i = 0;
    while (i < p.length && i < w.length && p[i] === w[i]) i++;
    p = p.slice(0, i);
    if (p === '') break;
  }
  return p;
}
