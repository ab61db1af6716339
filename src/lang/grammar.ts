// THE table of built-in commands: name, description, arguments, options (with their value
// checks from time.ts), context moves and cross-option rules. builtins.ts builds the walker's
// NodeInfo tree from it; src/run/handlers.ts must hold one handler per name (the compiler
// refuses a handler map that misses one). Adding a built-in: one entry here, one handler there.
import {
  checkCount,
  checkDuration,
  checkStep,
  checkTime,
  countShape,
  durationShape,
  rangeRule,
  stepShape,
  timeShape,
  type ValueCheck,
  type ValueShape,
} from './time.js';

/** A LogsQL field name as `by` takes it: one plain word. */
const checkField: ValueCheck = (text) =>
  /^[\p{L}_@][\p{L}\p{N}_.@:-]*$/u.test(text) ? undefined : 'expected a field name';

/** The expression language of a raw argument (read byte for byte, see expr-scan.ts). */
export type RawLang = 'metricsql' | 'logsql';

/** A clause the command takes: a flag, or a name whose value `check` accepts. */
export interface ClauseSpec {
  flag: boolean;
  /** Whether a value has the clause's shape (then it is a clause, checked in full later). */
  shape?: ValueShape;
  check?: (text: string) => string | undefined;
}

export interface OptionSpec {
  description: string;
  /** Placeholder shown for the value (`<duration>`); none for a flag. */
  valueType?: string;
  /** Why a value is wrong, or undefined; checked as the line is typed and before it runs. */
  check?: ValueCheck;
  /** The value's shape, in range or not: how a trailing clause of a raw expression is told apart. */
  shape?: ValueShape;
  /** A value slot the telemetry completer may fill (e.g. `metrics.selector`). */
  slot?: string;
}

export const OPTIONS = {
  since: {
    description: 'how far back, e.g. 15m, 6h, 7d, 1h30m',
    valueType: 'DURATION',
    check: checkDuration,
    shape: durationShape,
  },
  at: {
    description: 'evaluation time: RFC 3339, now, now-1h',
    valueType: 'TIME',
    check: checkTime,
    shape: timeShape,
  },
  from: {
    description: 'start time: RFC 3339, now, now-1h',
    valueType: 'TIME',
    check: checkTime,
    shape: timeShape,
  },
  to: {
    description: 'end time: RFC 3339, now, now-1h (default now)',
    valueType: 'TIME',
    check: checkTime,
    shape: timeShape,
  },
  step: {
    description: 'resolution, e.g. 30s, 5m, or seconds (300)',
    valueType: 'DURATION',
    check: checkStep,
    shape: stepShape,
  },
  limit: { description: 'at most this many records', valueType: 'N', check: checkCount, shape: countShape },
  match: {
    description: 'series selector, e.g. {job="router"}',
    valueType: 'SELECTOR',
    slot: 'metrics.selector',
  },
  by: {
    description: 'split the counts by this field',
    valueType: 'FIELD',
    check: checkField,
    slot: 'logs.field',
  },
  all: { description: 'follow next_offset to the end' },
} as const satisfies Record<string, OptionSpec>;

export type OptionName = keyof typeof OPTIONS;

/** The one free-form argument of a telemetry command, completed by the telemetry layer. */
export interface ArgSpec {
  slot: string;
  help: string;
  description: string;
  /** The rest of the line is this language's expression, read raw (expr-scan.ts). */
  raw?: RawLang;
  /** The slot takes every word to the end of the line (a sub-command with its own flags). */
  rest?: boolean;
  /** Completed from the router: the configured values (SetValues) of this path's Value child. */
  valuesAt?: readonly string[];
  /** The command runs without it too (`undo`, `undo 3`). */
  optional?: boolean;
}

/** How a built-in moves the `edit` context (see src/run/context.ts). */
export type ContextMove = 'enter' | 'parent' | 'root' | 'leave';

export interface BuiltinSpec {
  description: string;
  /** The words after it are a router path (help, edit, refresh); `optional`: may be none. */
  path?: 'optional' | 'required';
  arg?: ArgSpec;
  options?: readonly OptionName[];
  context?: ContextMove;
  /** An option worded for this command (the table's wording is another command's). */
  optionHelp?: Partial<Record<OptionName, string>>;
  /** A rule over several options; returns why the combination is wrong. */
  check?: (options: Readonly<Partial<Record<OptionName, readonly string[]>>>) => string | undefined;
}

const expr: ArgSpec = {
  slot: 'metrics.expr',
  help: '<expr>',
  description: 'a MetricsQL expression, as typed',
  raw: 'metricsql',
};
const query: ArgSpec = {
  slot: 'logs.query',
  help: '<query>',
  description: 'a LogsQL query, as typed',
  raw: 'logsql',
};

/** In this order completion lists them; a multi-word name groups under its first word. */
export const BUILTIN_TABLE = {
  help: { description: 'help on the language, or on a command', path: 'optional' },
  exit: { description: 'leave the shell', context: 'leave' },
  quit: { description: 'leave the shell', context: 'leave' },
  history: { description: 'show the command history' },
  edit: {
    description: 'enter a context: later lines are relative to it',
    path: 'required',
    context: 'enter',
  },
  up: { description: 'leave one level of the context', context: 'parent' },
  top: { description: 'leave the context', context: 'root' },
  refresh: { description: 'forget cached metadata (all, or under WORD…)', path: 'optional' },
  'metrics query': { description: 'instant query: a table of labels and value', arg: expr, options: ['at'] },
  'metrics range': {
    description: 'range query: a chart and a summary',
    arg: expr,
    options: ['since', 'from', 'to', 'step'],
    check: rangeRule,
  },
  'metrics names': { description: 'metric names', options: ['match'] },
  'metrics labels': { description: 'label names', options: ['match'] },
  'metrics label-values': {
    description: 'values of one label',
    arg: { slot: 'metrics.label', help: '<label>', description: 'a label name' },
    options: ['match'],
  },
  'logs search': { description: 'log records', arg: query, options: ['since', 'limit', 'all'] },
  'logs histogram': { description: 'counts over time', arg: query, options: ['since', 'step', 'by'] },
  'logs fields': { description: 'log field names' },
  'logs field-values': {
    description: 'values of one field',
    arg: { slot: 'logs.field', help: '<field>', description: 'a field name' },
  },
  'logs facets': { description: 'field value counts' },
  'match-list': {
    description: 'import, export or sync a firewall match-list (blacklist operations)',
    arg: {
      slot: 'match-list.args',
      help: 'import|export|sync LIST [FILE|-] [--flags]',
      description: 'a sub-command and its arguments (see help match-list)',
      rest: true,
    },
  },
  'dry-run': {
    description:
      'check a command against the live metadata and show the request it would send, sending nothing',
    arg: {
      slot: 'dry-run.line',
      help: '<command>',
      description: 'the command to check (not run)',
      rest: true,
    },
  },
  config: {
    description:
      'the whole configuration: show it, save it to a file, load one (show configuration = config show)',
    arg: {
      slot: 'config.args',
      help: 'show|save|load …',
      description: 'a sub-command and its arguments (see help config)',
      rest: true,
      optional: true,
    },
  },
  changes: {
    description: "this session's changes (all: every session with this router)",
    options: ['all'],
    optionHelp: { all: 'every session with this router, not only this one' },
  },
  compare: {
    description:
      'what this session changed: - old, + new (also show | compare); or the live configuration against FILE, a checkpoint or another router',
    arg: {
      slot: 'compare.source',
      help: '[FILE | checkpoint NAME | --profile P | --router URL]',
      description: 'none: this session; else what the live configuration is compared with (- it, + live)',
      rest: true,
      optional: true,
    },
  },
  checkpoint: {
    description: 'keep the whole configuration as a checkpoint (no NAME: a time-stamped one)',
    arg: {
      slot: 'checkpoint.name',
      help: '[NAME]',
      description: "letters, digits, '.', '_', '-'",
      optional: true,
    },
  },
  checkpoints: { description: "this router's checkpoints: name, age, lines, auto or named" },
  undo: {
    description: 'revert the last N changes (default 1), or the change named by its id',
    arg: { slot: 'undo.which', help: '[N|ID]', description: 'how many changes, or one id', optional: true },
  },
  rollback: {
    description: 'revert the last N changes (same as undo N), or load checkpoint NAME (override)',
    arg: {
      slot: 'undo.count',
      help: '<N> | checkpoint <NAME>',
      description: 'how many changes, or checkpoint and its name',
      rest: true,
    },
  },
  'confirm-within': {
    description: 'revert every change from now on unless confirm comes within DURATION',
    arg: { slot: 'confirm.duration', help: '<duration>', description: 'e.g. 10s, 5m' },
  },
  confirm: { description: 'keep the changes of the confirmed-change window' },
  commit: {
    description:
      'confirm the window (commit confirmed N: a window of N minutes); in candidate mode, send the staged lines',
    arg: {
      slot: 'commit.args',
      help: '[check | confirmed N | comment TEXT]',
      description: 'confirmed and a number of minutes; in candidate mode also check, or comment TEXT',
      rest: true,
      optional: true,
    },
  },
  configure: {
    description: 'enter candidate mode: changes are staged, not sent, until commit',
    arg: {
      slot: 'configure.private',
      help: '[private]',
      description: 'private (the same here)',
      optional: true,
    },
  },
  discard: { description: 'drop the staged lines (candidate mode)' },
  end: { description: 'leave candidate mode (asks commit / discard / stay when lines are staged)' },
  'monitor match-list': {
    description: 'a live pane of a match-list: header and members, sortable and filterable',
    arg: {
      slot: 'monitor.list',
      help: '<list>',
      description: 'the name of a firewall match-list',
      valuesAt: ['ipv4', 'firewall', 'match-list'],
    },
  },
  dashboard: {
    description: 'several panes on one screen, from a dashboard file (or a built-in dashboard by name)',
    arg: {
      slot: 'dashboard.args',
      help: '<file|name> [var NAME=VALUE]…',
      description: 'a dashboard file (YAML or JSON) or a built-in name, then variable values',
      rest: true,
    },
  },
  learn: {
    description: 'start a lesson (alone: the list of lessons)',
    arg: {
      slot: 'lessons.name',
      help: '[<lesson>]',
      description: 'a lesson name, or a lesson file (none: the list)',
      optional: true,
    },
  },
  hint: { description: "a hint for the lesson's current step" },
  skip: { description: "skip the lesson's current step" },
  lesson: { description: 'the lesson under way and where you are (or the list of lessons)' },
} as const satisfies Record<string, BuiltinSpec>;

export type BuiltinName = keyof typeof BUILTIN_TABLE;

/** The options a built-in declares, by name (never wider than its table entry). */
export type OptionOf<K extends BuiltinName> = (typeof BUILTIN_TABLE)[K] extends {
  options: readonly (infer O extends OptionName)[];
}
  ? O
  : never;

/** Descriptions of the first word of multi-word built-ins. */
export const GROUPS: Readonly<Record<string, string>> = {
  metrics: 'query metrics',
  logs: 'search logs',
  monitor: 'watch router state live',
};

/**
 * The verbs of router lines; listed with the built-ins, handled by the resolver. `set` and
 * `delete` are the explicit forms of a bare line and of `no`: after them every word is the
 * router's, so they reach a router node named like a built-in.
 */
export const VERBS = {
  no: 'delete or unset',
  show: 'show state',
  describe: "show a node's metadata (or a built-in's help)",
  set: "configure: the router's words, even one named like a built-in",
  delete: 'the same as no',
} as const;

export type Verb = keyof typeof VERBS;

export const BUILTIN_NAMES = Object.keys(BUILTIN_TABLE) as BuiltinName[];

export const builtinSpec = (name: BuiltinName): BuiltinSpec => BUILTIN_TABLE[name];

/** The lesson's own built-ins: a class grades no try at a step by them, a fleet runs them once. */
export const LESSON_BUILTINS = ['learn', 'hint', 'skip', 'lesson'] as const satisfies readonly BuiltinName[];

export const isBuiltinName = (name: string): name is BuiltinName => Object.hasOwn(BUILTIN_TABLE, name);

export interface RawCommand {
  name: BuiltinName;
  lang: RawLang;
  clauses: ReadonlyMap<string, ClauseSpec>;
  /** How its clauses are written, for hints: `at TIME`, `since DURATION, …`. */
  usage: string;
}

const rawCommands = new Map<string, RawCommand>();
for (const name of BUILTIN_NAMES) {
  const spec: BuiltinSpec = BUILTIN_TABLE[name];
  if (!spec.arg?.raw) continue;
  const clauses = new Map<string, ClauseSpec>();
  for (const o of spec.options ?? []) {
    const os: OptionSpec = OPTIONS[o];
    clauses.set(o, {
      flag: os.valueType === undefined,
      ...(os.check ? { check: os.check } : {}),
      ...(os.shape ? { shape: os.shape } : {}),
    });
  }
  const usage = (spec.options ?? [])
    .map((o) => {
      const os: OptionSpec = OPTIONS[o];
      return os.valueType ? `${o} ${os.valueType}` : o;
    })
    .join(', ');
  rawCommands.set(name, { name, lang: spec.arg.raw, clauses, usage });
}

/** Every clause word of the raw commands (`since`, `at`, `limit`, …). */
export const CLAUSE_WORDS: ReadonlySet<string> = new Set(
  [...rawCommands.values()].flatMap((c) => [...c.clauses.keys()]),
);

/** The other raw commands of `cmd`'s language that take clause `word` (`since` → metrics range). */
export const clauseOwners = (word: string, cmd: RawCommand): RawCommand[] =>
  [...rawCommands.values()].filter((c) => c !== cmd && c.lang === cmd.lang && c.clauses.has(word));

/**
 * The built-in whose argument is read raw, named by a line's first two words: the group word
 * exactly (`metrics`, `logs`), then a sub-command or a unique prefix of one (`q`, `hist`).
 */
export function rawCommandOf(first: string, second: string): RawCommand | undefined {
  if (second === '') return undefined;
  const subs = BUILTIN_NAMES.filter((n) => n.startsWith(`${first} `));
  const exact = subs.find((n) => n === `${first} ${second}`);
  const hits = exact ? [exact] : subs.filter((n) => n.startsWith(`${first} ${second}`));
  return hits.length === 1 ? rawCommands.get(hits[0]!) : undefined;
}
