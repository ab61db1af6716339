// A dashboard file's `variables:`: each a map whose kind is the key holding its source
// (label, values, interval, query). Names are Grafana's (`\w+`), never `__…` (Grafana's own
// $__interval, $__range…), once each, with no control characters (they are typed after `--var`).
import { readDuration } from '../../lang/time.js';
import type { Variable, VarBase } from '../../contract/dashboard.js';
import type { Reader } from './validate-node.js';
import { variableRegex } from './variable-values.js';

export const MAX_VARIABLES = 32;
/** Values of a `values:` or `interval:` list, or `default:`. */
export const MAX_VALUES = 1000;

const KINDS = ['label', 'values', 'interval', 'query', 'metrics'] as const;
const COMMON = ['name', 'multi', 'includeAll', 'allValue', 'default'] as const;
const OWN: Record<(typeof KINDS)[number], readonly string[]> = {
  label: ['match', 'regex'],
  values: [],
  interval: [],
  query: ['regex'],
  metrics: ['regex'],
};
const KEYS = [...COMMON, ...KINDS, 'match', 'regex'];

/** A variable's name as `$name`, `${name}` and `[[name]]` write it. */
export const VARIABLE_NAME = /^[A-Za-z_][A-Za-z0-9_]*$/;

export function readVariables(r: Reader, node: unknown): Variable[] {
  const items = r.list(node, "'variables'");
  if (!items) return [];
  if (items.length > MAX_VARIABLES)
    r.issue(node, `too many variables: ${items.length} (at most ${MAX_VARIABLES})`);
  const out: Variable[] = [];
  const seen = new Map<string, number>();
  const named = (name: string, line: number) => {
    const first = seen.get(name);
    if (first !== undefined) r.issue(line, `variable '${name}' is defined twice (first on line ${first})`);
    else seen.set(name, line);
  };
  for (const item of items) {
    const v = readVariable(r, item, named);
    if (v) out.push(v);
  }
  return out;
}

function readVariable(
  r: Reader,
  item: unknown,
  named: (name: string, line: number) => void,
): Variable | undefined {
  const line = r.lineOf(r.deref(item) ?? item);
  const f = r.map(item, 'a variable', KEYS);
  if (!f) return undefined;
  const name = f.has('name') ? readName(r, f.value('name')) : undefined;
  if (!f.has('name')) r.issue(line, `a variable needs a 'name'`);
  if (name !== undefined) named(name, line);
  const what = `variable '${name ?? '?'}'`;
  const kinds = f
    .names()
    .filter((k): k is (typeof KINDS)[number] => (KINDS as readonly string[]).includes(k));
  if (kinds.length === 0) {
    r.issue(line, `${what} needs one of ${KINDS.join(', ')} (where its values come from)`);
    return undefined;
  }
  if (kinds.length > 1) {
    r.issue(f.key(kinds[1]!), `${what} has two sources: '${kinds[0]}' and '${kinds[1]}' (one a variable)`);
    return undefined;
  }
  const kind = kinds[0]!;
  for (const k of ['match', 'regex'] as const)
    if (f.has(k) && !OWN[kind].includes(k))
      r.issue(
        f.key(k),
        `${what}: '${k}' is for ${k === 'match' ? 'label' : 'label, query and metrics'} variables`,
      );
  const base: VarBase = { name: name ?? '', line };
  let ok = name !== undefined;
  if (f.has('multi')) {
    const b = r.bool(f.value('multi'), `${what}: 'multi'`);
    if (b === undefined) ok = false;
    else base.multi = b;
  }
  if (f.has('includeAll')) {
    const b = r.bool(f.value('includeAll'), `${what}: 'includeAll'`);
    if (b === undefined) ok = false;
    else base.includeAll = b;
  }
  if (f.has('allValue')) {
    const t = r.text(f.value('allValue'), `${what}: 'allValue'`, { empty: true });
    if (t === undefined) ok = false;
    else base.allValue = t;
  }
  if (f.has('default')) {
    const d = r.words(f.value('default'), `${what}: 'default'`, MAX_VALUES);
    if (d === undefined) ok = false;
    else base.default = d;
  }
  const source = f.value(kind);
  switch (kind) {
    case 'label': {
      const label = r.text(source, `${what}: 'label'`);
      const match = f.has('match') ? r.text(f.value('match'), `${what}: 'match'`) : undefined;
      const regex = readRegex(r, f, what);
      if (label === undefined || (f.has('match') && match === undefined) || regex === false || !ok)
        return undefined;
      return { ...base, kind: 'label', label, ...(match !== undefined ? { match } : {}), ...regex };
    }
    case 'query':
    case 'metrics': {
      const expr = r.text(source, `${what}: '${kind}'`);
      const regex = readRegex(r, f, what);
      if (expr === undefined || regex === false || !ok) return undefined;
      return kind === 'query'
        ? { ...base, kind: 'query', expr, ...regex }
        : { ...base, kind: 'metrics', match: expr, ...regex };
    }
    case 'values': {
      const values = r.words(source, `${what}: 'values'`, MAX_VALUES, { list: true });
      return values && ok ? { ...base, kind: 'list', values } : undefined;
    }
    case 'interval': {
      const values = r.words(source, `${what}: 'interval'`, MAX_VALUES, { list: true });
      if (!values) return undefined;
      for (const v of values) {
        const d = readDuration(v);
        if (!d.ok) {
          r.issue(source, `${what}: '${v}' is not a duration: ${d.why}`);
          return undefined;
        }
      }
      return ok ? { ...base, kind: 'interval', values } : undefined;
    }
  }
}

/** `regex:` as `{ regex }`, `{}` when absent, false when wrong (said). */
function readRegex(
  r: Reader,
  f: { has(k: string): boolean; value(k: string): unknown },
  what: string,
): { regex?: string } | false {
  if (!f.has('regex')) return {};
  const regex = r.text(f.value('regex'), `${what}: 'regex'`);
  if (regex === undefined) return false;
  try {
    variableRegex(regex);
  } catch {
    r.issue(f.value('regex'), `${what}: 'regex' ${regex} does not compile`);
    return false;
  }
  return { regex };
}

function readName(r: Reader, node: unknown): string | undefined {
  const name = r.text(node, "a variable's 'name'");
  if (name === undefined) return undefined;
  // Shown on the screen and typed after --var: refused rather than sanitized.
  if (/[\u0000-\u001f\u007f-\u009f]/.test(name)) {
    r.issue(node, "a variable's name has a control character");
    return undefined;
  }
  if (!VARIABLE_NAME.test(name)) {
    r.issue(node, `variable name '${name}': letters, digits and _ only, not starting with a digit`);
    return undefined;
  }
  if (name.startsWith('__')) {
    r.issue(
      node,
      `variable name '${name}': names starting with __ are Grafana's own ($__interval, $__range…)`,
    );
    return undefined;
  }
  return name;
}

/** `$name`, `${name}`, `${name:format}`, `[[name]]` in `text`, Grafana's `$__…` and `$1` left out. */
export function usedNames(text: string): string[] {
  const out: string[] = [];
  for (const m of text.matchAll(/\$\{(\w+)(?::[^}]*)?\}|\[\[(\w+)(?::[^\]]*)?\]\]|\$(\w+)/g)) {
    const name = (m[1] ?? m[2] ?? m[3]) as string;
    if (!name.startsWith('__') && !/^\d/.test(name)) out.push(name);
  }
  return out;
}
