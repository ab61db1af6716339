// ShowOutput decoding. The spec says only "string or table", and routers differ: cells may be
// any JSON value, rows may lack columns or not be objects at all. Every shape becomes text
// or a table of strings here; nothing in a show answer fails the command. Cells are not
// sanitized here (the table renderer does that when it draws them).
import type { ShowTable } from './types.js';

type Json = Record<string, unknown>;

const isObject = (v: unknown): v is Json => typeof v === 'object' && v !== null && !Array.isArray(v);

/** Compact JSON of a value that came from JSON.parse (so it always serializes). */
const compact = (v: unknown): string => JSON.stringify(v) ?? '';

/**
 * One cell as text: strings as they are, numbers and booleans as their JSON text, null
 * blank, arrays joined with ", " (each element a cell), objects as compact JSON.
 */
export function cellText(v: unknown): string {
  if (typeof v === 'string') return v;
  if (v === null || v === undefined) return '';
  if (Array.isArray(v)) return v.map(cellText).join(', ');
  if (isObject(v)) return compact(v);
  return compact(v);
}

/** Rows as arrays whose first row is the header. */
function headerRowTable(v: unknown[][]): ShowTable {
  const [head = [], ...rest] = v;
  return { columns: head.map(cellText), rows: rest.map((r) => r.map(cellText)) };
}

/**
 * Rows as objects: columns are the union of keys in first-seen order. A row that is not an
 * object becomes one cell holding its compact JSON.
 */
function objectRowsTable(v: unknown[]): ShowTable {
  const columns: string[] = [];
  const seen = new Set<string>();
  for (const row of v)
    if (isObject(row))
      for (const k of Object.keys(row))
        if (!seen.has(k)) {
          seen.add(k);
          columns.push(k);
        }
  if (columns.length === 0) columns.push('value');
  const rows = v.map((row) =>
    isObject(row) ? columns.map((c) => cellText(row[c])) : [compact(row), ...columns.slice(1).map(() => '')],
  );
  return { columns, rows };
}

/** ShowOutput → text or a table; an object is a one-row table, any other value its JSON text. */
export function decodeShowOutput(v: unknown): string | ShowTable {
  if (typeof v === 'string') return v;
  if (isObject(v)) return objectRowsTable([v]);
  if (!Array.isArray(v)) return compact(v);
  if (v.length === 0) return { columns: [], rows: [] };
  if (v.every(Array.isArray)) return headerRowTable(v as unknown[][]);
  return objectRowsTable(v);
}
