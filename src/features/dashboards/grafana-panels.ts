// One Grafana panel → routersh panels, or the reason it cannot be. Expressions are kept exactly
// as written (variables and all: interpolate.ts substitutes them when the panel runs). A panel
// holds one expression in routersh, so a panel of several targets becomes several panels that
// share its cell (split across it, or stacked under it when it is too narrow).
import type { DataSources, Lang } from './grafana-datasource.js';
import { isObject, type FlatPanel, type Json, num, objects, str, text } from './grafana-json.js';
import type { GridPos, Panel, Threshold } from '../../contract/dashboard.js';

export interface Skipped {
  panel: string;
  why: string;
  /** A target left out of a panel whose other targets were imported. */
  partial?: true;
}

export interface PanelTally {
  /** PromQL/MetricsQL targets seen, and those that became panels. */
  promql: number;
  promqlImported: number;
  logsql: number;
  logsqlImported: number;
}

export interface PanelResult {
  panels: Panel[];
  skipped: Skipped[];
  notes: string[];
}

const CHART = new Set(['timeseries', 'graph', 'barchart', 'state-timeline', 'status-history', 'trend']);
const STAT = new Set(['stat', 'gauge', 'singlestat', 'bargauge', 'piechart', 'grafana-piechart-panel']);
const WHY: Record<string, string> = {
  text: 'a text panel: no query',
  news: 'a news panel: no query',
  dashlist: 'a dashboard list: no query',
  alertlist: 'an alert list: no query',
  annolist: 'an annotation list: no query',
  heatmap: 'a heatmap (histogram buckets over time): routersh has no heatmap panel',
  histogram: 'a histogram of values: routersh has no such panel',
  nodeGraph: 'a node graph: routersh has no such panel',
  traces: 'traces: routersh has no such panel',
  geomap: 'a map: routersh has no such panel',
};

const COLORS: Array<[RegExp, Threshold['color']]> = [
  [/red/i, 'red'],
  [/orange|yellow/i, 'yellow'],
  [/green/i, 'green'],
  [/blue|purple/i, 'blue'],
];

/** A Grafana colour (`dark-red`, `#F2495C`, `rgba(…)`) as one of the model's. */
export function colorOf(c: string): Threshold['color'] {
  for (const [re, name] of COLORS) if (re.test(c)) return name;
  const hex = /^#([0-9a-f]{6})$/i.exec(c)?.[1];
  const rgb = hex
    ? [0, 2, 4].map((i) => Number.parseInt(hex.slice(i, i + 2), 16))
    : /rgba?\((\d+),\s*(\d+),\s*(\d+)/i.exec(c)?.slice(1, 4).map(Number);
  if (!rgb) return 'default';
  const [r = 0, g = 0, b = 0] = rgb;
  if (r > 180 && g < 120) return 'red';
  if (r > 180 && g >= 120 && b < 120) return 'yellow';
  if (g > r && g > b) return 'green';
  if (b > r) return 'blue';
  return 'default';
}

function thresholdsOf(p: Json, notes: string[], title: string): Threshold[] | undefined {
  const defaults = isObject(p.fieldConfig) && isObject(p.fieldConfig.defaults) ? p.fieldConfig.defaults : {};
  const t = isObject(defaults.thresholds) ? defaults.thresholds : undefined;
  if (t) {
    if (t.mode === 'percentage') {
      notes.push(`panel "${title}": percentage thresholds are not kept`);
      return undefined;
    }
    const steps = objects(t.steps).map((s) => ({
      value: num(s.value) ?? null,
      color: colorOf(str(s.color) ?? ''),
    }));
    return steps.length ? steps : undefined;
  }
  // singlestat: "80,90" and three colours.
  const legacy = str(p.thresholds);
  if (legacy && Array.isArray(p.colors)) {
    const colors = p.colors.map((c) => colorOf(String(c)));
    const values = legacy.split(',').map((v) => Number.parseFloat(v));
    if (values.some((v) => !Number.isFinite(v))) return undefined;
    return [null, ...values].map((value, i) => ({ value, color: colors[i] ?? 'default' }));
  }
  return undefined;
}

function unitOf(p: Json): string | undefined {
  const defaults = isObject(p.fieldConfig) && isObject(p.fieldConfig.defaults) ? p.fieldConfig.defaults : {};
  const yaxis = Array.isArray(p.yaxes) && isObject(p.yaxes[0]) ? p.yaxes[0] : {};
  const u = text(defaults.unit) ?? text(yaxis.format) ?? text(p.format);
  return u && u !== 'short' && u !== 'none' ? u : undefined;
}

/**
 * `n` cells in `g`: side by side when each gets `min` columns (a chart 6: a quarter of the
 * screen, room for its axis and a plot), else a grid of rows under it.
 */
export function splitCell(g: GridPos, n: number, min = 3): GridPos[] {
  if (n <= 1) return [g];
  const cols = Math.max(1, Math.min(n, Math.floor(g.w / min)));
  const rows = Math.ceil(n / cols);
  const h = Math.max(Math.floor(g.h / rows), Math.min(g.h, 4));
  return Array.from({ length: n }, (_, i) => {
    const c = i % cols;
    const x0 = g.x + Math.floor((c * g.w) / cols);
    const x1 = g.x + Math.floor(((c + 1) * g.w) / cols);
    return { x: x0, y: g.y + Math.floor(i / cols) * h, w: x1 - x0, h };
  });
}

const STEP = /^\d+(ms|s|m|h|d)$/;

export function importPanel(fp: FlatPanel, ds: DataSources, tally: PanelTally): PanelResult {
  const p = fp.panel;
  const type = str(p.type) ?? '';
  // No title: none written (the screen then shows the expression); messages still name the panel.
  const own = str(p.title)?.trim() ?? '';
  const title = own || `(untitled ${type || 'panel'})`;
  const out: PanelResult = { panels: [], skipped: [], notes: [] };
  const skip = (why: string) => out.skipped.push({ panel: title, why });
  const panelLang: Lang = ds.resolve(p.datasource) ?? { kind: 'promql' };
  const targets = objects(p.targets).map((t) => {
    const own = ds.resolve(t.datasource);
    const lang: Lang =
      own && own.kind !== 'mixed' ? own : panelLang.kind === 'mixed' ? { kind: 'promql' } : panelLang;
    return { t, lang, expr: str(t.expr) ?? '' };
  });
  for (const { lang, expr } of targets) {
    if (lang.kind === 'promql' && expr.trim()) tally.promql++;
    if (lang.kind === 'logsql' && expr.trim()) tally.logsql++;
  }
  // A copy Grafana made of a repeated panel (saved by older versions): the original is imported.
  if (p.repeatPanelId !== undefined || p.repeatedByRow === true) {
    skip('a copy of a repeated panel (the repeated panel itself is imported)');
    return out;
  }
  if (isObject(p.libraryPanel) && targets.length === 0) {
    skip('a library panel: its query is not in the export');
    return out;
  }
  const kind =
    type === 'logs'
      ? 'logs'
      : CHART.has(type)
        ? 'chart'
        : STAT.has(type)
          ? 'stat'
          : type === 'table'
            ? 'table'
            : undefined;
  if (!kind) {
    skip(WHY[type] ?? `a ${type || 'typeless'} panel: routersh has no such panel`);
    return out;
  }
  const usable: typeof targets = [];
  for (const [i, x] of targets.entries()) {
    const ref = str(x.t.refId) ?? `#${i + 1}`;
    if (x.t.hide === true) skip(`target ${ref} is hidden in Grafana`);
    else if (!x.expr.trim()) skip(`target ${ref} has no expression`);
    else if (x.lang.kind === 'other') skip(`target ${ref} queries ${x.lang.what}`);
    else if (kind === 'logs' && x.lang.kind !== 'logsql')
      skip(`target ${ref}: a logs panel of a PromQL data source`);
    else if (kind !== 'logs' && x.lang.kind === 'logsql')
      skip(
        `target ${ref}: a LogsQL stats query in a ${type} panel: routersh charts logs only as a hits histogram`,
      );
    else usable.push(x);
  }
  if (targets.length === 0) skip('no query (no targets)');
  if (usable.length === 0) return out;
  for (const sk of out.skipped) sk.partial = true;
  const cells = splitCell(fp.grid, usable.length, kind === 'stat' ? 3 : 6);
  const unit = unitOf(p);
  // The panel's Min interval (query options): the least step, and the scrape interval.
  const minInterval = text(p.interval);
  const interval = minInterval && STEP.test(minInterval) ? { interval: minInterval } : {};
  const thresholds = kind === 'chart' || kind === 'logs' ? undefined : thresholdsOf(p, out.notes, title);
  usable.forEach((x, i) => {
    const grid = cells[i] ?? fp.grid;
    const legendFormat = text(x.t.legendFormat);
    const legend = legendFormat && legendFormat !== '__auto' ? legendFormat : undefined;
    const ref = legend && !legend.includes('{{') ? legend : (str(x.t.refId) ?? `#${i + 1}`);
    const name = usable.length > 1 ? (own ? `${own} · ${ref}` : ref) : own;
    if (kind === 'logs') {
      out.panels.push({ kind: 'logs', title: name, grid, query: x.expr });
      tally.logsqlImported++;
      return;
    }
    tally.promqlImported++;
    const instant = x.t.instant === true || x.t.format === 'table';
    const step = text(x.t.interval);
    if (kind === 'chart' || (kind === 'table' && !instant))
      out.panels.push({
        kind: 'chart',
        title: name,
        grid,
        expr: x.expr,
        ...(step && STEP.test(step) ? { step } : {}),
        ...interval,
        ...(legend ? { legend } : {}),
        ...(unit ? { unit } : {}),
      });
    else
      out.panels.push({
        kind: 'stat',
        title: name,
        grid,
        expr: x.expr,
        ...interval,
        ...(unit ? { unit } : {}),
        ...(thresholds ? { thresholds } : {}),
        ...(legend ? { legend } : {}),
      });
  });
  return out;
}
