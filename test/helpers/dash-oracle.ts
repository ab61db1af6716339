// The real-data dashboard test's oracle: does VictoriaMetrics itself have data for a panel?
// Read from the dashboard file as docs/dashboards.md documents it (not through the product's
// reader or substitution), each variable's values asked of VM directly (label values for the
// variable's selector, earlier variables put in), chosen as Grafana does at load (the file's
// default when VM has it, else All when offered, else the first value), and the panel's
// expression, with them put in, sent to VM directly (before and after the screen is read). A
// panel whose expression gives VM no series may be empty on the screen; one that gives series
// both times must show them.
import { readFileSync } from 'node:fs';
import { parse } from 'yaml';
import type { RealMetrics } from './real-metrics.js';

export interface FileVar {
  name: string;
  label?: string;
  match?: string;
  query?: string;
  values?: string[];
  interval?: string[];
  multi?: boolean;
  includeAll?: boolean;
  allValue?: string;
  default?: string[];
}

export interface FilePanel {
  kind: string;
  /** The expression (chart, stat) or other source. */
  source: string;
  title: string | undefined;
  /** A fixed step (`step: 5m`, from a Grafana target's `interval`), in seconds. */
  stepSeconds: number | undefined;
}

export interface FileDashboard {
  title: string;
  variables: FileVar[];
  panels: FilePanel[];
  /** Row headers, if the file has any (their titles). */
  rows: string[];
}

const KINDS = ['chart', 'stat', 'logs', 'histogram', 'monitor', 'show'];
const UNIT: Record<string, number> = { s: 1, m: 60, h: 3600, d: 86_400 };
/** `5m`, `1h30m` in seconds. */
const seconds = (d: string) =>
  [...d.matchAll(/(\d+)([smhd])/g)].reduce((n, m) => n + Number(m[1]) * UNIT[m[2]!]!, 0) || undefined;

export function readFileDashboard(path: string): FileDashboard {
  const doc = parse(readFileSync(path, 'utf8')) as Record<string, unknown>;
  const entries = (doc.panels ?? []) as Array<Record<string, unknown>>;
  // `- row: Title` entries are row headers (collapsed or not), not panels.
  const rows = entries.filter((p) => 'row' in p).map((r) => String(r.row ?? ''));
  const panels = entries
    .filter((p) => !('row' in p))
    .map((p) => {
      const kind = KINDS.find((k) => k in p) ?? 'unknown';
      return {
        kind,
        source: String(p[kind] ?? ''),
        title: typeof p.title === 'string' ? p.title : undefined,
        stepSeconds:
          typeof p.step === 'string' ? seconds(p.step) : typeof p.step === 'number' ? p.step : undefined,
      };
    });
  return { title: String(doc.title), variables: (doc.variables ?? []) as FileVar[], panels, rows };
}

/** A variable's choice: its values, and whether All stands for them. */
export interface Choice {
  values: string[];
  all: boolean;
  /** What VM gave for it (label variables). */
  fetched?: string[];
}

const REF = /\$\{(\w+)(?::\w+)?\}|\[\[(\w+)(?::\w+)?\]\]|\$(\w+)/g;

/** The variables an expression names. */
export const namesIn = (text: string) => [...text.matchAll(REF)].map((m) => m[1] ?? m[2] ?? m[3]!);

const REGEX_SPECIAL = /[$^*{}[\]+?.()|]/g;
/** A value inside a PromQL string used as a regex: each special character escaped (`\\.`). */
const regexEscape = (v: string) => v.replace(/\\/g, '\\\\\\\\').replace(REGEX_SPECIAL, (c) => `\\\\${c}`);

export interface Window {
  /** Seconds. */
  rangeSeconds: number;
  stepSeconds: number;
}

/** `text` with the chosen values and Grafana's built-ins put in. */
export function substitute(text: string, vars: FileVar[], chosen: Map<string, Choice>, w: Window): string {
  const rate = Math.max(4 * 15, w.stepSeconds + 15);
  const builtins: Record<string, string> = {
    __rate_interval: `${rate}s`,
    __rate_interval_ms: String(rate * 1000),
    __interval: `${w.stepSeconds}s`,
    __interval_ms: String(w.stepSeconds * 1000),
    __range: `${w.rangeSeconds}s`,
    __range_s: String(w.rangeSeconds),
    __range_ms: String(w.rangeSeconds * 1000),
  };
  return text.replace(REF, (whole, a, b, c) => {
    const name = (a ?? b ?? c) as string;
    if (name in builtins) return builtins[name]!;
    const v = vars.find((x) => x.name === name);
    const ch = chosen.get(name);
    if (!v || !ch) return whole;
    if (ch.all && v.allValue !== undefined) return v.allValue;
    if (!v.multi && !v.includeAll) return (ch.values[0] ?? '').replace(/\\/g, '\\\\');
    const escaped = ch.values.map(regexEscape);
    return escaped.length === 1 ? escaped[0]! : `(${escaped.join('|')})`;
  });
}

/** Each variable's values from VM, chosen as Grafana does at load, in dependency order. */
export async function chooseVariables(
  d: FileDashboard,
  real: RealMetrics,
  w: Window,
): Promise<Map<string, Choice>> {
  const chosen = new Map<string, Choice>();
  const pending = [...d.variables];
  const now = Math.floor(Date.now() / 1000);
  while (pending.length) {
    const i = pending.findIndex((v) =>
      namesIn(v.match ?? v.query ?? '').every((n) => chosen.has(n) || !d.variables.some((x) => x.name === n)),
    );
    if (i < 0)
      throw new Error(`variables that depend on each other: ${pending.map((v) => v.name).join(', ')}`);
    const v = pending.splice(i, 1)[0]!;
    let listed: string[];
    let fetched: string[] | undefined;
    if (v.label !== undefined) {
      const params: Record<string, string> = { start: String(now - w.rangeSeconds), end: String(now) };
      if (v.match) params['match[]'] = substitute(v.match, d.variables, chosen, w);
      const r = await real.api(`/api/v1/label/${encodeURIComponent(v.label)}/values`, params);
      fetched = r.data as string[];
      listed = fetched;
    } else if (v.query !== undefined) {
      throw new Error(`the oracle has no query_result variables ($${v.name}); these dashboards have none`);
    } else listed = v.values ?? v.interval ?? [];
    const def = (v.default ?? []).filter((x) => listed.includes(x));
    const allDefault =
      v.default?.includes('$__all') === true || (v.default === undefined && v.includeAll === true);
    const c: Choice =
      def.length > 0
        ? { values: def, all: false }
        : allDefault && v.includeAll
          ? { values: listed, all: true }
          : { values: listed.slice(0, 1), all: false };
    chosen.set(v.name, fetched ? { ...c, fetched } : c);
  }
  return chosen;
}

export type Verdict = { has: 'data' } | { has: 'nothing' } | { has: 'error'; why: string };

/**
 * What VM answers for a panel's expression now (an instant query: a chart's right edge, a stat's
 * value). Not over the whole window: a series that held for a moment while the exporters started
 * (vmalert's first evaluations, before VM had any data) is in a window but may fall between a
 * chart's steps.
 */
export async function vmVerdict(expr: string, real: RealMetrics): Promise<Verdict> {
  try {
    const r = await real.api('/api/v1/query', { query: expr, time: String(Date.now() / 1000) });
    const result = (r.data as { result: unknown[] }).result;
    return Array.isArray(result) && result.length > 0 ? { has: 'data' } : { has: 'nothing' };
  } catch (e) {
    return { has: 'error', why: (e as Error).message };
  }
}

/** Two verdicts, before and after a screen was read: data only when both had it. */
export function bothVerdicts(a: Verdict, b: Verdict): Verdict {
  if (a.has === 'error') return a;
  if (b.has === 'error') return b;
  return a.has === 'data' && b.has === 'data' ? a : { has: 'nothing' };
}
