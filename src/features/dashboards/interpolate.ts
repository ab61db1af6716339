// Variables in a dashboard's expressions, written as Grafana writes them ($name, ${name},
// [[name]], ${name:format}), so an imported expression is kept byte for byte and substituted
// only here, by the rules docs/dashboards.md states ("Variables"):
// - Each value is escaped for where it lands (stringContext): inside a "…" or '…' string its
//   backslashes, quotes and line breaks are escaped, so a value never ends the string; inside a
//   `…` raw string (which has no escapes) its backticks are dropped; bare, it is as chosen.
// - PromQL/MetricsQL, a multi or includeAll variable (Grafana's Prometheus data source): each
//   value regex-escaped (`.` → `\.` in a string), one value alone, several as `(a|b)`.
// - LogsQL: a rule of ours, after VictoriaLogs' Grafana plugin (see logsValue).
// - All chosen: the variable's allValue as written (unformatted, as Grafana does), else `.*` when
//   the values were too many to send (Chosen.wildcard), else every value.
// - `${name:format}`: Grafana's formats (interpolate-formats.ts), then escaped for the string.
// - $__interval, $__rate_interval from the step sent (withStep); $__range… from the window.
// An unknown `$name` is left exactly as written.
import type { Chosen, InterpContext, Variable } from '../../contract/dashboard.js';
import { formatAs } from './interpolate-formats.js';

// The types live in contract/ (the dashboard pane names them); re-exported for the feature's callers.
export type { Chosen, InterpContext } from '../../contract/dashboard.js';

export const DEFAULT_SCRAPE_SECONDS = 15;

/** A regex metacharacter escaped (RE2 syntax): the value then matches itself only. */
export const regexQuote = (v: string): string => v.replace(/[\\$^*{}[\]+?.()|]/g, (c) => `\\${c}`);

/**
 * Prometheus regex escape for a value inside a PromQL "…" string (Grafana's
 * prometheusSpecialRegexEscape, quotes too): `.` → `\\.`, `\` → `\\\\`.
 */
export const regexEscape = (v: string): string => stringEscape(regexQuote(v), '"');

/** Where a reference stands: inside a string opened by that quote, or bare. */
export type StringContext = '"' | "'" | '`' | null;

const CONTROL: Record<string, string> = { '\n': '\\n', '\r': '\\r', '\t': '\\t' };

/** `v` as the content of a string opened by `quote` (PromQL's and LogsQL's Go-style strings). */
export function stringEscape(v: string, quote: StringContext): string {
  if (quote === null) return v;
  // A raw string has no escapes: a backtick in it would end it, so none is put in.
  if (quote === '`') return v.replace(/`/g, '');
  const special = quote === '"' ? /[\\"\n\r\t]/g : /[\\'\n\r\t]/g;
  return v.replace(special, (c) => CONTROL[c] ?? `\\${c}`);
}

/**
 * The string each offset of `text` stands in, offsets asked in increasing order (the
 * replacement's callbacks): one scan of the text in all. `#` starts a comment in PromQL.
 */
function stringScanner(text: string, comments: boolean): (offset: number) => StringContext | '#' {
  let at = 0;
  let quote: StringContext | '#' = null;
  return (offset) => {
    for (; at < offset; at++) {
      const c = text[at];
      if (quote === '#') {
        if (c === '\n') quote = null;
      } else if (quote !== null) {
        if (c === '\\' && quote !== '`') at++;
        else if (c === quote) quote = null;
      } else if (c === '"' || c === "'" || c === '`') quote = c;
      else if (c === '#' && comments) quote = '#';
    }
    return quote;
  };
}

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

const STEP_BUILTINS = new Set(['__interval', '__interval_ms', '__rate_interval', '__rate_interval_ms']);

/** The built-in variables: `null` when `name` is not one, or needs a step not given (left as written). */
function builtin(name: string, ctx: InterpContext): string | null {
  const step = ctx.stepSeconds;
  if (STEP_BUILTINS.has(name)) {
    if (step === undefined) return null;
    const rate = rateIntervalSeconds(step, ctx.scrapeSeconds);
    if (name === '__interval') return durationText(step);
    if (name === '__interval_ms') return String(Math.round(step * 1000));
    // As Grafana writes it: whole seconds (`75s`), milliseconds when the step has a fraction.
    if (name === '__rate_interval')
      return Number.isInteger(rate) ? `${rate}s` : `${Math.round(rate * 1000)}ms`;
    return String(Math.round(rate * 1000));
  }
  if (!Number.isFinite(ctx.rangeSeconds)) return null;
  switch (name) {
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

/**
 * `$__interval`, `$__interval_ms`, `$__rate_interval` and `$__rate_interval_ms` of a text whose
 * variables are already in (interpolate without a step): put in by the source once it has chosen
 * the step it sends, so the expression and the step agree (Grafana's rule).
 */
export const withStep = (text: string, stepSeconds: number, scrapeSeconds?: number): string =>
  text.includes('$') || text.includes('[[')
    ? interpolate(text, {
        variables: [],
        chosen: {},
        stepSeconds,
        // Not a window: the $__range… were put in with the variables, and stay as they are.
        rangeSeconds: Number.NaN,
        ...(scrapeSeconds !== undefined ? { scrapeSeconds } : {}),
      })
    : text;

/** Values as a regex alternation: each quoted, one alone, several as `(a|b)`. */
const alternation = (values: readonly string[]): string => {
  const quoted = values.map(regexQuote);
  return quoted.length === 1 ? (quoted[0] ?? '') : `(${quoted.join('|')})`;
};

/** The default (data-source) formatting for PromQL/MetricsQL, as the content of its place. */
function promValue(v: Variable, c: Chosen): string {
  if (c.all && c.wildcard !== undefined) return '.*';
  if (!v.multi && !v.includeAll) return c.values[0] ?? '';
  return alternation(c.values);
}

/**
 * The default formatting for LogsQL. A variable that is neither multi nor includeAll: its value
 * as chosen. Otherwise by what stands before it: inside `in(` the values quoted and comma-separated
 * (All: `*`); after a regex operator `~` or `~"` the regex alternation `(a|b)` escaped as for PromQL
 * (All: `.*`); after a field's `:` the filter `in("a","b")` (All: `*`); elsewhere `("a" OR "b")`
 * (All: `*`).
 */
function logsValue(v: Variable, c: Chosen, before: string, quote: StringContext): string {
  if (!v.multi && !v.includeAll) return stringEscape(c.values[0] ?? '', quote);
  const tail = before.replace(/\s+/g, '');
  const quoted = () => c.values.map((x) => JSON.stringify(x));
  if (/in\($/.test(tail) || /in\([^)]*,$/.test(tail)) return c.all ? '*' : quoted().join(',');
  if (/~"?$/.test(tail)) {
    return c.all ? '.*' : stringEscape(alternation(c.values), quote);
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
  const text = ctx.language === 'text';
  const contextAt = stringScanner(expr, ctx.language !== 'logsql');
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
      const offset = rest[0] as number;
      const at = text ? null : contextAt(offset);
      const quote: StringContext = at === '#' ? null : at;
      const format = bFmt ?? cFmt;
      const v = byName.get(name);
      const chosen = ctx.chosen[name];
      if (!v || !chosen) {
        const b = builtin(name, ctx);
        return b === null ? whole : format ? formatAs(format, [b], false, name) : b;
      }
      // Grafana: a custom all value is used as written, whatever the format.
      if (chosen.all && v.allValue !== undefined) return v.allValue;
      if (format) return stringEscape(formatAs(format, chosen.values, chosen.all, name), quote);
      if (text) return formatAs('glob', chosen.values, chosen.all, name);
      if (ctx.language === 'logsql')
        return logsValue(v, chosen, expr.slice(Math.max(0, offset - 16), offset), quote);
      return stringEscape(promValue(v, chosen), quote);
    },
  );
}
