// Where each panel's box sits on the dashboard's page, which may be taller than the screen (the
// view scrolls over it, dash-view.ts). Grafana's 24-column grid maps to the terminal's columns;
// its rows are one screen line each, and panels fall up to the first free line as Grafana
// compacts them ("gravity"), so a panel at y 4,700 sits under the one above it. Each kind gets
// the least height that shows it whole (a chart: 6 plot rows, its axis and its legend). Rows
// (Grafana's row panels) are one header line; a closed row's panels are not placed. Narrow
// screens stack the panels full width rather than shrink them. A page shorter than the screen is
// stretched to fill it. Edges are rounded, never sizes, so boxes that touch on the grid touch on
// screen and never overlap.
import type { GridPos, PanelKind } from '../../contract/dashboard.js';

export const GRID_COLUMNS = 24;
/** Below this many columns panels stack, full width, one under another. */
export const STACK_COLUMNS = 100;

export interface Rect {
  x: number;
  y: number;
  w: number;
  h: number;
}

/** The least box (borders included) that shows a panel of each kind whole. */
export const MIN_BOX: Record<PanelKind, number> = {
  // Title border, 6 plot rows, time axis and its labels (2), one legend line, bottom border.
  chart: 11,
  stat: 3,
  logs: 5,
  histogram: 5,
  monitor: 6,
  show: 4,
};

/** A row header before panel `before`; the panels after it (to the next row) are its own. */
export interface RowSpec {
  title: string;
  before: number;
  /** 0 a top row; 1 a row inside a row (nested collapsed rows in Grafana JSON), … */
  depth?: number | undefined;
}

export interface LayoutInput {
  panels: ReadonlyArray<{ grid: GridPos; kind: PanelKind }>;
  rows?: readonly RowSpec[] | undefined;
  /** Each row open (true) or closed; missing: open. */
  open?: readonly boolean[] | undefined;
}

export type Item =
  | { kind: 'panel'; index: number; rect: Rect }
  /** `panels`: how many panels are under it (nested rows' too), drawn on a closed header. */
  | { kind: 'row'; index: number; rect: Rect; depth: number; open: boolean; panels: number };

export interface Layout {
  /** Headers and the panels shown, top to bottom then left to right: the focus order. */
  items: Item[];
  /** Lines of the whole page. */
  height: number;
  /** Lines of it on screen at once. */
  view: number;
  stacked: boolean;
}

/** The lines of the frame: the panels' area, then one status line. */
export const frameHeight = (rows: number) => Math.max(2, rows - 1);
export const gridHeight = (rows: number) => frameHeight(rows) - 1;

const clampGrid = (g: GridPos): GridPos => {
  const x = Math.min(GRID_COLUMNS - 1, Math.max(0, Math.floor(g.x)));
  const w = Math.min(GRID_COLUMNS - x, Math.max(1, Math.floor(g.w)));
  const y = Math.max(0, Math.floor(g.y));
  return { x, y, w, h: Math.max(1, Math.floor(g.h)) };
};

type Grid = { i: number; g: GridPos };

/**
 * Grafana's gravity: each panel, in the grid's order, moves up to the first line its columns
 * leave free (the top of its section being line 0). Returned in that order (by y, then x).
 */
function gravity(grids: Grid[]): Grid[] {
  const order = [...grids].sort((a, b) => a.g.y - b.g.y || a.g.x - b.g.x);
  const sky = new Array<number>(GRID_COLUMNS).fill(0);
  const out = order.map(({ i, g }) => {
    let y = 0;
    for (let c = g.x; c < g.x + g.w; c++) y = Math.max(y, sky[c]!);
    for (let c = g.x; c < g.x + g.w; c++) sky[c] = y + g.h;
    return { i, g: { ...g, y } };
  });
  return out.sort((a, b) => a.g.y - b.g.y || a.g.x - b.g.x);
}

/**
 * Grid lines → screen lines: the least non-decreasing map that gives every panel the height it
 * wants (`want`). Panels that share an edge on the grid share it on screen, side by side ones of
 * the same grid height stay the same height, and none overlap. `line(Infinity)`: the height.
 */
function lines(grids: Grid[], want: (i: number, h: number) => number): (e: number) => number {
  const edges = [...new Set(grids.flatMap(({ g }) => [g.y, g.y + g.h]))].sort((a, b) => a - b);
  const at = new Map<number, number>();
  const ending = new Map<number, Grid[]>();
  for (const p of grids) ending.set(p.g.y + p.g.h, [...(ending.get(p.g.y + p.g.h) ?? []), p]);
  let last = 0;
  for (const e of edges) {
    let v = last;
    for (const { i, g } of ending.get(e) ?? []) v = Math.max(v, (at.get(g.y) ?? 0) + want(i, g.h));
    at.set(e, v);
    last = v;
  }
  return (e) => (e === Infinity ? last : (at.get(e) ?? 0));
}

/** Panel indexes of each section: before the first row, then under each row (its own, not nested). */
function sections(n: number, rows: readonly RowSpec[]): Array<[number, number]> {
  const bounds = rows.map((r) => Math.min(n, Math.max(0, Math.floor(r.before))));
  const out: Array<[number, number]> = [];
  let from = 0;
  for (const b of bounds) {
    const at = Math.max(from, b);
    out.push([from, at]);
    from = at;
  }
  out.push([from, n]);
  return out;
}

/** The page at `columns` × `screenRows`: every shown panel's box and every visible header. */
export function layoutDashboard(input: LayoutInput, columns: number, screenRows: number): Layout {
  const view = gridHeight(screenRows);
  const rows = input.rows ?? [];
  const stacked = columns < STACK_COLUMNS;
  const col = (gx: number) => Math.round((gx * columns) / GRID_COLUMNS);
  const parts = sections(input.panels.length, rows);
  const items: Item[] = [];
  let y = 0;
  // A panel's box: its grid height in lines, at least its kind's least, at most the screen (a
  // taller one could never be seen whole) unless the screen is below the least.
  const want = (i: number, h: number) =>
    Math.max(MIN_BOX[input.panels[i]?.kind ?? 'show'], Math.min(h, view));
  const place = ([from, to]: [number, number]) => {
    const grids = [];
    for (let i = from; i < to; i++) grids.push({ i, g: clampGrid(input.panels[i]!.grid) });
    const fallen = gravity(grids);
    const placed: Item[] = [];
    if (stacked) {
      for (const { i, g } of fallen) {
        const h = want(i, g.h);
        placed.push({ kind: 'panel', index: i, rect: { x: 0, y, w: columns, h } });
        y += h;
      }
    } else {
      const line = lines(fallen, want);
      for (const { i, g } of fallen) {
        const x = col(g.x);
        const top = y + line(g.y);
        placed.push({
          kind: 'panel',
          index: i,
          rect: { x, y: top, w: col(g.x + g.w) - x, h: y + line(g.y + g.h) - top },
        });
      }
      y += line(Infinity);
    }
    items.push(...placed);
  };
  place(parts[0]!);
  // A row is hidden while a row above it of less depth is closed.
  const closedAt: number[] = [];
  rows.forEach((r, j) => {
    const depth = Math.max(0, Math.floor(r.depth ?? 0));
    while (closedAt.length && closedAt[closedAt.length - 1]! >= depth) closedAt.pop();
    if (closedAt.length) return;
    const open = input.open?.[j] !== false;
    items.push({ kind: 'row', index: j, rect: { x: 0, y, w: columns, h: 1 }, depth, open, panels: 0 });
    y += 1;
    if (open) place(parts[j + 1]!);
    else closedAt.push(depth);
  });
  countUnder(items, rows, parts);
  const fill = y > 0 && y < view;
  if (fill) stretch(items, y, view);
  return { items, height: fill ? view : y, view, stacked };
}

/** Each header's count of the panels under it: its own and its nested rows'. */
function countUnder(items: Item[], rows: readonly RowSpec[], parts: Array<[number, number]>) {
  for (const it of items) {
    if (it.kind !== 'row') continue;
    let n = 0;
    for (let j = it.index; j < rows.length; j++) {
      if (j > it.index && (rows[j]!.depth ?? 0) <= it.depth) break;
      const [from, to] = parts[j + 1]!;
      n += to - from;
    }
    it.panels = n;
  }
}

/**
 * A page shorter than the screen fills it: the panels' lines grow by one factor, headers stay
 * one line (every edge goes through the same map, so boxes that touched still touch).
 */
function stretch(items: Item[], height: number, view: number) {
  const heads = items.filter((it) => it.kind === 'row').map((it) => it.rect.y);
  const k = (view - heads.length) / Math.max(1, height - heads.length);
  const at = (e: number) => {
    const above = heads.filter((h) => h < e).length;
    return above + Math.round((e - above) * k);
  };
  for (const it of items) {
    const r = it.rect;
    const top = at(r.y);
    it.rect = { ...r, y: top, h: at(r.y + r.h) - top };
  }
}

/** The box of panel `i`, or undefined when it is not shown (under a closed row). */
export function rectOf(layout: Layout, i: number): Rect | undefined {
  for (const it of layout.items) if (it.kind === 'panel' && it.index === i) return it.rect;
  return undefined;
}

/** Two rectangles share a cell. */
export const overlaps = (a: Rect, b: Rect) =>
  a.w > 0 &&
  a.h > 0 &&
  b.w > 0 &&
  b.h > 0 &&
  a.x < b.x + b.w &&
  b.x < a.x + a.w &&
  a.y < b.y + b.h &&
  b.y < a.y + a.h;
