// What the word being completed is, on routersh's command line: a command, a flag, a flag's
// value (a file, a profile, one of its words, the commands of -c), or a command's positional
// argument. Pure: the words in, the slot out; the candidates are gathered by the caller.
import { commandAfterFlags } from '../../cli/args.js';
import { COMPLETION_SHELLS } from '../../cli/command-options.js';
import { COMMAND_HELP, type HelpedCommand, isHelpedCommand } from '../../cli/command-help.js';
import { builtinDashboardNames } from '../../features/dashboards/builtin.js';
import { COMMAND_NAMES } from '../command-names.js';
import { commandFlags, type FlagSpec, MATCH_LIST_COMMANDS, mainFlags } from './flag-specs.js';

export interface Word {
  value: string;
  help?: string;
}

export type Slot =
  | { kind: 'words'; words: readonly Word[] }
  /** Files, and `words` beside them (`dash`: `import` and the built-in dashboards). */
  | { kind: 'files'; words?: readonly Word[] }
  | { kind: 'profiles' }
  /** Lesson names, and lesson files of the user's own. */
  | { kind: 'lessons' }
  /** The commands of -c, from the router. */
  | { kind: 'live' }
  | { kind: 'none' };

export interface Classified {
  slot: Slot;
  /** Typed before the value in the same word (`--profile=`): every candidate starts with it. */
  prefix: string;
  /** The typed part of the value, after the prefix. */
  partial: string;
}

/** Where a command's words stand: its flags' values, its positionals, a flag waiting for its value. */
export interface Walked {
  values: Map<string, string>;
  booleans: Set<string>;
  positionals: string[];
  pending?: FlagSpec;
  afterDashes: boolean;
}

const findFlag = (flags: readonly FlagSpec[], name: string) => flags.find((f) => f.names.includes(name));

/** Reads complete words with a command's flags; values by the flag's first spelling. */
export function walk(words: readonly string[], flags: readonly FlagSpec[]): Walked {
  const w: Walked = { values: new Map(), booleans: new Set(), positionals: [], afterDashes: false };
  for (let i = 0; i < words.length; i++) {
    const word = words[i]!;
    if (w.afterDashes || !word.startsWith('-') || word === '-') {
      w.positionals.push(word);
      continue;
    }
    if (word === '--') {
      w.afterDashes = true;
      continue;
    }
    const eq = word.indexOf('=');
    const spec = findFlag(flags, eq < 0 ? word : word.slice(0, eq));
    if (!spec) continue;
    const key = spec.names[0]!;
    if (!spec.value) w.booleans.add(key);
    else if (eq >= 0) w.values.set(key, word.slice(eq + 1));
    else if (i + 1 < words.length) w.values.set(key, words[++i]!);
    else w.pending = spec;
  }
  return w;
}

const words = (list: readonly (string | Word)[]): Slot => ({
  kind: 'words',
  words: list.map((x) => (typeof x === 'string' ? { value: x } : x)),
});

/** The flags as candidates: long spellings, or the short ones once `-x` is typed. */
function flagWords(flags: readonly FlagSpec[], typed: string): Slot {
  const long = typed === '' || typed === '-' || typed.startsWith('--');
  return words(
    flags.flatMap((f) =>
      f.names
        .filter((n) => n.startsWith('--') === long)
        .map((n) => ({ value: n, ...(f.help !== undefined ? { help: f.help } : {}) })),
    ),
  );
}

/** A flag's value: what its help's placeholder says it is. */
function valueSlot(f: FlagSpec, live: boolean): Slot {
  if (f.names.includes('--profile')) return { kind: 'profiles' };
  if (live && f.names.includes('--command')) return { kind: 'live' };
  if (f.arg === undefined) return { kind: 'none' };
  if (/^FILE/.test(f.arg)) return { kind: 'files' };
  if (/^[a-z]+(\|[a-z]+)+$/.test(f.arg)) return words(f.arg.split('|'));
  return { kind: 'none' };
}

interface CommandShape {
  flags: readonly FlagSpec[];
  positional: (index: number, positionals: readonly string[]) => Slot;
  /** -c's value is the router's commands (only the shell/script invocation). */
  live?: boolean;
}

const NONE: Slot = { kind: 'none' };
const summaries = () =>
  COMMAND_NAMES.map((n) => ({ value: n, ...(isHelpedCommand(n) ? { help: COMMAND_HELP[n].summary } : {}) }));

function shapeOf(name: HelpedCommand | 'help' | undefined, rest: readonly string[]): CommandShape {
  switch (name) {
    case undefined:
      // After main flags only, a command's name (`routersh --profile lab undo …`, commands/index.ts).
      return { flags: mainFlags(), positional: (i) => (i === 0 ? words(summaries()) : NONE), live: true };
    case 'help':
      return { flags: [], positional: (i) => (i === 0 ? words(Object.keys(COMMAND_HELP)) : NONE) };
    case 'completion':
      return { flags: commandFlags(name), positional: (i) => (i === 0 ? words(COMPLETION_SHELLS) : NONE) };
    case 'play':
      return { flags: commandFlags(name), positional: (i) => (i === 0 ? { kind: 'files' } : NONE) };
    case 'match-list': {
      const sub = rest.find((w) => !w.startsWith('-'));
      return {
        flags: commandFlags(name, sub),
        positional: (i, p) =>
          i === 0 ? words(MATCH_LIST_COMMANDS) : i === 2 && p[0] !== 'export' ? { kind: 'files' } : NONE,
      };
    }
    case 'dash': {
      // `dash --validate FILE…`, `dash import GRAFANA.json …`, or `dash FILE|NAME` and the main flags.
      if (rest[0] === '--validate' || rest[0] === 'import')
        return { flags: [], positional: () => ({ kind: 'files' }) };
      if (rest[0] !== undefined && !rest[0].startsWith('-'))
        return {
          flags: [...commandFlags(name).filter((f) => f.names[0] === '--var'), ...mainFlags()],
          positional: () => NONE,
        };
      const first: Word[] = [
        { value: 'import', help: 'a Grafana dashboard export as a dashboard file' },
        ...builtinDashboardNames().map((value) => ({ value, help: 'a built-in dashboard' })),
      ];
      return {
        flags: commandFlags(name),
        positional: (i) => (i === 0 && rest.length === 0 ? { kind: 'files', words: first } : NONE),
      };
    }
    case 'learn': {
      // `learn --validate FILE…`, `learn --test NAME|FILE…`, `learn --progress [--json]`, or
      // `learn NAME` and the main flags.
      if (rest[0] === '--validate') return { flags: [], positional: () => ({ kind: 'files' }) };
      if (rest[0] === '--test') return { flags: [], positional: () => ({ kind: 'lessons' }) };
      if (rest[0] !== undefined && !rest[0].startsWith('-'))
        return { flags: mainFlags(), positional: () => NONE };
      const flags = commandFlags(name).filter((f) => rest[0] !== '--progress' || f.names[0] === '--json');
      return { flags, positional: (i) => (i === 0 && rest.length === 0 ? { kind: 'lessons' } : NONE) };
    }
    default:
      return { flags: commandFlags(name), positional: () => NONE };
  }
}

/** The command a line runs (undefined: the shell or a script) and the words after its name. */
export function commandOf(line: readonly string[]): {
  name: HelpedCommand | 'help' | undefined;
  rest: string[];
} {
  const [first, ...rest] = commandAfterFlags(line, COMMAND_NAMES) ?? line;
  if (first === 'help' || (first !== undefined && isHelpedCommand(first))) return { name: first, rest };
  return { name: undefined, rest: [...line] };
}

/** `words`: routersh's argv up to the cursor, the last one the word being completed. */
export function classify(argv: readonly string[]): Classified {
  const typed = argv.at(-1) ?? '';
  const before = argv.slice(0, -1);
  const whole = (slot: Slot): Classified => ({ slot, prefix: '', partial: typed });
  if (before.length === 0 && !typed.startsWith('-')) return whole(words(summaries()));
  const { name, rest } = commandOf(before);
  // learn NAME …: the main flags after the lesson's name.
  const shape = shapeOf(name, rest);
  const own =
    (name === 'learn' || name === 'dash') && rest[0] !== undefined && !rest[0].startsWith('-')
      ? rest.slice(1)
      : rest;
  const w = walk(own, shape.flags);
  if (w.pending) return whole(valueSlot(w.pending, shape.live === true));
  if (!w.afterDashes && typed.startsWith('--') && typed.includes('=')) {
    const eq = typed.indexOf('=');
    const f = findFlag(shape.flags, typed.slice(0, eq));
    if (f?.value)
      return {
        slot: valueSlot(f, shape.live === true),
        prefix: typed.slice(0, eq + 1),
        partial: typed.slice(eq + 1),
      };
    return whole(NONE);
  }
  if (!w.afterDashes && typed.startsWith('-')) return whole(flagWords(shape.flags, typed));
  return whole(shape.positional(w.positionals.length, w.positionals));
}
