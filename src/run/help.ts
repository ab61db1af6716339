// `help`: the command language in one screen; `help WORD…` (and `describe WORD…`) on a
// built-in, verb, group, pipe or habit: its syntax, what it does, and examples, from the one
// help table (lang/builtin-help.ts). Router words are discovered with Tab, `?` and
// `describe`, never listed here: the shell knows nothing about a particular router.
import {
  BUILTIN_HELP,
  BUILTIN_NAMES,
  BUILTIN_TABLE,
  type BuiltinName,
  type BuiltinSpec,
  GROUPS,
  HABITS,
  type HelpEntry,
  isBuiltinName,
  OPTIONS,
  VERB_HELP,
  VERBS,
} from '../lang/index.js';
import { findPipe, PIPES, type PipeSpec } from '../lang/pipes.js';

// One screen, every line within 80 columns (a terminal's default width), every built-in
// named (test/run/help-general.test.ts checks both against the grammar's table). 21 lines: at
// 80×24 the echoed line, the prompt, and the spinner a busy machine draws under it leave that.
const GENERAL = `Words come from the router's live metadata: Tab or ? anywhere · help WORD…: more
  WORD… [OPTION [VALUE]]…       configure (SET), e.g. interface eth2 mtu 1500
  set WORD… · delete WORD…      the same, always the router's words
  no WORD… [KEY-OPTION VALUE]…  delete, or UNSET an entry by its key option
  show WORD… · describe WORD…   state or configuration · a node's metadata
  edit WORD… · up · top         enter a context · one level up · to the top
  refresh [WORD…] · history · run CMD, do CMD: a command from the top
Safe changes: changes [all] · compare · undo [N|ID] · rollback N · dry-run WORD…
  confirm-within DURATION · confirm · commit [confirmed N]: revert unless kept
Candidate: configure · commit [check|comment TEXT] · discard · end (Junos-like)
Checkpoints: checkpoint [NAME] · checkpoints · rollback|compare checkpoint N
Telemetry: metrics query EXPR [at TIME] · metrics range EXPR [since D] [step D]
  metrics names · metrics labels [match SEL] · metrics label-values LABEL
  logs search QUERY [since D] [limit N] [all] · logs histogram QUERY [by FIELD]
  logs fields · logs field-values FIELD · logs facets · dashboard FILE|NAME
Blacklists: match-list import|export|sync LIST … · monitor match-list LIST
Pipes: | match RE · | except RE · | count · | last N · | json · | save FILE
  · | no-more (last on a line)     Lessons: learn [NAME] · lesson · hint · skip
Keys: Tab completes · Tab Tab or ? lists · Ctrl-R history · Ctrl-C cancels
· Ctrl-D, exit, quit leave. Durations: 90s, 15m, 1h30m. Times: RFC 3339, now-1h
'#' starts a comment only at the beginning of a line; quote values with blanks.
`;

function entryText(syntax: string, what: string, e: HelpEntry, extra: readonly string[] = []): string {
  const lines = [syntax, `  ${what}`];
  if (e.more) lines.push(...e.more.split('\n').map((l) => `  ${l}`));
  lines.push(...extra, 'Examples:', ...e.examples.map((x) => `  ${x}`));
  return `${lines.join('\n')}\n`;
}

function builtinText(name: BuiltinName): string {
  const spec = BUILTIN_TABLE[name];
  const opts: readonly string[] = 'options' in spec ? spec.options : [];
  const extra = opts.length
    ? [
        'Options:',
        ...opts.map((o) => {
          const os = OPTIONS[o as keyof typeof OPTIONS];
          const head = 'valueType' in os ? `${o} ${os.valueType}` : o;
          const own: BuiltinSpec['optionHelp'] = 'optionHelp' in spec ? spec.optionHelp : undefined;
          return `  ${head.padEnd(16)} ${own?.[o as keyof typeof OPTIONS] ?? os.description}`;
        }),
      ]
    : [];
  return entryText(BUILTIN_HELP[name].syntax, spec.description, BUILTIN_HELP[name], extra);
}

/** Syntax wider than this column puts its description on the next line, still aligned. */
const SUB_COLUMN = 46;

function subCommandLine(syntax: string, description: string): string {
  if (syntax.length <= SUB_COLUMN) return `  ${syntax.padEnd(SUB_COLUMN)} ${description}`;
  return `  ${syntax}\n  ${' '.repeat(SUB_COLUMN)} ${description}`;
}

function groupText(group: string): string {
  const subs = BUILTIN_NAMES.filter((n) => n.startsWith(`${group} `));
  const lines = [
    `${group}: ${GROUPS[group] ?? group}. Sub-commands:`,
    ...subs.map((n) => subCommandLine(BUILTIN_HELP[n].syntax, BUILTIN_TABLE[n].description)),
    `Try 'help ${subs[0]}' for one of them.`,
    'Examples:',
    // The first example of each sub-command, at least two in all (a group may hold one).
    ...subs
      .flatMap((n) => BUILTIN_HELP[n].examples.slice(0, subs.length > 1 ? 1 : 2))
      .slice(0, 3)
      .map((x) => `  ${x}`),
  ];
  return `${lines.join('\n')}\n`;
}

export const pipeSyntax = (p: PipeSpec) => `| ${p.name}${p.arg ? ` ${p.arg.name}` : ''}`;

function pipeText(p: PipeSpec): string {
  return entryText(`COMMAND ${pipeSyntax(p)}`, p.description, { syntax: '', examples: p.examples });
}

function pipesText(): string {
  const lines = [
    'Output pipes, at the end of a line, applied left to right (not in metrics/logs lines,',
    'where | belongs to the expression):',
    ...PIPES.map((p) => `  ${pipeSyntax(p).padEnd(14)} ${p.description}`),
    "A regex is RE2 syntax (no lookaround); quote it when it holds blanks. 'save' refuses an",
    'existing file.',
    'Examples:',
    ...PIPES.slice(0, 4).map((p) => `  ${p.examples[0]}`),
  ];
  return `${lines.join('\n')}\n`;
}

/** Help on the built-in, verb, group, pipe or habit named by `args`; undefined when none is. */
export function topicHelp(args: readonly string[]): string | undefined {
  const [first = '', second] = args;
  if (args.length === 0) return undefined;
  const joined = args.slice(0, 2).join(' ');
  if (isBuiltinName(joined)) return builtinText(joined);
  if (isBuiltinName(first)) return builtinText(first);
  if (Object.hasOwn(GROUPS, first)) {
    // A unique prefix names a sub-command, as on the command line (`help metrics r`).
    const subs = BUILTIN_NAMES.filter((n) => second !== undefined && n.startsWith(`${first} ${second}`));
    return subs.length === 1 ? builtinText(subs[0]!) : groupText(first);
  }
  if (Object.hasOwn(VERB_HELP, first))
    return entryText(VERB_HELP[first]!.syntax, verbWhat(first), VERB_HELP[first]!);
  if (first === 'pipes' || first === 'pipe' || first === '|') {
    const p = second !== undefined ? findPipe(second) : undefined;
    return p ? pipeText(p) : pipesText();
  }
  if (Object.hasOwn(HABITS, first)) return `${HABITS[first]}\n`;
  return undefined;
}

const verbWhat = (v: string): string =>
  (VERBS as Record<string, string>)[v] ?? (v === 'set' ? 'configure (SET)' : 'delete or unset');

export function helpText(args: string[]): string {
  if (args.length === 0) return GENERAL;
  return (
    topicHelp(args) ??
    `Try 'describe ${args.join(' ')}' for the node's metadata, or '${args.join(' ')} ?' to list what can follow.\n`
  );
}
