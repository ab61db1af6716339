// A dashboard model as its file says it (docs/dashboards.md): what `dash import` can write and
// what validate.ts reads back into the same model. Text only; the YAML is the library's.
import { stringify } from 'yaml';
import type { Dashboard, Panel, Variable } from './model.js';

type Obj = Record<string, unknown>;

function panelObject(p: Panel): Obj {
  const source =
    p.kind === 'chart' || p.kind === 'stat'
      ? p.expr
      : p.kind === 'monitor'
        ? p.list
        : p.kind === 'show'
          ? p.line
          : p.query;
  const o: Obj = { [p.kind]: source, title: p.title, grid: { ...p.grid } };
  if (p.kind === 'chart' && p.step !== undefined) o['step'] = p.step;
  if ((p.kind === 'chart' || p.kind === 'stat') && p.legend !== undefined) o['legend'] = p.legend;
  if ((p.kind === 'chart' || p.kind === 'stat') && p.unit !== undefined) o['unit'] = p.unit;
  if (p.kind === 'stat' && p.thresholds !== undefined) o['thresholds'] = p.thresholds.map((t) => ({ ...t }));
  return o;
}

function variableObject(v: Variable): Obj {
  const o: Obj = { name: v.name };
  if (v.kind === 'label') {
    o['label'] = v.label;
    if (v.match !== undefined) o['match'] = v.match;
  } else if (v.kind === 'query') {
    o['query'] = v.expr;
    if (v.regex !== undefined) o['regex'] = v.regex;
  } else if (v.kind === 'list') o['values'] = [...v.values];
  else o['interval'] = [...v.values];
  if (v.multi !== undefined) o['multi'] = v.multi;
  if (v.includeAll !== undefined) o['includeAll'] = v.includeAll;
  if (v.allValue !== undefined) o['allValue'] = v.allValue;
  if (v.default !== undefined) o['default'] = [...v.default];
  return o;
}

/** The file's keys for `d` (grid always written; `line` fields are not the file's). */
export function dashboardObject(d: Dashboard): Obj {
  return {
    title: d.title,
    time: 'since' in d.time ? d.time.since : { from: d.time.from, to: d.time.to },
    refresh: d.refreshSeconds === 0 ? 'off' : `${d.refreshSeconds}s`,
    ...(d.variables.length ? { variables: d.variables.map(variableObject) } : {}),
    panels: d.panels.map(panelObject),
  };
}

/** `d` as a YAML dashboard file. */
export const dashboardYaml = (d: Dashboard): string => stringify(dashboardObject(d), { lineWidth: 0 });
