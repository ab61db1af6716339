// Where `dashboard FILE|NAME` (and `routersh dash FILE`) get their Dashboard from.
// TEMPORARY minimal reader, until dashboard-file.ts (the file reader and validator, written
// in parallel) is merged: the lead swaps `readDashboard` for it. It reads the agreed format's
// common keys only (title, time as `since`, refresh, variables, panels with grid), bounded,
// with one-line errors; the real reader adds line numbers and every check.
import { parse } from 'yaml';
import { readFailure, readFileBounded } from '../../config/read-bounded.js';
import { argumentError } from '../../errors.js';
import type { Dashboard, GridPos, Panel, Variable } from './model.js';

const MAX_BYTES = 1024 * 1024;
const KINDS = ['chart', 'stat', 'logs', 'histogram', 'monitor', 'show'] as const;
const VAR_KINDS = ['label', 'query', 'values', 'interval'] as const;

type Obj = Record<string, unknown>;
const isObj = (v: unknown): v is Obj => typeof v === 'object' && v !== null && !Array.isArray(v);
const str = (v: unknown) => (typeof v === 'string' ? v : typeof v === 'number' ? String(v) : undefined);
const strs = (v: unknown) =>
  Array.isArray(v) ? v.map(str).filter((s): s is string => s !== undefined) : undefined;

function seconds(text: string): number {
  const m = /^(\d+)(s|m|h)?$/.exec(text.trim());
  if (!m) throw argumentError(`refresh: ${text} is not a duration like 10s, 1m or off`);
  return Number(m[1]) * ({ s: 1, m: 60, h: 3600 } as Record<string, number>)[m[2] ?? 's']!;
}

function panelOf(p: unknown, i: number, flow: { x: number; y: number }): Panel {
  if (!isObj(p)) throw argumentError(`panel ${i + 1}: not a mapping`);
  const kinds = KINDS.filter((k) => k in p);
  if (kinds.length !== 1) throw argumentError(`panel ${i + 1}: give exactly one of ${KINDS.join(', ')}`);
  const kind = kinds[0]!;
  const text = str(p[kind]);
  if (text === undefined) throw argumentError(`panel ${i + 1}: ${kind} needs a text`);
  let grid: GridPos;
  if (isObj(p['grid'])) {
    const g = p['grid'];
    grid = {
      x: Number(g['x'] ?? 0),
      y: Number(g['y'] ?? 0),
      w: Number(g['w'] ?? 12),
      h: Number(g['h'] ?? 8),
    } as GridPos;
  } else {
    if (flow.x + 12 > 24) flow = Object.assign(flow, { x: 0, y: flow.y + 8 });
    grid = { x: flow.x, y: flow.y, w: 12, h: 8 };
    flow.x += 12;
  }
  const title = str(p['title']) ?? text;
  const base = { title, grid };
  switch (kind) {
    case 'chart':
      return { ...base, kind: 'chart', expr: text, ...(str(p['step']) ? { step: str(p['step'])! } : {}) };
    case 'stat':
      return {
        ...base,
        kind: 'stat',
        expr: text,
        ...(str(p['unit']) ? { unit: str(p['unit'])! } : {}),
        ...(Array.isArray(p['thresholds']) ? { thresholds: p['thresholds'] as never } : {}),
      };
    case 'logs':
    case 'histogram':
      return { ...base, kind, query: text };
    case 'monitor':
      return { ...base, kind: 'monitor', list: text };
    case 'show':
      // model.ts: PanelBase's `line?: number` (the file line) and the show panel's `line: string`
      // intersect to never; reported to the lead. Cast until the model names one of them anew.
      return { ...base, kind: 'show', line: text } as unknown as Panel;
  }
}

function variableOf(v: unknown, i: number): Variable {
  if (!isObj(v) || typeof v['name'] !== 'string') throw argumentError(`variable ${i + 1}: needs a name`);
  const kind = VAR_KINDS.find((k) => k in v);
  const base = {
    name: v['name'],
    ...(v['multi'] === true ? { multi: true } : {}),
    ...(v['includeAll'] === true ? { includeAll: true } : {}),
    ...(strs(v['default']) ? { default: strs(v['default'])! } : {}),
  };
  switch (kind) {
    case 'label':
      return {
        ...base,
        kind: 'label',
        label: str(v['label'])!,
        ...(str(v['match']) ? { match: str(v['match'])! } : {}),
      };
    case 'query':
      return { ...base, kind: 'query', expr: str(v['query'])! };
    case 'values':
      return { ...base, kind: 'list', values: strs(v['values']) ?? [] };
    case 'interval':
      return { ...base, kind: 'interval', values: strs(v['interval']) ?? [] };
    default:
      throw argumentError(`variable ${base.name}: give one of label, query, values, interval`);
  }
}

/** A dashboard from YAML/JSON text (`where` names it in errors). */
export function parseDashboard(text: string, where: string): Dashboard {
  let doc: unknown;
  try {
    doc = parse(text, { maxAliasCount: 100 });
  } catch (e) {
    throw argumentError(`${where}: ${e instanceof Error ? e.message.split('\n')[0] : String(e)}`);
  }
  if (!isObj(doc) || typeof doc['title'] !== 'string')
    throw argumentError(`${where}: a dashboard needs a title`);
  const panels = doc['panels'];
  if (!Array.isArray(panels) || panels.length === 0)
    throw argumentError(`${where}: a dashboard needs panels`);
  const flow = { x: 0, y: 0 };
  const refresh = str(doc['refresh']) ?? '10s';
  return {
    title: doc['title'],
    time: { since: str(doc['time']) ?? '1h' },
    refreshSeconds: refresh === 'off' ? 0 : seconds(refresh),
    variables: (Array.isArray(doc['variables']) ? doc['variables'] : []).map(variableOf),
    panels: panels.map((p, i) => panelOf(p, i, flow)),
  };
}

/** `dashboard FILE|NAME`: a built-in dashboard by name, else a file. */
export async function readDashboard(what: string): Promise<Dashboard> {
  let text: string;
  try {
    text = await readFileBounded(what, MAX_BYTES);
  } catch (e) {
    throw argumentError(`dashboard ${what}: ${readFailure(e)}`);
  }
  return parseDashboard(text, what);
}
