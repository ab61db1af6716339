// Variables in a dashboard's expressions, written as Grafana writes them ($name, ${name},
// [[name]], ${name:format}), so an imported expression is kept byte for byte and substituted
// only here, by the rules docs/dashboards.md states ("Grafana import"):
// - PromQL/MetricsQL: Grafana's Prometheus data source (interpolateQueryExpr): a variable that is
//   neither multi nor includeAll gets `\` and `'` escaped; a multi/includeAll one gets each value
//   regex-escaped for a PromQL string (`.` → `\\.`), one value alone, several as `(a|b)`.
// - LogsQL: a rule of ours, after VictoriaLogs' Grafana plugin (see logsValue).
// - All chosen: the variable's allValue as written (unformatted, as Grafana does), else every value.
// - $__interval, $__rate_interval, $__range… from the panel's step and the dashboard's window.
// An unknown `$name` is left exactly as written.
import type { Chosen, InterpContext, Variable } from '../../contract/dashboard.js';
import { formatAs } from './interpolate-formats.js';

// The types live in contract/ (the dashboard pane names them); re-exported for the feature's callers.
export type { Chosen, InterpContext } from '../../contract/dashboard.js';

export const DEFAULT_SCRAPE_SECONDS = 15;

/** Prometheus regex escape for a value inside a PromQL string (Grafana's prometheusSpecialRegexEscape). */
export const regexEscape = (v: string): string =>
  v.replace(/\\/g, '\\\\\\\\').replace(/[$^*{}[\]+?.()|]/g, (c) => `\\\\${c}`);

/** Grafana's prometheusRegularEscape: a single-valued variable's backslashes and single quotes. */
export const regularEscape = (v: string): string => v.replace(/\\/g, '\\\\').replace(/'/g, "\\\\'");

const UNITS: Array<[string, number]> = [
  ['d', 86_400],
  ['h', 3_600],
  ['m', 60],
  ['s', 1],
];

/** Seconds as the time grammar writes them, exactly: 90 → `1m30s`, 0.5 → `500ms`. */
export function durationText(seconds: number): string {
  if (!(seconds > 0) || !Number.isFinite(seconds)) return '0s';
  let ms = Math.round(seconds * 1000);
  let out = '';
  for (const [unit, size] of UNITS) {
    const n = Math.floor(ms / (size * 1000));
    if (n > 0) out += `${n}${unit}`;
    ms -= n * size * 1000;
  }
  if (ms > 0) out += `${ms}ms`;
  return out;
}

/** Grafana's rule: max($__interval + scrape interval, 4 × scrape interval), in seconds. */
export const rateIntervalSeconds = (stepSeconds: number, scrapeSeconds = DEFAULT_SCRAPE_SECONDS): number =>
  Math.max(stepSeconds + scrapeSeconds, 4 * scrapeSeconds);

/** The built-in variables: `null` when `name` is not one (it is then left as written). */
function builtin(name: string, ctx: InterpContext): string | null {
  const step = ctx.stepSeconds;
  const rate = rateIntervalSeconds(step, ctx.scrapeSeconds);
  switch (name) {
    case '__interval':
      return durationText(step);
    case '__interval_ms':
      return String(Math.round(step * 1000));
    case '__rate_interval':
      // As Grafana writes it: whole seconds (`75s`), milliseconds when the step has a fraction.
      return Number.isInteger(rate) ? `${rate}s` : `${Math.round(rate * 1000)}ms`;
    case '__rate_interval_ms':
      return String(Math.round(rate * 1000));
    case '__range':
      return `${Math.round(ctx.rangeSeconds)}s`;
    case '__range_s':
      return String(Math.round(ctx.rangeSeconds));
    case '__range_ms':
      return String(Math.round(ctx.rangeSeconds * 1000));
    default:
      return null;
  }
}

/** The default (data-source) formatting for PromQL/MetricsQL. */
function promValue(v: Variable, c: Chosen): string {
  if (!v.multi && !v.includeAll) return regularEscape(c.values[0] ?? '');
  const escaped = c.values.map(regexEscape);
  return escaped.length === 1 ? (escaped[0] ?? '') : `(${escaped.join('|')})`;
}

/**
 * The default formatting for LogsQL. A variable that is neither multi nor includeAll: its value
 * as chosen. Otherwise by what stands before it: inside `in(` the values quoted and comma-separated
 * (All: `*`); after a regex operator `~` or `~"` the regex alternation `(a|b)` escaped as for PromQL
 * (All: `.*`); after a field's `:` the filter `in("a","b")` (All: `*`); elsewhere `("a" OR "b")`
 * (All: `*`).
 */
function logsValue(v: Variable, c: Chosen, before: string): string {
  if (!v.multi && !v.includeAll) return c.values[0] ?? '';
  const tail = before.replace(/\s+/g, '');
  const quoted = () => c.values.map((x) => JSON.stringify(x));
  if (/in\($/.test(tail) || /in\([^)]*,$/.test(tail)) return c.all ? '*' : quoted().join(',');
  if (/~"?$/.test(tail)) {
    if (c.all) return '.*';
    const escaped = c.values.map(regexEscape);
    return escaped.length === 1 ? (escaped[0] ?? '') : `(${escaped.join('|')})`;
  }
  if (tail.endsWith(':')) return c.all ? '*' : `in(${quoted().join(',')})`;
  if (c.all) return '*';
  return c.values.length === 1 ? (quoted()[0] ?? '""') : `(${quoted().join(' OR ')})`;
}

/** Grafana's variable syntax: $name, [[name]] or [[name:fmt]], ${name} or ${name:fmt}. */
// Field paths and formats are bounded (64 characters): an unclosed `${a:` then scans at most that
// far, so a hostile expression of many of them costs linear time, not quadratic.
const REFERENCE = /\$(\w+)|\[\[(\w+?)(?::(\w+))?\]\]|\$\{(\w+)(?:\.([^:^}]{1,64}))?(?::([^}]{1,64}))?\}/g;

/** Substitutes every known variable; an unknown `$name` is left as written. */
export function interpolate(expr: string, ctx: InterpContext): string {
  const byName = new Map(ctx.variables.map((v) => [v.name, v]));
  return expr.replace(
    REFERENCE,
    (
      whole: string,
      a?: string,
      b?: string,
      bFmt?: string,
      c?: string,
      path?: string,
      cFmt?: string,
      ...rest
    ) => {
      const name = (a ?? b ?? c) as string;
      // `${name.field}`: Grafana's field paths (objects) are not ours.
      if (path !== undefined) return whole;
      const format = bFmt ?? cFmt;
      const v = byName.get(name);
      const chosen = ctx.chosen[name];
      if (!v || !chosen) {
        const b = builtin(name, ctx);
        return b === null ? whole : format ? formatAs(format, [b], false, name) : b;
      }
      // Grafana: a custom all value is used as written, whatever the format.
      if (chosen.all && v.allValue !== undefined) return v.allValue;
      if (format) return formatAs(format, chosen.values, chosen.all, name);
      if (ctx.language === 'text') return formatAs('glob', chosen.values, chosen.all, name);
      if (ctx.language === 'logsql') {
        const offset = rest[0] as number;
        return logsValue(v, chosen, expr.slice(Math.max(0, offset - 16), offset));
      }
      return promValue(v, chosen);
    },
  );
}
