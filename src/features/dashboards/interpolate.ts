// Variables in a dashboard's expressions, written as Grafana writes them ($name, ${name},
// [[name]]), so an imported expression is kept byte for byte and substituted only here, by the
// rules docs/dashboards.md states. A first cut: grafana-import's owner completes it (formats,
// $__rate_interval, $__range, $__all, LogsQL quoting).
import type { Variable } from './model.js';

/** What is chosen for one variable. `all`: "All" is chosen (values then holds every value). */
export interface Chosen {
  values: string[];
  all: boolean;
}

export interface InterpContext {
  variables: Variable[];
  chosen: Record<string, Chosen>;
  /** The step of the panel's query and the dashboard's window, in seconds. */
  stepSeconds: number;
  rangeSeconds: number;
}

const REGEX_SPECIAL = /[$^*{}[\]'+?.()|\\]/g;

/** A Prometheus regex-escaped value, as Grafana escapes a multi-value or All variable. */
export const regexEscape = (v: string): string => v.replace(REGEX_SPECIAL, (c) => `\\${c}`);

function valueOf(v: Variable | undefined, c: Chosen | undefined): string | undefined {
  if (!v || !c) return undefined;
  if (c.all && v.allValue !== undefined) return v.allValue;
  if (!v.multi && !v.includeAll) return c.values[0] ?? '';
  const escaped = c.values.map(regexEscape);
  return escaped.length === 1 ? (escaped[0] ?? '') : `(${escaped.join('|')})`;
}

/** Substitutes every known variable; an unknown `$name` is left as written. */
export function interpolate(expr: string, ctx: InterpContext): string {
  const byName = new Map(ctx.variables.map((v) => [v.name, v]));
  return expr.replace(/\$\{(\w+)\}|\[\[(\w+)\]\]|\$(\w+)/g, (whole, a, b, c) => {
    const name = (a ?? b ?? c) as string;
    return valueOf(byName.get(name), ctx.chosen[name]) ?? whole;
  });
}
