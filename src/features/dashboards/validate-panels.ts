// A dashboard file's `panels:`: each a map whose kind is the key holding its source (chart,
// stat, logs, histogram, monitor, show), a title, a place on Grafana's 24-column grid, and the
// keys of its kind. A `show` panel runs a read-only router line: show or describe only, and
// only the pipes that filter text (no `| save`, no `| refresh`).
import { isReadOnlyCommand, splitPipes } from '../../lang/pipes.js';
import { readStep } from '../../lang/time.js';
import type { GridPos, Panel, PanelKind, Row, Threshold } from '../../contract/dashboard.js';
import type { Reader } from './validate-node.js';
import { isRowItem, readRow } from './validate-rows.js';

export const MAX_PANELS = 64;
export const GRID_COLUMNS = 24;
/** Grid rows: a panel's top and height (Grafana's own dashboards stay far below). */
export const MAX_Y = 10_000;
export const MAX_H = 200;
/** Where a panel without `grid` goes: left to right, two a row. */
export const FLOW = { w: 12, h: 8 } as const;

const KINDS = [
  'chart',
  'stat',
  'logs',
  'histogram',
  'monitor',
  'show',
] as const satisfies readonly PanelKind[];
const OWN: Record<PanelKind, readonly string[]> = {
  chart: ['step', 'interval', 'legend', 'unit'],
  stat: ['interval', 'unit', 'thresholds', 'legend'],
  logs: [],
  histogram: [],
  monitor: [],
  show: [],
};
const KEYS = [...KINDS, 'title', 'grid', 'step', 'interval', 'legend', 'unit', 'thresholds'];
const COLORS = ['green', 'yellow', 'red', 'blue', 'default'] as const;
/** The pipes a `show` panel may use: they only filter the text. */
const SHOW_PIPES = new Set(['match', 'except', 'count', 'last', 'json', 'no-more']);
/** A title made from the source is cut to this many characters. */
const TITLE_CHARS = 40;

type Draft = Omit<Panel, 'grid'> & { grid?: GridPos };

/** The panels, and the rows between them (validate-rows.ts: rows are not panels). */
export function readPanels(r: Reader, node: unknown, at: unknown): { panels: Panel[]; rows: Row[] } {
  const items = r.list(node, "'panels'");
  if (!items) return { panels: [], rows: [] };
  const rows: Row[] = [];
  const drafts: Draft[] = [];
  let count = 0;
  for (const item of items) {
    if (isRowItem(r, item)) {
      const row = readRow(r, item, drafts.length, rows.at(-1));
      if (row) rows.push(row);
      continue;
    }
    count++;
    const p = readPanel(r, item);
    if (p) drafts.push(p);
  }
  if (count === 0) r.issue(at, "'panels' is empty: a dashboard has at least one panel");
  if (count > MAX_PANELS) r.issue(at, `too many panels: ${count} (at most ${MAX_PANELS})`);
  return { panels: place(drafts), rows };
}

/** Panels without a grid flow left to right below those with one, `FLOW` sized. */
function place(drafts: Draft[]): Panel[] {
  let y = Math.max(0, ...drafts.map((d) => (d.grid ? d.grid.y + d.grid.h : 0)));
  let x = 0;
  return drafts.map((d) => {
    if (d.grid) return d as Panel;
    if (x + FLOW.w > GRID_COLUMNS) {
      x = 0;
      y += FLOW.h;
    }
    const grid = { x, y, w: FLOW.w, h: FLOW.h };
    x += FLOW.w;
    return { ...d, grid } as Panel;
  });
}

export const shortTitle = (text: string): string => {
  const one = text.replace(/\s+/g, ' ').trim();
  return one.length <= TITLE_CHARS ? one : `${one.slice(0, TITLE_CHARS - 1)}…`;
};

function readPanel(r: Reader, item: unknown): Draft | undefined {
  const line = r.lineOf(r.deref(item) ?? item);
  const f = r.map(item, 'a panel', KEYS);
  if (!f) return undefined;
  const kinds = f.names().filter((k): k is PanelKind => (KINDS as readonly string[]).includes(k));
  if (kinds.length === 0) {
    r.issue(line, `a panel needs one of ${KINDS.join(', ')} (what it shows)`);
    return undefined;
  }
  if (kinds.length > 1) {
    r.issue(f.key(kinds[1]!), `a panel has two kinds: '${kinds[0]}' and '${kinds[1]}' (one a panel)`);
    return undefined;
  }
  const kind = kinds[0]!;
  let ok = true;
  for (const k of f.names())
    if (
      !(KINDS as readonly string[]).includes(k) &&
      k !== 'title' &&
      k !== 'grid' &&
      !OWN[kind].includes(k)
    ) {
      r.issue(f.key(k), `'${k}' is not a key of ${kind} panels${kindsOf(k)}`);
      ok = false;
    }
  const source = r.text(f.value(kind), `the ${kind} panel's '${kind}'`);
  if (source === undefined) ok = false;
  else if (kind === 'show') ok = checkShow(r, f.value(kind), source) && ok;
  const title = f.has('title') ? r.text(f.value('title'), "a panel's 'title'") : undefined;
  if (f.has('title') && title === undefined) ok = false;
  const grid = f.has('grid') ? readGrid(r, f.value('grid')) : undefined;
  if (f.has('grid') && !grid) ok = false;
  const extra: Record<string, unknown> = {};
  for (const k of ['legend', 'unit'] as const)
    if (f.has(k) && OWN[kind].includes(k)) {
      const t = r.text(f.value(k), `a panel's '${k}'`);
      if (t === undefined) ok = false;
      else extra[k] = t;
    }
  for (const k of ['step', 'interval'] as const)
    if (f.has(k) && OWN[kind].includes(k)) {
      const node = f.value(k);
      const t = r.word(node, `a panel's '${k}'`);
      const s = t === undefined ? undefined : readStep(t);
      if (s && !s.ok) r.issue(node, `a panel's '${k}': ${s.why}`);
      if (!s?.ok) ok = false;
      else extra[k] = t;
    }
  if (f.has('thresholds') && kind === 'stat') {
    const th = readThresholds(r, f.value('thresholds'));
    if (!th) ok = false;
    else extra['thresholds'] = th;
  }
  if (!ok || source === undefined) return undefined;
  const what =
    kind === 'chart' || kind === 'stat'
      ? { expr: source }
      : kind === 'monitor'
        ? { list: source }
        : kind === 'show'
          ? { line: source }
          : { query: source };
  return {
    kind,
    title: title ?? shortTitle(source),
    fileLine: line,
    ...what,
    ...extra,
    ...(grid ? { grid } : {}),
  } as Draft;
}

const kindsOf = (key: string): string => {
  const owners = KINDS.filter((k) => OWN[k].includes(key));
  return owners.length ? ` (only of ${owners.join(', ')})` : '';
};

function checkShow(r: Reader, node: unknown, line: string): boolean {
  if (/[\u0000-\u001f\u007f-\u009f]/.test(line)) {
    r.issue(node, "a show panel's line has a control character");
    return false;
  }
  const piped = splitPipes(line);
  if (!isReadOnlyCommand(piped.command)) {
    r.issue(
      node,
      `a show panel runs only 'show …' or 'describe …' lines (read-only), not '${shortTitle(line)}'`,
    );
    return false;
  }
  if (piped.error) {
    r.issue(node, `a show panel's line: ${piped.error.message}`);
    return false;
  }
  const bad = piped.pipes.find((p) => !SHOW_PIPES.has(p.spec.name));
  if (bad) {
    r.issue(node, `a show panel's line cannot use '| ${bad.spec.name}' (only ${[...SHOW_PIPES].join(', ')})`);
    return false;
  }
  return true;
}

function readGrid(r: Reader, node: unknown): GridPos | undefined {
  const f = r.map(node, "a panel's 'grid'", ['x', 'y', 'w', 'h']);
  if (!f) return undefined;
  const missing = ['x', 'y', 'w', 'h'].filter((k) => !f.has(k));
  if (missing.length) {
    r.issue(node, `a panel's 'grid' needs ${missing.join(', ')} (x, y, w, h: 24 columns wide)`);
    return undefined;
  }
  const x = r.int(f.value('x'), 'grid x', 0, GRID_COLUMNS - 1);
  const w = r.int(f.value('w'), 'grid w', 1, GRID_COLUMNS);
  const y = r.int(f.value('y'), 'grid y', 0, MAX_Y);
  const h = r.int(f.value('h'), 'grid h', 1, MAX_H);
  if (x === undefined || w === undefined || y === undefined || h === undefined) return undefined;
  if (x + w > GRID_COLUMNS) {
    r.issue(
      f.value('w'),
      `grid x + w is ${x + w}: the grid is ${GRID_COLUMNS} columns wide (x + w ≤ ${GRID_COLUMNS})`,
    );
    return undefined;
  }
  return { x, y, w, h };
}

function readThresholds(r: Reader, node: unknown): Threshold[] | undefined {
  const items = r.list(node, "a panel's 'thresholds'");
  if (!items) return undefined;
  if (items.length === 0 || items.length > 16) {
    r.issue(node, "a panel's 'thresholds': 1 to 16 of them");
    return undefined;
  }
  const out: Threshold[] = [];
  for (const item of items) {
    const f = r.map(item, 'a threshold', ['value', 'color']);
    if (!f) return undefined;
    if (!f.has('value') || !f.has('color')) {
      r.issue(item, "a threshold needs 'value' (a number, or null for the first) and 'color'");
      return undefined;
    }
    const value = r.numberOrNull(f.value('value'), "a threshold's 'value'");
    const color = r.text(f.value('color'), "a threshold's 'color'");
    if (color !== undefined && !(COLORS as readonly string[]).includes(color)) {
      r.issue(f.value('color'), `a threshold's 'color' is one of ${COLORS.join(', ')}, not '${color}'`);
      return undefined;
    }
    if (value === undefined || color === undefined) return undefined;
    out.push({ value, color: color as Threshold['color'] });
  }
  return out;
}
