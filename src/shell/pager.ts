// The `--More--` pager, as on Junos: output taller than the window is written a page at a
// time above a one-line `--More--` live region. Space: next page; Enter: next line; `/`:
// search forward; G: the rest; q: drop the rest. Pure: each step says what to write.
import { sanitizeLine } from '../term/sanitize.js';
import { displayWidth } from '../term/text-width.js';

export interface PagerSize {
  rows: number;
  columns: number;
}

export interface PagerState {
  /** The output's lines, sanitized. */
  lines: readonly string[];
  /** The first line not written yet. */
  next: number;
  size: PagerSize;
  /** The `/` search being typed, or null. */
  query: string | null;
  lastSearch: string;
  /** A note on the `--More--` line (pattern not found). */
  note: string;
}

export type PagerAction =
  | { type: 'page' }
  | { type: 'line' }
  | { type: 'end' }
  | { type: 'quit' }
  | { type: 'searchOpen' }
  | { type: 'searchInput'; text: string }
  | { type: 'searchBackspace' }
  | { type: 'searchCancel' }
  | { type: 'searchApply' };

export interface PagerStep {
  /** Text to write above the live region (ends with a newline when not empty). */
  write: string;
  /** The pager after the step; null when the output is done (all written, or dropped). */
  state: PagerState | null;
}

// Rows a page leaves: the `--More--` line and the row below it, where Ink leaves the cursor.
const RESERVED = 2;

// Screen rows a line takes once the terminal wraps it (ASCII: its length).
const rowsOf = (line: string, columns: number) =>
  Math.max(1, Math.ceil((/^[\x20-\x7e]*$/.test(line) ? line.length : displayWidth(line)) / columns));

/** Lines from `from` that fill at most `rows` screen rows (at least one line). */
function pageEnd(lines: readonly string[], from: number, size: PagerSize, rows: number): number {
  let used = 0;
  let i = from;
  while (i < lines.length) {
    used += rowsOf(lines[i] as string, size.columns);
    if (used > rows && i > from) break;
    i++;
  }
  return i;
}

const chunk = (lines: readonly string[], a: number, b: number) =>
  b > a ? `${lines.slice(a, b).join('\n')}\n` : '';

// What a step leaves: more to show, or done.
function after(s: PagerState, next: number, write: string): PagerStep {
  return { write, state: next >= s.lines.length ? null : { ...s, next, note: '' } };
}

/**
 * A pager for `text` (sanitized) when it is taller than the window less the live region,
 * nothing written yet (the first page is a `page` step); null when the text fits.
 */
export function startPager(text: string, size: PagerSize): PagerState | null {
  if (size.rows <= RESERVED + 1) return null;
  const lines = text.replace(/\n$/, '').split('\n');
  if (pageEnd(lines, 0, size, size.rows - RESERVED) >= lines.length) return null;
  return { lines, next: 0, size, query: null, lastSearch: '', note: '' };
}

/** One action on the pager. */
export function pagerStep(s: PagerState, a: PagerAction): PagerStep {
  const { lines, next } = s;
  switch (a.type) {
    case 'page': {
      const end = pageEnd(lines, next, s.size, s.size.rows - RESERVED);
      return after(s, end, chunk(lines, next, end));
    }
    case 'line':
      return after(s, next + 1, chunk(lines, next, next + 1));
    case 'end':
      return after(s, lines.length, chunk(lines, next, lines.length));
    case 'quit':
      return { write: '', state: null };
    case 'searchOpen':
      return { write: '', state: { ...s, query: '', note: '' } };
    case 'searchInput':
      return { write: '', state: { ...s, query: (s.query ?? '') + a.text } };
    case 'searchBackspace':
      return { write: '', state: { ...s, query: [...(s.query ?? '')].slice(0, -1).join('') } };
    case 'searchCancel':
      return { write: '', state: { ...s, query: null } };
    case 'searchApply': {
      const q = s.query || s.lastSearch;
      const base = { ...s, query: null, lastSearch: q };
      if (!q) return { write: '', state: base };
      let at = next;
      while (at < lines.length && !(lines[at] as string).includes(q)) at++;
      if (at >= lines.length) return { write: '', state: { ...base, note: `pattern not found: ${q}` } };
      // Like Junos: the skipped lines are not written; a page starts at the match.
      const end = pageEnd(lines, at, s.size, s.size.rows - RESERVED - 1);
      return after(base, end, `${at > next ? '...skipping\n' : ''}${chunk(lines, at, end)}`);
    }
    default:
      return a satisfies never;
  }
}

/** The live region while paging: `--More--` with how far in, or the `/` search being typed. */
export function moreLine(s: PagerState): string {
  if (s.query !== null) return `/${sanitizeLine(s.query)}`;
  const pct = Math.floor((s.next / s.lines.length) * 100);
  return `--More-- (${pct}%)${s.note ? ` ${sanitizeLine(s.note)}` : ''}`;
}
