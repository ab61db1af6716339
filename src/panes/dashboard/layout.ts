// Where each panel's box sits on the screen: Grafana's 24-column grid mapped to the terminal's
// columns, the grid's rows (y, h) scaled to the rows left above the status line. The whole
// frame is rows − 1 lines (Ink's live region never reaches the last row). Edges are rounded,
// never sizes, so boxes that touch on the grid touch on screen and never overlap.
import type { GridPos } from '../../contract/dashboard.js';

export const GRID_COLUMNS = 24;

export interface Rect {
  x: number;
  y: number;
  w: number;
  h: number;
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

/** One rectangle per panel (same order), within `columns` × gridHeight(rows); empty ones are w or h 0. */
export function layoutPanels(grids: readonly GridPos[], columns: number, rows: number): Rect[] {
  const height = gridHeight(rows);
  const gs = grids.map(clampGrid);
  const bottom = Math.max(1, ...gs.map((g) => g.y + g.h));
  const col = (gx: number) => Math.round((gx * columns) / GRID_COLUMNS);
  const row = (gy: number) => Math.round((gy * height) / bottom);
  return gs.map((g) => {
    const x = col(g.x);
    const y = row(g.y);
    return { x, y, w: col(g.x + g.w) - x, h: row(g.y + g.h) - y };
  });
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
