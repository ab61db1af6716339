// The help tables (src/cli/help-tables.ts, command-help.ts) against the parsers' own tables:
// each help lists exactly the flags its parser takes, and every flag that takes a value has a
// placeholder (FILE, NAME, basic|token) — completion reads it to know what the value is.
import { describe, expect, it } from 'vitest';
import { API_FLAGS } from '../../src/cli/api-args.js';
import { CONNECTION_OPTIONS, HELP, MAIN_OPTIONS } from '../../src/cli/args.js';
import { COMMAND_HELP } from '../../src/cli/command-help.js';
import {
  CLASS_OPTIONS,
  CONFIRM_OPTIONS,
  FLEET_OPTIONS,
  INVENTORY_OPTIONS,
  DASH_FLAGS,
  LEARN_FLAGS,
  SIM_OPTIONS,
  UNDO_OPTIONS,
} from '../../src/cli/command-options.js';
import { CONNECTION, FLEET, type FlagRow, OUTPUT, USAGE } from '../../src/cli/help-tables.js';
import { mainHelpText } from '../../src/cli/help-text.js';
import { COMMAND_NAMES } from '../../src/commands/command-names.js';
import { commandFlags, mainFlags } from '../../src/commands/completion/flag-specs.js';
import { MATCH_LIST_FLAGS } from '../../src/features/match-list/args.js';

type Options = Record<string, { type: string; short?: string }>;
const spellings = (o: Options) =>
  Object.entries(o).flatMap(([n, s]) => [`--${n}`, ...(s.short ? [`-${s.short}`] : [])]);
const listed = (rows: readonly FlagRow[]) => rows.flatMap((r) => r.flags.map((f) => f.name));
const sorted = (a: readonly string[]) => [...new Set(a)].sort();

describe('the main help', () => {
  it('is rendered from the tables (HELP is mainHelpText())', () => {
    expect(HELP).toBe(mainHelpText());
    expect(HELP.startsWith('routersh — a shell for routers')).toBe(true);
  });

  it('lists every connection flag in Connection, and nothing else there', () => {
    expect(sorted(listed(CONNECTION))).toEqual(sorted(spellings(CONNECTION_OPTIONS)));
  });

  it('names every main flag (one of its spellings) in a row or a usage line', () => {
    const text = [...listed([...CONNECTION, ...OUTPUT, ...FLEET]), ...USAGE.map((u) => u.synopsis)].join(' ');
    const named = (f: string) => new RegExp(`(^|[\\s[|(])${f}([\\s\\]|…]|$)`).test(text);
    const missing = Object.entries(MAIN_OPTIONS)
      .filter(([n, o]) => !named(`--${n}`) && !('short' in o && named(`-${o.short}`)))
      .map(([n]) => n);
    expect(missing).toEqual([]);
  });
});

describe("each command's help", () => {
  it('exists for every command a user types', () => {
    expect(sorted(Object.keys(COMMAND_HELP))).toEqual(sorted(COMMAND_NAMES.filter((n) => n !== 'help')));
  });

  const HELP_FLAGS = ['-h', '--help'];
  it.each([
    ['sim', spellings(SIM_OPTIONS)],
    ['api', Object.entries(API_FLAGS).flatMap(([s, f]) => [s, ...(f.long ? [f.long] : [])])],
    ['match-list', [...Object.keys(MATCH_LIST_FLAGS), ...HELP_FLAGS]],
    ['undo', [...spellings(UNDO_OPTIONS), ...HELP_FLAGS]],
    ['confirm', [...spellings(CONFIRM_OPTIONS), ...HELP_FLAGS]],
    ['fleet', spellings(FLEET_OPTIONS)],
    ['learn', [...spellings(LEARN_FLAGS), ...HELP_FLAGS]],
    ['play', ['--auto', '--speed', ...HELP_FLAGS]],
    ['dash', [...spellings(DASH_FLAGS), ...HELP_FLAGS]],
    ['completion', HELP_FLAGS],
    ['ansible-path', HELP_FLAGS],
    ['inventory', [...spellings(INVENTORY_OPTIONS), ...HELP_FLAGS]],
    ['class', spellings(CLASS_OPTIONS)],
  ] as const)('%s lists exactly the flags its parser takes', (name, parsed) => {
    expect(sorted(listed(COMMAND_HELP[name].flags))).toEqual(sorted(parsed));
  });
});

describe('completion knows what each value is', () => {
  it('every flag that takes a value has a placeholder', () => {
    const all = [
      ['routersh', mainFlags()],
      ...Object.keys(COMMAND_HELP).map((n) => [n, commandFlags(n as keyof typeof COMMAND_HELP)] as const),
    ] as const;
    const missing = all.flatMap(([cmd, flags]) =>
      flags.filter((f) => f.value && f.arg === undefined).map((f) => `${cmd} ${f.names[0]}`),
    );
    expect(missing).toEqual([]);
  });
});
