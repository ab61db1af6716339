// A Grafana dashboard export, read as untrusted JSON: bounded in size and depth, and every
// field checked where it is used (a Grafana JSON is whatever its exporter wrote: schema 6 to 41,
// `rows[]` or `panels[]`, data sources as names, `${DS_…}` inputs or {type, uid} objects).
import { nestedDeeperThan } from '../../api/json-depth.js';
import { usageError } from '../../errors.js';

/** Grafana's JSON nests ~8 levels; more than this is not a dashboard. */
export const MAX_GRAFANA_DEPTH = 64;

export type Json = Record<string, unknown>;

export const isObject = (v: unknown): v is Json => typeof v === 'object' && v !== null && !Array.isArray(v);
export const str = (v: unknown): string | undefined => (typeof v === 'string' ? v : undefined);
export const num = (v: unknown): number | undefined =>
  typeof v === 'number' && Number.isFinite(v) ? v : undefined;
export const arr = (v: unknown): unknown[] => (Array.isArray(v) ? v : []);
export const objects = (v: unknown): Json[] => arr(v).filter(isObject);

/** The export's top object, or a one-line usage error naming `file`. */
export function readGrafanaJson(text: string, file: string): Json {
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

const clampInt = (v: number | undefined, lo: number, hi: number, dflt: number) =>
  v === undefined ? dflt : Math.min(hi, Math.max(lo, Math.round(v)));

function gridOf(p: Json): FlatPanel['grid'] {
  const g = isObject(p.gridPos) ? p.gridPos : {};
  return {
    x: clampInt(num(g.x), 0, 23, 0),
    y: clampInt(num(g.y), 0, 100_000, 0),
    w: clampInt(num(g.w), 1, 24, 12),
    h: clampInt(num(g.h), 1, 1_000, 8),
  };
}

/** Old schema (`rows[]` of `panels` with `span` 1–12 and a pixel `height`): placed on the grid. */
function fromOldRows(d: Json): FlatPanel[] {
  const out: FlatPanel[] = [];
  let y = 0;
  for (const row of objects(d.rows)) {
    const h = clampInt(Number.parseInt(String(row.height ?? '250'), 10) / 30, 1, 100, 8);
    let x = 0;
    const title = str(row.title);
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

/**
 * Every panel that is not a row, in the order Grafana draws them (by y, then x). A collapsed
 * row's panels keep the y they had when it was open, which overlaps the rows after it: they are
 * placed under their row and everything below moves down by their height (as when opened).
 */
export function flattenPanels(d: Json): FlatPanel[] {
  if (!Array.isArray(d.panels)) return fromOldRows(d);
  const out: FlatPanel[] = [];
  let row: string | undefined;
  let shift = 0;
  for (const p of objects(d.panels)) {
    const g = gridOf(p);
    if (p.type === 'row') {
      row = str(p.title);
      const inner = objects(p.panels).map((q) => ({ q, g: gridOf(q) }));
      if (inner.length === 0) continue;
      const top = inner.reduce((m, i) => Math.min(m, i.g.y), Infinity);
      const bottom = inner.reduce((m, i) => Math.max(m, i.g.y + i.g.h), 0);
      const at = g.y + 1 + shift;
      for (const { q, g: ig } of inner)
        out.push({ panel: q, grid: { ...ig, y: at + ig.y - top }, ...(row ? { row } : {}) });
      shift += bottom - top;
      continue;
    }
    out.push({ panel: p, grid: { ...g, y: g.y + shift }, ...(row ? { row } : {}) });
  }
  return out.sort((a, b) => a.grid.y - b.grid.y || a.grid.x - b.grid.x);
}
