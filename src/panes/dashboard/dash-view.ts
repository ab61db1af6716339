// The view over a dashboard's page (layout.ts), pure: which item has the focus (a panel or a
// row header), which line of the page is at the top of the screen, which rows are open. The
// view follows the focus (Tab, ↑/↓); PgUp/PgDn move the view a screen and the focus with it.
import type { Item, Layout } from './layout.js';

export interface ViewState {
  /** The focused panel (also what `z` and `e` act on while a header is not focused). */
  focus: number;
  /** The focused row header, if the focus is on one. */
  focusRow: number | null;
  /** The first line of the page on screen (clamped to the page when drawn). */
  top: number;
  /** Each row open or closed, by row index. */
  open: boolean[];
}

export const initView = (rows: ReadonlyArray<{ before: number; collapsed?: boolean | undefined }>) => ({
  focus: 0,
  // A page that starts with a row starts with its header focused.
  focusRow: rows[0]?.before === 0 ? 0 : null,
  top: 0,
  open: rows.map((r) => r.collapsed !== true),
});

/** The line at the top of the screen, within the page. */
export const clampTop = (top: number, l: Layout) => Math.max(0, Math.min(top, l.height - l.view));

const isFocused = (v: ViewState, it: Item) =>
  it.kind === 'row' ? v.focusRow === it.index : v.focusRow === null && v.focus === it.index;

/** Where the focus is in the layout's items; −1 when it is not shown. */
export const focusedAt = (v: ViewState, l: Layout) => l.items.findIndex((it) => isFocused(v, it));

function focusOn<V extends ViewState>(v: V, it: Item): V {
  return it.kind === 'row' ? { ...v, focusRow: it.index } : { ...v, focus: it.index, focusRow: null };
}

/** The view moved the least that shows `it` (its top when it is taller than the screen). */
function follow<V extends ViewState>(v: V, it: Item, l: Layout): V {
  const r = it.rect;
  let top = clampTop(v.top, l);
  if (r.y + r.h > top + l.view) top = r.y + r.h - l.view;
  if (r.y < top) top = r.y;
  return { ...v, top: clampTop(top, l) };
}

/** Tab / Shift-Tab: the next or previous item in reading order, wrapping. */
export function stepFocus<V extends ViewState>(v: V, l: Layout, by: 1 | -1): V {
  const n = l.items.length;
  if (n === 0) return v;
  const at = focusedAt(v, l);
  const next = at < 0 ? (by > 0 ? 0 : n - 1) : (at + by + n) % n;
  const it = l.items[next]!;
  return follow(focusOn(v, it), it, l);
}

/** ↑/↓: the nearest item above or below, preferring one that shares columns with the focused one. */
export function moveFocus<V extends ViewState>(v: V, l: Layout, by: 1 | -1): V {
  const at = focusedAt(v, l);
  const cur = l.items[at];
  if (!cur) return stepFocus(v, l, by);
  const c = cur.rect;
  const beyond = l.items.filter((it) => (by > 0 ? it.rect.y >= c.y + c.h : it.rect.y + it.rect.h <= c.y));
  if (beyond.length === 0) return v;
  const shares = (it: Item) => it.rect.x < c.x + c.w && c.x < it.rect.x + it.rect.w;
  const pool = beyond.some(shares) ? beyond.filter(shares) : beyond;
  // Down: the highest of them; up: the lowest. Then the one nearest in columns.
  const edge = by > 0 ? Math.min(...pool.map((it) => it.rect.y)) : Math.max(...pool.map((it) => it.rect.y));
  const row = pool.filter((it) => it.rect.y === edge);
  row.sort((a, b) => Math.abs(a.rect.x - c.x) - Math.abs(b.rect.x - c.x));
  const it = row[0]!;
  return follow(focusOn(v, it), it, l);
}

/**
 * The top of the next screen down (`by` 1) or up: a box the screen's edge cuts is shown whole
 * on the next (it starts the screen down, or ends the screen up), so every box that fits the
 * screen is seen whole by paging through; a box taller than the screen is paged through.
 */
function pageTop(top: number, l: Layout, by: 1 | -1): number {
  const edge = by > 0 ? top + l.view : top;
  const cut = l.items.filter((it) => it.rect.y < edge && it.rect.y + it.rect.h > edge);
  if (by > 0) {
    const start = Math.min(edge, ...cut.map((it) => it.rect.y));
    return clampTop(start > top ? start : edge, l);
  }
  const end = Math.max(edge, ...cut.map((it) => it.rect.y + it.rect.h));
  return clampTop(end - l.view < top ? end - l.view : top - l.view, l);
}

/** PgUp/PgDn: the view a screen up or down; a focus left off screen moves to the first item shown. */
export function scrollPage<V extends ViewState>(v: V, l: Layout, by: 1 | -1): V {
  const top = pageTop(clampTop(v.top, l), l, by);
  const moved = { ...v, top };
  const cur = l.items[focusedAt(v, l)];
  const inside = (it: Item) => it.rect.y >= top && it.rect.y + it.rect.h <= top + l.view;
  if (cur && inside(cur)) return moved;
  const seen = (it: Item) => it.rect.y < top + l.view && it.rect.y + it.rect.h > top;
  const it = l.items.find(inside) ?? l.items.find(seen);
  return it ? focusOn(moved, it) : moved;
}

/** Enter on a header: the row opens or closes (the focus stays on it). */
export function toggleRow<V extends ViewState>(v: V): V {
  if (v.focusRow === null || v.open[v.focusRow] === undefined) return v;
  const open = v.open.slice();
  open[v.focusRow] = !open[v.focusRow];
  return { ...v, open };
}

/** `rows a–b of n` when the page is taller than the screen. */
export function whereText(v: ViewState, l: Layout): string | undefined {
  if (l.height <= l.view) return undefined;
  const top = clampTop(v.top, l);
  return `rows ${top + 1}–${Math.min(l.height, top + l.view)} of ${l.height}`;
}
