// Ctrl-R reverse search over the history. Entries containing the query come first, newest
// first (what bash users expect); then fuzzy (fuse.js) matches by score, newer first on a
// tie. Ctrl-R again steps to the next older match. Pure: the caller owns the entries.
import Fuse from 'fuse.js';

export interface SearchLine {
  text: string;
  cursor: number;
}

export interface SearchState {
  query: string;
  /** Indices into the entries, best match first; each distinct text once. */
  matches: number[];
  /** Which match is shown. */
  position: number;
  /** Ctrl-R found nothing older (readline shows "failing"). */
  failing: boolean;
  /** The line before the search, restored on cancel. */
  original: SearchLine;
}

/** Indices of `entries` (oldest first) matching `query`, best first. */
export function searchMatches(entries: readonly string[], query: string): number[] {
  if (query === '') return [];
  const seen = new Set<string>();
  const out: number[] = [];
  const take = (i: number) => {
    const text = entries[i];
    if (text === undefined || seen.has(text)) return;
    seen.add(text);
    out.push(i);
  };
  const needle = query.toLowerCase();
  for (let i = entries.length - 1; i >= 0; i--) if (entries[i]!.toLowerCase().includes(needle)) take(i);
  const fuse = new Fuse(entries as string[], {
    includeScore: true,
    ignoreLocation: true,
    ignoreFieldNorm: true,
    threshold: 0.4,
  });
  const fuzzy = fuse.search(query).sort((a, b) => (a.score ?? 1) - (b.score ?? 1) || b.refIndex - a.refIndex);
  for (const r of fuzzy) take(r.refIndex);
  return out;
}

export function startSearch(original: SearchLine): SearchState {
  return { query: '', matches: [], position: 0, failing: false, original };
}

/** Typing or erasing in the search: the best match for the new query is shown. */
export function setQuery(state: SearchState, entries: readonly string[], query: string): SearchState {
  const matches = searchMatches(entries, query);
  return { ...state, query, matches, position: 0, failing: query !== '' && matches.length === 0 };
}

/** Ctrl-R again: the next older/worse match; stays on the last one and marks failing. */
export function searchNext(state: SearchState): SearchState {
  if (state.position + 1 < state.matches.length)
    return { ...state, position: state.position + 1, failing: false };
  return { ...state, failing: true };
}

/** The entry shown for the current match, if any. */
export function currentMatch(state: SearchState, entries: readonly string[]): string | undefined {
  const i = state.matches[state.position];
  return i === undefined ? undefined : entries[i];
}

/** Enter: the line becomes the match (cursor at the end), or stays as it was without one. */
export function acceptSearch(state: SearchState, entries: readonly string[]): SearchLine {
  const match = currentMatch(state, entries);
  return match === undefined ? state.original : { text: match, cursor: match.length };
}

/** Esc / Ctrl-G: the line before the search comes back. */
export function cancelSearch(state: SearchState): SearchLine {
  return state.original;
}

/** The prompt readline shows during the search. */
export function searchPrompt(state: { query: string; failing?: boolean | undefined }): string {
  return `(${state.failing ? 'failing ' : ''}reverse-i-search)'${state.query}': `;
}
