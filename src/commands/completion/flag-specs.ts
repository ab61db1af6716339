// Every command's flags for completion, from the tables its parser reads (cli/args.ts,
// cli/command-options.ts, cli/api-args.ts, features/match-list/args.ts), each with the
// placeholder and text its help gives it (cli/help-tables.ts, cli/command-help.ts): a flag added
// to a parser completes at once, and its help says what its value is (FILE: a file).
import { API_FLAGS } from '../../cli/api-args.js';
import { CONNECTION_OPTIONS, MAIN_OPTIONS, PLAY_OPTIONS, SUBCOMMAND_OUTPUT_FLAGS } from '../../cli/args.js';
import { COMMAND_HELP, type HelpedCommand } from '../../cli/command-help.js';
import {
  CLASS_OPTIONS,
  CONFIRM_OPTIONS,
  FLEET_OPTIONS,
  INVENTORY_OPTIONS,
  DASH_FLAGS,
  LEARN_FLAGS,
  SIM_OPTIONS,
  UNDO_OPTIONS,
} from '../../cli/command-options.js';
import { CONNECTION, FLEET, type FlagRow, OUTPUT, USAGE } from '../../cli/help-tables.js';
import { MATCH_LIST_FLAGS } from '../../features/match-list/args.js';

export interface FlagSpec {
  /** Every spelling: `--yes`, `-y`. The first is the one offered. */
  names: readonly string[];
  /** It takes a value (the next word, or after `=`). */
  value: boolean;
  /** The help's placeholder for the value: `FILE`, `basic|token`, `NAME`. */
  arg?: string;
  /** What it does, as the help says it (one line). */
  help?: string;
}

type Options = Readonly<Record<string, { type: 'string' | 'boolean'; short?: string }>>;

const HELP_FLAG: FlagSpec = { names: ['--help', '-h'], value: false, help: 'this text' };

/** `--flag ARG` pairs written in synopses (`-c CMD`, `-f FILE`): placeholders no flag row gives. */
const SYNOPSIS_ARG = /(?<![\w-])(--?[a-zA-Z][\w-]*) ([A-Z][A-Z0-9_.=…-]*|[a-z]+(?:\|[a-z]+)+)/g;

function helpOf(rows: readonly FlagRow[], synopses: readonly string[]) {
  const out = new Map<string, { arg?: string; help?: string }>();
  for (const s of synopses)
    for (const [, flag, arg] of s.matchAll(SYNOPSIS_ARG)) if (!out.has(flag!)) out.set(flag!, { arg: arg! });
  for (const r of rows) {
    const arg = r.flags.find((f) => f.arg !== undefined)?.arg;
    const help = r.text.join(' ');
    for (const f of r.flags) out.set(f.name, { ...(arg !== undefined ? { arg } : {}), help });
  }
  return out;
}

const MAIN_HELP = helpOf(
  [...CONNECTION, ...OUTPUT, ...FLEET],
  USAGE.map((u) => u.synopsis),
);

function commandHelpOf(name: HelpedCommand) {
  const h = COMMAND_HELP[name];
  const own = helpOf(h.flags, h.usage);
  return (flag: string) => own.get(flag) ?? MAIN_HELP.get(flag);
}

type HelpLookup = (flag: string) => { arg?: string; help?: string } | undefined;

function spec(names: string[], value: boolean, help: HelpLookup): FlagSpec {
  const h = names.map(help).find((x) => x !== undefined);
  return {
    names,
    value,
    ...(h?.arg !== undefined ? { arg: h.arg } : {}),
    ...(h?.help !== undefined ? { help: h.help } : {}),
  };
}

const fromOptions = (options: Options, help: HelpLookup) =>
  Object.entries(options).map(([name, o]) =>
    spec([`--${name}`, ...(o.short ? [`-${o.short}`] : [])], o.type === 'string', help),
  );

const mainHelp = (flag: string) => MAIN_HELP.get(flag);

/** The connection flags and `--json`, `--no-color`: what a sub-command takes besides its own. */
const SUBCOMMAND_CONNECTION: Options = {
  ...CONNECTION_OPTIONS,
  ...Object.fromEntries(SUBCOMMAND_OUTPUT_FLAGS.map((n) => [n, MAIN_OPTIONS[n]])),
};

/** The flags of `routersh …` itself (the shell, -c, -f). */
export const mainFlags = (): FlagSpec[] => fromOptions(MAIN_OPTIONS, mainHelp);

export function commandFlags(name: HelpedCommand, matchListCommand?: string): FlagSpec[] {
  const help = commandHelpOf(name);
  const connection = () => fromOptions(SUBCOMMAND_CONNECTION, help);
  switch (name) {
    case 'sim':
      return fromOptions(SIM_OPTIONS, help);
    case 'api':
      return [
        ...Object.entries(API_FLAGS).map(([short, f]) =>
          spec(f.long ? [f.long, short] : [short], f.value, help),
        ),
        ...connection(),
      ];
    case 'match-list':
      return [
        ...Object.entries(MATCH_LIST_FLAGS)
          .filter(([, f]) => matchListCommand === undefined || f.cmds.includes(matchListCommand))
          .map(([flag, f]) => spec([flag], f.value, help)),
        HELP_FLAG,
        ...connection(),
      ];
    case 'undo':
      return [...fromOptions(UNDO_OPTIONS, help), HELP_FLAG, ...connection()];
    case 'confirm':
      return [...fromOptions(CONFIRM_OPTIONS, help), HELP_FLAG];
    case 'fleet':
      return fromOptions(FLEET_OPTIONS, help);
    case 'inventory':
      return [...fromOptions(INVENTORY_OPTIONS, help), HELP_FLAG, ...connection()];
    case 'class':
      return fromOptions(CLASS_OPTIONS, help);
    case 'config':
      return [
        spec(['--exit-code'], false, help),
        spec(['--ref'], true, help),
        spec(['--yes'], false, help),
        HELP_FLAG,
        ...connection(),
      ];
    case 'learn':
      return [...fromOptions(LEARN_FLAGS, help), HELP_FLAG];
    case 'dash':
      return [...fromOptions(DASH_FLAGS, help), HELP_FLAG];
    case 'play':
      return fromOptions(PLAY_OPTIONS, (f) => help(f) ?? mainHelp(f));
    case 'completion':
    case 'ansible-path':
      return [HELP_FLAG];
  }
}

/** The sub-commands of `match-list`: every one a flag names. */
export const MATCH_LIST_COMMANDS: readonly string[] = [
  ...new Set(Object.values(MATCH_LIST_FLAGS).flatMap((f) => f.cmds)),
];
