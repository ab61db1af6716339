// `var NAME=VALUE[,VALUE…]` (the shell's `dashboard`) and `--var NAME=VALUE` (`routersh dash`):
// the values chosen for a dashboard's variables at open.
import { argumentError } from '../../errors.js';
import type { Chosen } from './interpolate.js';
import type { Dashboard } from '../../contract/dashboard.js';

export function parseVarArgs(words: readonly string[], command: string): Record<string, string[]> {
  const out: Record<string, string[]> = {};
  for (let i = 0; i < words.length; i++) {
    const w = words[i]!;
    const pair = w === 'var' || w === '--var' ? words[++i] : w.startsWith('--var=') ? w.slice(6) : undefined;
    const m = pair === undefined ? null : /^([A-Za-z_]\w*)=(.*)$/.exec(pair);
    if (!m) throw argumentError(`${command}: expected var NAME=VALUE, got ${pair ?? w}`);
    out[m[1]!] = m[2]!.split(',').filter((v) => v !== '');
  }
  return out;
}

/** The names in `vars` the dashboard has no variable for (`var`/`--var` of a typo). */
export const unknownVars = (d: Dashboard, vars: Readonly<Record<string, string[]>>): string[] =>
  Object.keys(vars).filter((n) => !d.variables.some((v) => v.name === n));

/** What each variable holds at open: `--var` first, then its default, then a list's first value. */
export function initialChoices(
  d: Dashboard,
  vars: Readonly<Record<string, string[]>> = {},
): Record<string, Chosen> {
  const out: Record<string, Chosen> = {};
  for (const v of d.variables) {
    const given = vars[v.name] ?? v.default;
    if (given && given.length > 0) {
      const all = given.length === 1 && (given[0] === 'All' || given[0] === '$__all');
      const fixed = v.kind === 'list' || v.kind === 'interval' ? v.values : [];
      out[v.name] = all ? { values: fixed, all: true } : { values: given, all: false };
    } else if ((v.kind === 'list' || v.kind === 'interval') && v.values.length > 0) {
      out[v.name] = v.includeAll ? { values: v.values, all: true } : { values: [v.values[0]!], all: false };
    }
  }
  return out;
}
