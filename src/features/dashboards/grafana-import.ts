// A Grafana dashboard export → routersh dashboards (model.ts), with every panel, target and
// variable that could not be imported listed with its reason: nothing is dropped silently.
// A dashboard file holds at most 64 panels: a larger import is cut into pages of ≤ 64 panels
// (the first page keeps the title, the others add "(2/3)"…), each a dashboard of its own.
import { DataSources } from './grafana-datasource.js';
import {
  type FlatPanel,
  flattenGrafana,
  isFlatRow,
  isObject,
  type Json,
  readGrafanaJson,
  str,
} from './grafana-json.js';
import { importPanel, type PanelTally, type Skipped } from './grafana-panels.js';
import { type Entry, pageRows, panelsAndRows } from './grafana-rows.js';
import { importTemplating, type Refused } from './grafana-variables.js';
import type { Dashboard, Panel, Row, TimeWindow } from '../../contract/dashboard.js';
import { usageError } from '../../errors.js';
import { readDuration, readTime } from '../../lang/time.js';
import { MAX_DASHBOARD_BYTES } from './dashboard-file.js';
import { dashboardYaml } from './dashboard-yaml.js';
import { parseDashboard } from './validate.js';

export const MAX_PANELS = 64;
/** What an import reads at most: far above any real dashboard, far below what makes it slow. */
export const MAX_GRAFANA_PANELS = 2_000;
export const MAX_GRAFANA_TARGETS = 5_000;
export const MAX_VARIABLES = 32;

export interface GrafanaImport {
  /** One or more pages (more only past 64 panels). Empty when nothing could be imported. */
  dashboards: Dashboard[];
  skipped: Skipped[];
  refused: Refused[];
  notes: string[];
  tally: PanelTally;
}

const UNIT_S: Record<string, number> = {
  s: 1,
  m: 60,
  h: 3600,
  d: 86_400,
  w: 604_800,
  M: 2_592_000,
  y: 31_536_000,
};

/** `now-6h` → since 6h (weeks, months and years in days); absolute times as written. */
function timeOf(d: Json, notes: string[]): TimeWindow {
  const t = isObject(d.time) ? d.time : {};
  const from = str(t.from) ?? 'now-6h';
  const to = str(t.to) ?? 'now';
  const rel = /^now-(\d+)([smhdwMy])$/.exec(from);
  // Only what the validator reads back (a window within the time grammar's bounds).
  if (rel && to === 'now') {
    const n = Number(rel[1]);
    const unit = rel[2] ?? 'h';
    const since = 'smhd'.includes(unit) ? `${n}${unit}` : `${(n * (UNIT_S[unit] ?? 3600)) / 86_400}d`;
    if (readDuration(since).ok) return { since };
  }
  if (/^\d{4}-\d\d-\d\d/.test(from) && /^\d{4}-\d\d-\d\d/.test(to)) {
    const a = readTime(from, Date.now());
    const b = readTime(to, Date.now());
    if (a.ok && b.ok && a.value < b.value) return { from, to };
  }
  notes.push(`time ${from} to ${to} is not a window routersh reads: since 6h instead`);
  return { since: '6h' };
}

function refreshOf(d: Json): number {
  const m = /^(\d+)([smhd])$/.exec(str(d.refresh) ?? '');
  return m ? Number(m[1]) * (UNIT_S[m[2] ?? 's'] ?? 1) : 0;
}

/**
 * Panels (and row headers) moved down by what the ones above them grew (several targets stacked
 * in one cell): a group moves by the growth of every group that ends at or above its top. Groups
 * come sorted by top; growths are taken in order of their bottom, so the sweep is O(n log n).
 */
function pushDown(groups: Array<{ top: number; bottom: number; entries: Entry[] }>): Entry[] {
  const grown = groups
    .map((g) => ({
      bottom: g.bottom,
      extra: g.entries.reduce((m, e) => Math.max(m, e.grid.y + e.grid.h), g.bottom) - g.bottom,
    }))
    .filter((x) => x.extra > 0)
    .sort((a, b) => a.bottom - b.bottom);
  const out: Entry[] = [];
  let next = 0;
  let shift = 0;
  for (const g of [...groups].sort((a, b) => a.top - b.top)) {
    for (; next < grown.length && (grown[next]?.bottom ?? Infinity) <= g.top; next++)
      shift += grown[next]?.extra ?? 0;
    for (const e of g.entries) out.push({ ...e, grid: { ...e.grid, y: e.grid.y + shift } });
  }
  return out;
}

/** Pages of ≤ 64 panels, each starting at the top of its grid, with the rows among them. */
function pages(panels: Panel[], rows: Row[]): Array<{ panels: Panel[]; rows: Row[] }> {
  const out: Array<{ panels: Panel[]; rows: Row[] }> = [];
  for (let i = 0; i < panels.length; i += MAX_PANELS) {
    const page = panels.slice(i, i + MAX_PANELS);
    const top = page.reduce((m, p) => Math.min(m, p.grid.y), Infinity);
    out.push({
      panels: page.map((p) => ({ ...p, grid: { ...p.grid, y: p.grid.y - top } })),
      rows: pageRows(rows, i, i + page.length, i + MAX_PANELS >= panels.length),
    });
  }
  return out;
}

/** The export's text → the import. Bad JSON or not a dashboard: a usage error naming `file`. */
export function importGrafana(text: string, file: string): GrafanaImport {
  const d = readGrafanaJson(text, file);
  const templating = importTemplating(d);
  const ds = new DataSources(d, templating.datasources);
  const tally: PanelTally = { promql: 0, promqlImported: 0, logsql: 0, logsqlImported: 0 };
  const skipped: Skipped[] = [];
  const notes = [...templating.notes];
  const refused = [...templating.refused];
  const items = flattenGrafana(d);
  const flat = items.filter((i): i is FlatPanel => !isFlatRow(i));
  // Real dashboards hold tens of panels (node-exporter-full: 141, 286 targets).
  const targets = flat.reduce(
    (n, fp) => n + (Array.isArray(fp.panel.targets) ? fp.panel.targets.length : 0),
    0,
  );
  if (flat.length > MAX_GRAFANA_PANELS || targets > MAX_GRAFANA_TARGETS)
    throw usageError(
      `${file}: ${flat.length} panels and ${targets} targets: more than the ${MAX_GRAFANA_PANELS} panels and ${MAX_GRAFANA_TARGETS} targets an import takes`,
    );
  const groups = items.map((fp) => {
    const top = fp.grid.y;
    const bottom = fp.grid.y + fp.grid.h;
    if (isFlatRow(fp)) {
      const { title, collapsed, depth } = fp.header;
      const header = { title, ...(collapsed ? { collapsed } : {}), ...(depth ? { depth } : {}) };
      return { top, bottom, entries: [{ grid: fp.grid, header }] };
    }
    const r = importPanel(fp, ds, tally);
    skipped.push(...r.skipped.map((s) => (fp.row ? { ...s, panel: `${fp.row} / ${s.panel}` } : s)));
    notes.push(...r.notes);
    return { top, bottom, entries: r.panels.map((panel) => ({ grid: panel.grid, panel })) };
  });
  // Each panel's grid is the one pushDown moved it to.
  const { panels, rows } = panelsAndRows(
    pushDown(groups).map((e) => ('panel' in e ? { ...e, panel: { ...e.panel, grid: e.grid } } : e)),
  );
  let variables = templating.variables;
  if (variables.length > MAX_VARIABLES) {
    for (const v of variables.slice(MAX_VARIABLES))
      refused.push({
        what: `variable $${v.name}`,
        why: `beyond the ${MAX_VARIABLES} variables a dashboard holds`,
      });
    variables = variables.slice(0, MAX_VARIABLES);
  }
  const title = str(d.title)?.trim() || 'Imported from Grafana';
  const time = timeOf(d, notes);
  const refreshSeconds = refreshOf(d);
  const split = pages(panels, rows);
  const dashboards = split.map((page, i) => ({
    title: split.length > 1 ? `${title} (${i + 1}/${split.length})` : title,
    time,
    refreshSeconds,
    variables,
    panels: page.panels,
    ...(page.rows.length ? { rows: page.rows } : {}),
  }));
  return { dashboards, skipped, refused, notes, tally };
}

/**
 * Each page's file (YAML), each read back by the validator first: an import never writes what
 * `dash --validate` refuses. A page it would refuse stops the import with one line (a mistake of
 * the import's, named so it can be reported), and nothing is written.
 */
export function importedYaml(r: GrafanaImport, file: string): string[] {
  return r.dashboards.map((d, i) => {
    const yaml = dashboardYaml(d);
    const page = r.dashboards.length > 1 ? ` (page ${i + 1})` : '';
    const bytes = Buffer.byteLength(yaml);
    if (bytes > MAX_DASHBOARD_BYTES)
      throw usageError(
        `${file}: the imported dashboard${page} would be ${bytes} bytes, more than a dashboard file holds`,
      );
    const back = parseDashboard(yaml);
    const first = 'issues' in back ? back.issues[0] : undefined;
    if (first)
      throw usageError(
        `${file}: the imported dashboard${page} would not pass --validate (its line ${first.line}: ${first.message}); nothing written`,
      );
    return yaml;
  });
}
