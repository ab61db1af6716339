// Grafana's rows and grid in an import: the imported panels and row headers, in page order,
// become the model's panels and rows (each row before its first panel); the grid is compacted as
// Grafana draws it (each panel falls to the first free grid row, so a `y` of 4,700 becomes the
// row under the panel above, and the file stays within what its validator reads); a row with no
// imported panel under it (its own or a nested row's) is left out; and a page of ≤ 64 panels
// that starts inside a row repeats that row's header (and those of the rows around it) at its top.
import type { GridPos, Panel, Row } from '../../contract/dashboard.js';
import { GRID_COLUMNS, MAX_H, MAX_Y } from './validate-panels.js';

/** A panel, or a row header (`header`), at its place on the grid. */
export type Entry = { grid: GridPos } & ({ panel: Panel } | { header: Omit<Row, 'before'> });

const isHeader = (e: Entry): e is Entry & { header: Omit<Row, 'before'> } => 'header' in e;

/** Entries in page order (by y, a header first, then x) → panels and the rows between them. */
export function panelsAndRows(entries: readonly Entry[]): { panels: Panel[]; rows: Row[] } {
  const sorted = [...entries].sort(
    (a, b) => a.grid.y - b.grid.y || Number(isHeader(b)) - Number(isHeader(a)) || a.grid.x - b.grid.x,
  );
  const panels: Panel[] = [];
  const rows: Row[] = [];
  // Gravity on the grid: a header takes a full-width grid row, so sections never mix.
  const sky = new Array<number>(GRID_COLUMNS).fill(0);
  for (const e of sorted) {
    const g = isHeader(e) ? { x: 0, w: GRID_COLUMNS, h: 1 } : { ...e.grid, h: Math.min(MAX_H, e.grid.h) };
    let y = 0;
    for (let c = g.x; c < g.x + g.w; c++) y = Math.max(y, sky[c] ?? 0);
    for (let c = g.x; c < g.x + g.w; c++) sky[c] = y + g.h;
    if (isHeader(e)) rows.push({ ...e.header, before: panels.length });
    else panels.push({ ...e.panel, grid: { x: g.x, y: Math.min(MAX_Y, y), w: g.w, h: g.h } });
  }
  return { panels, rows: keepFilled(rows, panels.length) };
}

/** How many panels are under row j: its own and its nested rows'. */
export function panelsUnder(rows: readonly Row[], j: number, total: number): number {
  const r = rows[j]!;
  let k = j + 1;
  while (k < rows.length && (rows[k]!.depth ?? 0) > (r.depth ?? 0)) k++;
  return (rows[k]?.before ?? total) - r.before;
}

/** Rows with a panel under them; depths closed up so none is deeper than one under its row. */
function keepFilled(rows: readonly Row[], total: number): Row[] {
  const kept = rows.filter((_, j) => panelsUnder(rows, j, total) > 0);
  const out: Row[] = [];
  for (const r of kept) {
    const most = out.length ? (out[out.length - 1]!.depth ?? 0) + 1 : 0;
    const depth = Math.min(r.depth ?? 0, most);
    const { depth: _, ...rest } = r;
    out.push(depth ? { ...rest, depth } : rest);
  }
  return out;
}

/** The rows of the page of panels [from, to): those in it, after the rows it starts inside. */
export function pageRows(rows: readonly Row[], from: number, to: number, last: boolean): Row[] {
  const inPage = rows.filter((r) => r.before >= from && (r.before < to || (last && r.before === to)));
  // The rows open at `from` (a stack by depth), less those the page's own first header closes.
  const around: Row[] = [];
  for (const r of rows) {
    if (r.before >= from) break;
    while (around.length && (around[around.length - 1]!.depth ?? 0) >= (r.depth ?? 0)) around.pop();
    around.push(r);
  }
  const first = inPage[0];
  const carried =
    first && first.before === from ? around.filter((r) => (r.depth ?? 0) < (first.depth ?? 0)) : around;
  return [
    ...carried.map((r) => ({ ...r, before: 0 })),
    ...inPage.map((r) => ({ ...r, before: r.before - from })),
  ];
}
