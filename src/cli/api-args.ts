// Argument parsing for `routersh api` (the vendor's demo client). Pure: argv in, a request
// description out, usage errors thrown.
import type { Action } from '../api/router/wire.js';
import { usageError } from '../errors.js';

export interface ApiArgs {
  method: 'GET' | 'POST' | 'DELETE';
  server?: string;
  actions?: Action[];
  options?: Record<string, Array<string | number>>;
  count?: number;
  debug: boolean;
  help: boolean;
  output?: 'json' | 'dumper';
  words: string[];
}

export const API_USAGE =
  'usage: routersh api [-p|-d] [-s SERVER] [-A ACTIONS] [-O KEY=VALUE]… [-n COUNT] [--debug] [--output json|dumper] WORD…';

const ACTIONS: readonly Action[] = ['SET', 'UNSET', 'GET', 'SHOW'];

/**
 * Every flag of `routersh api`, by its short spelling (or its only one), with its long spelling
 * and whether it takes a value. The parser reads this table, and so do completion and the help.
 */
export const API_FLAGS: Readonly<Record<string, { long?: string; value: boolean }>> = {
  '-p': { long: '--post', value: false },
  '-d': { long: '--delete', value: false },
  '-s': { long: '--server', value: true },
  '-A': { long: '--actions', value: true },
  '-O': { long: '--option', value: true },
  '-n': { long: '--count', value: true },
  '--debug': { value: false },
  '--output': { value: true },
  '-h': { long: '--help', value: false },
};

/** A spelling (`--server`, `-s`) → the table's key (`-s`). */
const CANONICAL: Readonly<Record<string, string>> = Object.fromEntries(
  Object.entries(API_FLAGS).flatMap(([k, f]) => [[k, k], ...(f.long ? [[f.long, k]] : [])]),
);

/** Integers go as numbers (the spec sends %NUM option values as numbers), the rest as text. */
function optionValue(v: string): string | number {
  return /^(0|-?[1-9]\d{0,14})$/.test(v) ? Number(v) : v;
}

function parseActions(v: string): Action[] {
  const list = v
    .split(',')
    .map((a) => a.trim().toUpperCase())
    .filter((a) => a !== '');
  if (list.length === 0) throw usageError('-A needs at least one action (SET, UNSET, GET, SHOW)');
  for (const a of list) {
    if (!(ACTIONS as readonly string[]).includes(a)) {
      throw usageError(`unknown action ${a} for -A (use SET, UNSET, GET, SHOW)`);
    }
  }
  return list as Action[];
}

/** Splits `--flag=value` and `-sVALUE` into flag and value. */
function splitFlag(arg: string): [string, string | undefined] {
  if (arg.startsWith('--')) {
    const eq = arg.indexOf('=');
    return eq < 0 ? [arg, undefined] : [arg.slice(0, eq), arg.slice(eq + 1)];
  }
  if (arg.length > 2 && API_FLAGS[arg.slice(0, 2)]?.value) return [arg.slice(0, 2), arg.slice(2)];
  return [arg, undefined];
}

export function parseApiArgs(argv: readonly string[]): ApiArgs {
  const out: ApiArgs = { method: 'GET', debug: false, help: false, words: [] };
  let post = false;
  let del = false;
  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i]!;
    if (arg === '--') {
      out.words.push(...argv.slice(i + 1));
      break;
    }
    if (!arg.startsWith('-') || arg === '-') {
      out.words.push(arg);
      continue;
    }
    const [flag, inline] = splitFlag(arg);
    const canon = CANONICAL[flag];
    if (canon === undefined) throw usageError(`unknown flag ${flag} for api (${API_USAGE})`);
    if (!API_FLAGS[canon]?.value) {
      if (inline !== undefined) throw usageError(`${flag} takes no value`);
      if (canon === '-p') post = true;
      else if (canon === '-d') del = true;
      else if (canon === '--debug') out.debug = true;
      else out.help = true;
      continue;
    }
    let value = inline;
    if (value === undefined) {
      value = argv[i + 1];
      if (value === undefined) throw usageError(`${flag} needs a value`);
      i++;
    }
    switch (canon) {
      case '-s':
        if (value.trim() === '') throw usageError('-s needs a server address');
        out.server = value.trim();
        break;
      case '-A':
        out.actions = [...(out.actions ?? []), ...parseActions(value)];
        break;
      case '-O': {
        const eq = value.indexOf('=');
        const key = eq < 0 ? value : value.slice(0, eq);
        if (key === '') throw usageError(`-O ${value}: the option name is empty (use -O KEY=VALUE)`);
        const opts = out.options ?? {};
        const vals = opts[key] ?? [];
        // `-O numeric` names a flag option: present, no value.
        if (eq >= 0) vals.push(optionValue(value.slice(eq + 1)));
        opts[key] = vals;
        out.options = opts;
        break;
      }
      case '-n': {
        if (!/^\d+$/.test(value) || Number(value) < 1 || Number(value) > 10_000_000) {
          throw usageError(`-n needs a count from 1 to 10000000, not ${value}`);
        }
        out.count = Number(value);
        break;
      }
      case '--output':
        if (value !== 'json' && value !== 'dumper') throw usageError('--output takes json or dumper');
        out.output = value;
        break;
    }
  }
  if (post && del) throw usageError('-p and -d cannot be combined');
  if (post) out.method = 'POST';
  if (del) out.method = 'DELETE';
  if ((out.actions || out.options) && out.method !== 'POST') {
    throw usageError('-A and -O go with POST: add -p');
  }
  return out;
}
