// A dashboard (model.ts) written in the dashboard file format (docs/dashboards.md): the keys in
// the order a person reads them, expressions as YAML strings that read back byte for byte.
import { Document, isMap, isScalar, isSeq, visit } from 'yaml';
import { durationText } from './interpolate.js';
import type { Dashboard, Panel, Row, Variable } from '../../contract/dashboard.js';

function variable(v: Variable): Record<string, unknown> {
  const regex = 'regex' in v && v.regex !== undefined ? { regex: v.regex } : {};
  const source =
    v.kind === 'label'
      ? { label: v.label, ...(v.match !== undefined ? { match: v.match } : {}), ...regex }
      : v.kind === 'query'
        ? { query: v.expr, ...regex }
        : v.kind === 'metrics'
          ? { metrics: v.match, ...regex }
          : v.kind === 'list'
            ? { values: v.values }
            : { interval: v.values };
  return {
    name: v.name,
    ...source,
    ...(v.multi !== undefined ? { multi: v.multi } : {}),
    ...(v.includeAll !== undefined ? { includeAll: v.includeAll } : {}),
    ...(v.allValue !== undefined ? { allValue: v.allValue } : {}),
    ...(v.default !== undefined ? { default: v.default } : {}),
  };
}

function panel(p: Panel): Record<string, unknown> {
  const head =
    p.kind === 'chart' || p.kind === 'stat'
      ? { [p.kind]: p.expr }
      : p.kind === 'logs' || p.kind === 'histogram'
        ? { [p.kind]: p.query }
        : p.kind === 'monitor'
          ? { monitor: p.list }
          : { show: p.line };
  const rest: Record<string, unknown> = {};
  if (p.kind === 'chart') {
    if (p.step !== undefined) rest.step = p.step;
    if (p.interval !== undefined) rest.interval = p.interval;
    if (p.legend !== undefined) rest.legend = p.legend;
    if (p.unit !== undefined) rest.unit = p.unit;
  }
  if (p.kind === 'stat') {
    if (p.interval !== undefined) rest.interval = p.interval;
    if (p.unit !== undefined) rest.unit = p.unit;
    if (p.thresholds !== undefined) rest.thresholds = p.thresholds;
    if (p.legend !== undefined) rest.legend = p.legend;
  }
  return { ...head, ...(p.title ? { title: p.title } : {}), grid: p.grid, ...rest };
}

const row = (r: Row): Record<string, unknown> => ({
  row: r.title,
  ...(r.collapsed ? { collapsed: true } : {}),
  ...(r.depth ? { depth: r.depth } : {}),
});

/** The panels with each row before its first panel (validate-rows.ts reads them back). */
function panelsAndRows(d: Dashboard): Array<Record<string, unknown>> {
  const rows = d.rows ?? [];
  const out: Array<Record<string, unknown>> = [];
  let j = 0;
  d.panels.forEach((p, i) => {
    for (; j < rows.length && rows[j]!.before <= i; j++) out.push(row(rows[j]!));
    out.push(panel(p));
  });
  for (; j < rows.length; j++) out.push(row(rows[j]!));
  return out;
}

const FLOW = new Set(['grid', 'values', 'interval', 'default', 'thresholds']);

/** The file's keys for `d` (validate.ts reads them back into the same model). */
export function dashboardObject(d: Dashboard): Record<string, unknown> {
  return {
    title: d.title,
    time: 'since' in d.time ? d.time.since : { from: d.time.from, to: d.time.to },
    refresh: d.refreshSeconds > 0 ? durationText(d.refreshSeconds) : 'off',
    ...(d.scrape !== undefined ? { scrape: d.scrape } : {}),
    ...(d.variables.length ? { variables: d.variables.map(variable) } : {}),
    panels: panelsAndRows(d),
  };
}

/** The YAML text of one dashboard (what `dash import` writes). */
export function dashboardYaml(d: Dashboard): string {
  const yaml = new Document(dashboardObject(d), { aliasDuplicateObjects: false });
  // Short maps and lists on one line: `grid: { x: 0, y: 0, w: 12, h: 8 }`, `values: [a, b]`.
  visit(yaml, {
    Pair(_, pair) {
      const key = isScalar(pair.key) ? pair.key.value : undefined;
      if (typeof key !== 'string' || !FLOW.has(key)) return;
      if (isMap(pair.value) || isSeq(pair.value)) pair.value.flow = true;
    },
  });
  // lineWidth 0: long expressions stay on one line (never folded).
  return yaml.toString({ lineWidth: 0 });
}
