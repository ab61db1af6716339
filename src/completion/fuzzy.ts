// Fuzzy matching with fuse.js, built lazily: only when exact and prefix matching found nothing.
import Fuse from 'fuse.js';

const OPTIONS = { threshold: 0.45, ignoreLocation: true, includeScore: true } as const;

/** Indexes of `names` that fuzzily match `query`, best first (ties keep their order). */
export function fuzzyIndexes(names: readonly string[], query: string): number[] {
  if (query === '' || names.length === 0) return [];
  const fuse = new Fuse(names, OPTIONS);
  return fuse
    .search(query)
    .map((r) => ({ i: r.refIndex, s: r.score ?? 1 }))
    .sort((a, b) => a.s - b.s || a.i - b.i)
    .map((r) => r.i);
}

/** The closest name to a mistyped word, if any is close enough. */
export function didYouMean(names: readonly string[], word: string): string | undefined {
  const i = fuzzyIndexes(names, word)[0];
  return i === undefined ? undefined : names[i];
}
