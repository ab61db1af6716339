// A Grafana dashboard export, read as untrusted JSON: bounded in size and depth, and every
// field checked where it is used (a Grafana JSON is whatever its exporter wrote: schema 6 to 41,
// `rows[]` or `panels[]`, data sources as names, `${DS_…}` inputs or {type, uid} objects).
import { nestedDeeperThan } from '../../api/json-depth.js';
import { usageError } from '../../errors.js';
import { jsonTooDeepAt } from './nesting.js';

/** Grafana's JSON nests ~8 levels; more than this is not a dashboard. */
export const MAX_GRAFANA_DEPTH = 64;

export type Json = Record<string, unknown>;

export const isObject = (v: unknown): v is Json => typeof v === 'object' && v !== null && !Array.isArray(v);
export const str = (v: unknown): string | undefined => (typeof v === 'string' ? v : undefined);
/** A string with something besides blanks in it (what a dashboard file's text keys hold), as is. */
export const text = (v: unknown): string | undefined =>
  typeof v === 'string' && v.trim() !== '' ? v : undefined;
export const num = (v: unknown): number | undefined =>
  typeof v === 'number' && Number.isFinite(v) ? v : undefined;
export const arr = (v: unknown): unknown[] => (Array.isArray(v) ? v : []);
export const objects = (v: unknown): Json[] => arr(v).filter(isObject);

/** The export's top object, or a one-line usage error naming `file`. */
export function readGrafanaJson(text: string, file: string): Json {
  // Before JSON.parse and every walk: a file nested deeper than any dashboard stops here, one line.
  const deep = jsonTooDeepAt(text, MAX_GRAFANA_DEPTH);
  if (deep !== undefined)
    throw usageError(
      `${file}:${deep}: nested more than ${MAX_GRAFANA_DEPTH} levels deep: not a Grafana dashboard`,
    );
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch (e) {
    throw usageError(`${file}: not JSON (${(e as Error).message.split('\n')[0]})`);
  }
  if (nestedDeeperThan(value, MAX_GRAFANA_DEPTH))
    throw usageError(`${file}: nested more than ${MAX_GRAFANA_DEPTH} levels deep: not a Grafana dashboard`);
  // The API's `GET /api/dashboards/uid/…` wraps it: { dashboard: {…}, meta: {…} }.
  if (isObject(value) && isObject(value.dashboard) && !('panels' in value) && !('rows' in value))
    value = value.dashboard;
  if (!isObject(value) || (!Array.isArray(value.panels) && !Array.isArray(value.rows)))
    throw usageError(`${file}: not a Grafana dashboard (no "panels" or "rows")`);
  return value;
}

/** A panel with its place on the 24-column grid, rows flattened (collapsed rows' panels too). */
export interface FlatPanel {
  panel: Json;
  grid: { x: number; y: number; w: number; h: number };
  /** The row it sits under, for messages. */
  row?: string;
}

/** A row panel: a header at `grid.y` (one grid row); `depth` 1 for a row inside a collapsed row. */
export interface FlatRow {
  header: { title: string; collapsed: boolean; depth: number };
  grid: { x: number; y: number; w: number; h: number };
}

export type FlatItem = FlatPanel | FlatRow;
export const isFlatRow = (i: FlatItem): i is FlatRow => 'header' in i;

const clampInt = (v: number | undefined, lo: number, hi: number, dflt: number) =>
  v === undefined ? dflt : Math.min(hi, Math.max(lo, Math.round(v)));

function gridOf(p: Json): FlatPanel['grid'] {
  const g = isObject(p.gridPos) ? p.gridPos : {};
  const x = clampInt(num(g.x), 0, 23, 0);
  return {
    x,
    y: clampInt(num(g.y), 0, 100_000, 0),
    // Within the 24 columns from x (the validator's x + w ≤ 24), whatever w the file had.
    w: Math.min(24 - x, clampInt(num(g.w), 1, 24, 12)),
    h: clampInt(num(g.h), 1, 1_000, 8),
  };
}

/** Old schema (`rows[]` of `panels` with `span` 1–12 and a pixel `height`): placed on the grid. */
function fromOldRows(d: Json): FlatItem[] {
  const out: FlatItem[] = [];
  let y = 0;
  for (const row of objects(d.rows)) {
    const h = clampInt(Number.parseInt(String(row.height ?? '250'), 10) / 30, 1, 100, 8);
    let x = 0;
    const title = str(row.title);
    // A row whose title Grafana showed (or that folds) is a header; others only group panels.
    if (title && (row.showTitle === true || row.collapse === true)) {
      out.push({
        header: { title, collapsed: row.collapse === true, depth: 0 },
        grid: { x: 0, y, w: 24, h: 1 },
      });
      y += 1;
    }
    for (const p of objects(row.panels)) {
      const w = clampInt((num(p.span) ?? 12) * 2, 1, 24, 24);
      if (x + w > 24) {
        x = 0;
        y += h;
      }
      out.push({ panel: p, grid: { x, y, w, h }, ...(title ? { row: title } : {}) });
      x += w;
    }
    y += h;
  }
  return out;
}

const byPlace = (a: FlatItem, b: FlatItem) =>
  a.grid.y - b.grid.y || Number(isFlatRow(b)) - Number(isFlatRow(a)) || a.grid.x - b.grid.x;

/**
 * One level of `panels` (the dashboard's, or a collapsed row's), rows kept as headers. A collapsed
 * row's panels keep the y they had when it was open, which overlaps what comes after it: they are
 * placed under their row and everything below moves down by their height (as when opened). Rows
 * inside a collapsed row (nested) are one level deeper.
 */
function flatLevel(list: Json[], depth: number, row: string | undefined): FlatItem[] {
  const out: FlatItem[] = [];
  let shift = 0;
  let current = row;
  const ordered = list.map((p) => ({ p, g: gridOf(p) })).sort((a, b) => a.g.y - b.g.y || a.g.x - b.g.x);
  for (const { p, g } of ordered) {
    if (p.type !== 'row') {
      out.push({ panel: p, grid: { ...g, y: g.y + shift }, ...(current ? { row: current } : {}) });
      continue;
    }
    const title = str(p.title) ?? '';
    current = title || row;
    const inner = flatLevel(objects(p.panels), depth + 1, current);
    out.push({
      header: { title, collapsed: p.collapsed === true, depth },
      grid: { x: 0, y: g.y + shift, w: 24, h: 1 },
    });
    if (inner.length === 0) continue;
    const top = inner.reduce((m, i) => Math.min(m, i.grid.y), Infinity);
    const bottom = inner.reduce((m, i) => Math.max(m, i.grid.y + i.grid.h), 0);
    const at = g.y + 1 + shift;
    for (const i of inner) out.push({ ...i, grid: { ...i.grid, y: at + i.grid.y - top } });
    shift += bottom - top;
  }
  return out.sort(byPlace);
}

/** Every panel and row header, in the order Grafana draws them (by y, a row first, then x). */
export function flattenGrafana(d: Json): FlatItem[] {
  return Array.isArray(d.panels) ? flatLevel(objects(d.panels), 0, undefined) : fromOldRows(d);
}

/** Every panel that is not a row, in the order Grafana draws them (by y, then x). */
export function flattenPanels(d: Json): FlatPanel[] {
  return flattenGrafana(d).filter((i): i is FlatPanel => !isFlatRow(i));
}
