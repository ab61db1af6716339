// Ranking: exact match, then prefix, then case-insensitive prefix, then fuzzy (fuse.js, built
// only when nothing matched by prefix); stable order within a class. Placeholders always show.
import type { Item } from './candidates.js';
import { fuzzyIndexes } from './fuzzy.js';

export interface Ranked {
  items: Item[];
  /** How many leading items match `partial` as a case-sensitive prefix. */
  prefixCount: number;
  fuzzy: boolean;
}

export function rank(items: readonly Item[], partial: string): Ranked {
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
