// Grafana's templating (`templating.list`) as dashboard variables: label_values(…) with one or
// two arguments, query_result(…), custom, interval, constant and textbox (as lists). What has no
// routersh meaning (label_names(), metrics(…), ad hoc filters, VictoriaLogs field queries) is
// refused with a reason; a data source variable is used only to resolve panels' data sources.
import { isObject, type Json, objects, str, text } from './grafana-json.js';
import { cycleText, variableOrder } from './variable-load.js';
import { variableRegex } from './variable-values.js';
import { VARIABLE_NAME } from './validate-variables.js';
import type { Variable, VarBase } from '../../contract/dashboard.js';

export interface Refused {
  what: string;
  why: string;
}

/** The last top-level comma of `label_values(a{x="1,2"}, b)`'s arguments, quotes and brackets respected. */
export function splitArgs(text: string): string[] {
  const out: string[] = [];
  let depth = 0;
  let quote = '';
  let start = 0;
  for (let i = 0; i < text.length; i++) {
    const c = text[i];
    if (quote) {
      if (c === '\\') i++;
      else if (c === quote) quote = '';
    } else if (c === '"' || c === "'" || c === '`') quote = c;
    else if (c === '(' || c === '{' || c === '[') depth++;
    else if (c === ')' || c === '}' || c === ']') depth--;
    else if (c === ',' && depth === 0) {
      out.push(text.slice(start, i).trim());
      start = i + 1;
    }
  }
  out.push(text.slice(start).trim());
  return out;
}

/** The query text of a query variable (a string, or `{query: …}` in newer exports). */
function queryText(v: Json): string | undefined {
  if (typeof v.query === 'string') return v.query;
  if (isObject(v.query) && typeof v.query.query === 'string' && v.query.type === undefined)
    return v.query.query;
  return str(v.definition);
}

/** `a, b, c` (custom and interval): Grafana splits at commas not escaped as `\,`; `key : value` keeps value. */
export function customValues(query: string): string[] {
  const parts = query.match(/(?:\\,|[^,])+/g) ?? [];
  return parts
    .map((p) => p.replace(/\\,/g, ',').trim())
    .map(valueOfPair)
    .filter((p) => p !== '');
}

/** `key : value` → value (Grafana splits at the last ` : `); found by a scan, not a backtracking regex. */
function valueOfPair(p: string): string {
  for (let i = p.length - 2; i >= 2; i--) {
    if (p[i] === ':' && /\s/.test(p[i - 1] ?? '') && /\s/.test(p[i + 1] ?? ''))
      return p.slice(i + 2).trim() || p;
  }
  return p;
}

function currentValues(v: Json): string[] | undefined {
  const c = isObject(v.current) ? v.current.value : undefined;
  // An empty current value (nothing chosen yet when exported) is no default.
  const values = (Array.isArray(c) ? c : [c]).filter((x): x is string => typeof x === 'string' && x !== '');
  return values.length ? values : undefined;
}

function base(v: Json, name: string): VarBase {
  const b: VarBase = { name };
  if (v.multi === true) b.multi = true;
  if (v.includeAll === true) b.includeAll = true;
  if (typeof v.allValue === 'string' && v.allValue !== '') b.allValue = v.allValue;
  const current = currentValues(v);
  if (current) b.default = current;
  return b;
}

/** What label_values/query_result make; `undefined` plus a reason when refused. */
function compiles(regex: string): boolean {
  try {
    variableRegex(regex);
    return true;
  } catch {
    return false;
  }
}

function fromQuery(b: VarBase, v: Json, notes: string[]): Variable | string {
  if (isObject(v.query) && v.query.type !== undefined)
    return `a ${String(v.query.type)} query of a VictoriaLogs or other non-Prometheus data source: no such variable in routersh`;
  const q = queryText(v)?.trim();
  if (!q) return 'no query';
  const call = /^(\w+)\s*\(([\s\S]*)\)\s*$/.exec(q);
  if (!call) return `"${q}" is not label_values(…) or query_result(…)`;
  const [, fn, inner = ''] = call;
  // Kept only when it compiles (the validator's rule); else the values go unfiltered, said.
  const own = text(v.regex)?.trim();
  const regex = own && compiles(own) ? { regex: own } : {};
  if (own && !('regex' in regex))
    notes.push(`variable $${b.name}: its regex ${own} does not compile; not kept`);
  if (fn === 'label_values') {
    const args = splitArgs(inner).filter((a) => a !== '');
    const label = args.at(-1);
    if (!label || args.length > 2 || !/^[\w.]+$/.test(label)) return `label_values(${inner}): not a label`;
    const out: Variable = {
      ...b,
      kind: 'label',
      label,
      ...(args.length === 2 ? { match: args[0] } : {}),
      ...regex,
    };
    return out;
  }
  if (fn === 'query_result') {
    if (!inner.trim()) return 'query_result(): no query';
    return { ...b, kind: 'query', expr: inner.trim(), ...regex };
  }
  if (fn === 'label_names') return 'label_names(): label names are not values routersh chooses from';
  if (fn === 'metrics') {
    if (!inner.trim()) return 'metrics(): no regex';
    if (!compiles(inner.trim())) return `metrics(${inner}): the regex does not compile`;
    return { ...b, kind: 'metrics', match: inner.trim(), ...regex };
  }
  return `${fn}(…) is not label_values(…) or query_result(…)`;
}

export interface Templating {
  variables: Variable[];
  refused: Refused[];
  /** Notes on what was imported with a loss (a regex on label_values, an auto interval). */
  notes: string[];
  /** Data source variables: name → the plugin they choose among (`prometheus`, …). */
  datasources: Map<string, string>;
}

export function importTemplating(d: Json): Templating {
  const t: Templating = { variables: [], refused: [], notes: [], datasources: new Map() };
  const list = isObject(d.templating) ? objects(d.templating.list) : [];
  const seen = new Set<string>();
  for (const v of list) {
    const name = str(v.name);
    // The validator's rule (validate-variables.ts): `__…` are Grafana's own, each name once.
    if (!name || !VARIABLE_NAME.test(name) || name.startsWith('__')) {
      t.refused.push({ what: `variable ${JSON.stringify(v.name ?? '')}`, why: 'not a variable name' });
      continue;
    }
    if (seen.has(name)) {
      t.refused.push({ what: `variable $${name}`, why: 'defined twice (the first is kept)' });
      continue;
    }
    seen.add(name);
    const type = str(v.type) ?? 'query';
    const b = base(v, name);
    const refuse = (why: string) => t.refused.push({ what: `variable $${name}`, why });
    switch (type) {
      case 'datasource':
        t.datasources.set(name, str(v.query) ?? '');
        break;
      case 'query': {
        const out = fromQuery(b, v, t.notes);
        if (typeof out === 'string') refuse(out);
        else t.variables.push(out);
        break;
      }
      case 'custom':
        t.variables.push({ ...b, kind: 'list', values: customValues(str(v.query) ?? '') });
        break;
      case 'interval': {
        const values = customValues(str(v.query) ?? '');
        if (v.auto === true)
          t.notes.push(`variable $${name}: "auto" is not offered (its fixed intervals are)`);
        const def = b.default?.filter((x) => values.includes(x));
        t.variables.push({ ...b, kind: 'interval', values, ...(def?.length ? { default: def } : {}) });
        break;
      }
      case 'constant':
      case 'textbox': {
        const value = b.default?.[0] ?? str(v.query) ?? '';
        t.variables.push({ ...b, kind: 'list', values: [value], default: [value] });
        break;
      }
      default:
        refuse(`${/^[aeiou]/.test(type) ? 'an' : 'a'} ${type} variable: routersh has none`);
    }
  }
  // Variables that use each other cannot be fetched at open: refused, each named.
  for (let order = variableOrder(t.variables); 'cycle' in order; order = variableOrder(t.variables)) {
    const cycle = new Set(order.cycle);
    for (const n of cycle) t.refused.push({ what: `variable $${n}`, why: cycleText(order.cycle) });
    t.variables = t.variables.filter((v) => !cycle.has(v.name));
  }
  // A list of no values cannot be chosen from.
  t.variables = t.variables.filter((v) => {
    if ((v.kind === 'list' || v.kind === 'interval') && v.values.length === 0) {
      t.refused.push({ what: `variable $${v.name}`, why: 'no values' });
      return false;
    }
    return true;
  });
  return t;
}
