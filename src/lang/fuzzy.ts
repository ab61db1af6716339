// Fuzzy matching with fuse.js, built lazily: only when exact and prefix matching found nothing.
// fuse.js itself is loaded on demand (a one-shot command that is spelt right never needs it):
// asked before it is loaded, a search finds nothing and records that it was wanted; resolveLine
// then loads it and judges the line again (engines.ts) so "did you mean" is never lost, and the
// shell loads it in the background once its prompt is up.
import type Fuse from 'fuse.js';
import { lazyEngine } from './lazy-engine.js';

const fuse = lazyEngine<typeof Fuse>(async () => (await import('fuse.js')).default);

/** Loads fuse.js (once). */
export const loadFuzzyEngine = (): Promise<void> => fuse.load();

/** A search answered empty since the last call because fuse.js was not loaded; resets. */
export const takeFuzzyWanted = (): boolean => fuse.takeWanted();

const OPTIONS = { threshold: 0.45, ignoreLocation: true, includeScore: true } as const;

/** Indexes of `names` that fuzzily match `query`, best first (ties keep their order). */
export function fuzzyIndexes(names: readonly string[], query: string): number[] {
  if (query === '' || names.length === 0) return [];
  // Same candidates and query on every keystroke of a wrong word: answer from a memo.
  const key = `${query}\u0001${names.join('\u0000')}`;
  const hit = memo.get(key);
  if (hit) return hit;
  const engine = fuse.value;
  if (engine === undefined) {
    fuse.want();
    return [];
  }
  const out = search(engine, names, query);
  if (memo.size >= MAX_MEMO) memo.delete(memo.keys().next().value!);
  memo.set(key, out);
  return out;
}

const memo = new Map<string, number[]>();
const MAX_MEMO = 256;

function search(FuseClass: typeof Fuse, names: readonly string[], query: string): number[] {
  const fuse = new FuseClass(names, OPTIONS);
  const lower = query.toLowerCase();
  // Names holding the typed letters in order ("potng" → "potting") rank before other fuzzy hits.
  return fuse
    .search(query)
    .map((r) => ({ i: r.refIndex, s: r.score ?? 1, sub: isSubsequence(lower, r.item.toLowerCase()) ? 0 : 1 }))
    .sort((a, b) => a.sub - b.sub || a.s - b.s || a.i - b.i)
    .map((r) => r.i);
}

/** The closest name to a mistyped word, if any is close enough. */
export function didYouMean(names: readonly string[], word: string): string | undefined {
  const i = fuzzyIndexes(names, word)[0];
  return i === undefined ? undefined : names[i];
}

function isSubsequence(needle: string, hay: string): boolean {
  let j = 0;
  for (let i = 0; i < hay.length && j < needle.length; i++) if (hay[i] === needle[j]) j++;
  return j === needle.length;
}
