// Terminal column arithmetic for the prompt line. The cursor is a UTF-16 index (what JS
// strings use) but the screen counts columns: CJK and most emoji take two, combining
// marks none. Everything here works on grapheme clusters so a cursor never splits one.
//
// string-width (the measure Ink uses) costs ~35 ms to load — an emoji regex and ICU's grapheme
// segmenter are built at import — more than a whole `-c "show interface"` may take (issue 9).
// Printable ASCII is one column a character, so it is measured without it; string-width is
// required on the first other string (in the bundle a CommonJS file; unbundled, in tests,
// the package's ES module, which Node ≥ 20.19 can require: see engines).
import { createRequire } from 'node:module';

// The bundle requires its own copy: the build defines this as '#string-width', which
// package.json's "imports" maps to dist/string-width.cjs (bundled from the patched node_modules,
// sharing Ink's instance, found from any chunk). Unbundled (tests) it is the package itself.
declare const __ROUTERSH_STRING_WIDTH__: string | undefined;
const STRING_WIDTH =
  typeof __ROUTERSH_STRING_WIDTH__ === 'string' ? __ROUTERSH_STRING_WIDTH__ : 'string-width';

// Made on first use: createRequire costs ~0.1 ms, paid at start-up by every run otherwise.
let required: NodeJS.Require | undefined;
const requireAtRuntime = (id: string): unknown => {
  required ??= createRequire(import.meta.url);
  return required(id);
};
let stringWidth: ((s: string) => number) | undefined;
let segmenter: Intl.Segmenter | undefined;
const PRINTABLE_ASCII = /^[\x20-\x7e]*$/;

/** Columns `s` occupies on a terminal (ANSI codes are not counted). */
export function displayWidth(s: string): number {
  if (PRINTABLE_ASCII.test(s)) return s.length;
  stringWidth ??= (requireAtRuntime(STRING_WIDTH) as { default: (s: string) => number }).default;
  return stringWidth(s);
}

/** The grapheme clusters of `s`, segmented as they are read (the one segmenter, made on first use). */
function segments(s: string): Intl.Segments {
  segmenter ??= new Intl.Segmenter(undefined, { granularity: 'grapheme' });
  return segmenter.segment(s);
}

// Text whose characters are each a grapheme cluster of their own (no combining marks, joiners
// or variation selectors among them): printable ASCII and Latin-1. One code point (a key typed)
// is one cluster too. Both are split without ICU: the first Intl.Segmenter a process makes loads
// its break rules (~20 ms; it was the first key typed, or the first word motion).
const SINGLE_CLUSTERS = /^[\x20-\x7e\xa0-\xff]*$/;
const ONE_CODE_POINT = /^(?:[\s\S]|[\ud800-\udbff][\udc00-\udfff])$/;

/** Grapheme clusters of `s` with their UTF-16 start index. */
export function graphemes(s: string): Array<{ segment: string; index: number }> {
  if (SINGLE_CLUSTERS.test(s)) return Array.from(s, (segment, index) => ({ segment, index }));
  if (ONE_CODE_POINT.test(s)) return [{ segment: s, index: 0 }];
  return Array.from(segments(s), ({ segment, index }) => ({ segment, index }));
}

/** UTF-16 indices that are grapheme boundaries, including 0 and s.length. */
export function boundaries(s: string): number[] {
  const out = graphemes(s).map((g) => g.index);
  out.push(s.length);
  return out;
}

/** The boundary before `cursor` (0 stays 0). */
export function prevBoundary(s: string, cursor: number): number {
  let prev = 0;
  for (const b of boundaries(s)) {
    if (b >= cursor) break;
    prev = b;
  }
  return prev;
}

/** The boundary after `cursor` (the end stays the end). */
export function nextBoundary(s: string, cursor: number): number {
  for (const b of boundaries(s)) if (b > cursor) return b;
  return s.length;
}

/** Clamps `cursor` into the string and moves it forward onto a grapheme boundary. */
export function snapCursor(s: string, cursor: number): number {
  if (!Number.isFinite(cursor) || cursor <= 0) return 0;
  if (cursor >= s.length) return s.length;
  for (const b of boundaries(s)) if (b >= cursor) return b;
  return s.length;
}

/** Screen column (0-based) of the UTF-16 index `cursor` within `text`. */
export function columnOf(text: string, cursor: number): number {
  return displayWidth(text.slice(0, cursor));
}

export interface LineWindow {
  /** UTF-16 range of `text` that is shown. */
  start: number;
  end: number;
  /** Column of the cursor inside the window. */
  cursorColumn: number;
  /** Text was cut on the left / right of the window. */
  clippedLeft: boolean;
  clippedRight: boolean;
}

/**
 * Picks the part of a line that fits in `columns`, keeping the cursor visible. The cursor
 * cell counts as one column (at the end of the line it sits on a blank). When the line
 * does not fit, as much as possible before the cursor is shown, then what follows. Passing
 * the previous window's start keeps the view still while the cursor stays inside it.
 */
export function fitWindow(text: string, cursor: number, columns: number, prevStart?: number): LineWindow {
  const width = Math.max(1, Math.floor(columns));
  const segs = graphemes(text);
  const cur = snapCursor(text, cursor);
  const cursorCell =
    cur < text.length ? Math.max(1, displayWidth(text.slice(cur, nextBoundary(text, cur)))) : 1;
  // Walk left from the cursor while the prefix still fits together with the cursor cell.
  const atCursor = segs.findIndex((g) => g.index >= cur);
  let start = cur;
  let used = cursorCell;
  for (let i = (atCursor === -1 ? segs.length : atCursor) - 1; i >= 0; i--) {
    const g = segs[i]!;
    const w = displayWidth(g.segment);
    if (used + w > width) break;
    used += w;
    start = g.index;
  }
  if (prevStart !== undefined) {
    const kept = snapCursor(text, Math.min(prevStart, cur));
    if (displayWidth(text.slice(kept, cur)) + cursorCell <= width) start = kept;
  }
  // Fill to the right of the cursor.
  let end = cur;
  let right = displayWidth(text.slice(start, cur));
  for (const g of segs) {
    if (g.index < cur) continue;
    const w = displayWidth(g.segment);
    if (right + w > width) break;
    right += w;
    end = g.index + g.segment.length;
  }
  if (end < cur) end = cur;
  return {
    start,
    end,
    cursorColumn: columnOf(text, cur) - columnOf(text, start),
    clippedLeft: start > 0,
    clippedRight: end < text.length,
  };
}

/** `s` cut to at most `width` columns, ending in `ellipsis` when cut (never splits a grapheme). */
export function truncateToWidth(s: string, width: number, ellipsis = '…'): string {
  if (width <= 0) return '';
  // A character a column: cut by index (a chart's title, cut on every draw, spent most of its
  // drawing time segmenting the whole expression).
  const ascii = PRINTABLE_ASCII.test(s);
  if ((ascii ? s.length : displayWidth(s)) <= width) return s;
  const room = width - displayWidth(ellipsis);
  if (ascii) return room >= 0 ? s.slice(0, room) + ellipsis : '';
  let out = '';
  let used = 0;
  // Segmented as far as the cut only: a long line is not split whole to keep its first columns.
  for (const { segment } of segments(s)) {
    const w = displayWidth(segment);
    if (used + w > room) break;
    out += segment;
    used += w;
  }
  return room >= 0 ? out + ellipsis : out;
}

/** `s` padded with blanks (or cut) to exactly `width` columns. */
export function padToWidth(s: string, width: number): string {
  const cut = truncateToWidth(s, width);
  return cut + ' '.repeat(Math.max(0, width - displayWidth(cut)));
}
