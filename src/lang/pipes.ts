// Output pipes, as on Junos: a line may end in `| name [arg]` segments (each `|` a word of its
// own, outside quotes) that act on the command's output, left to right. The table is the one
// place a pipe is declared: the parse, completion, help and the output filter
// (run/output-pipes.ts) read it. In a `metrics` or `logs` expression a `|` belongs to the
// expression (LogsQL has its own pipes): such lines have none.
import { compileSearchRegex } from './regex.js';
import { type ScannedLine, scanLine } from './tokenize.js';
import type { Completion } from './types.js';

/** Why an argument is wrong, with a column inside the argument's text. */
export type ArgCheck = (text: string) => { message: string; column: number } | undefined;

export interface PipeSpec {
  name: string;
  description: string;
  /** The one word the pipe takes after its name, if any: its placeholder and check (`optional`: it may be left out). */
  arg?: { name: string; check: ArgCheck; optional?: boolean };
  examples: readonly string[];
}

const regexArg = {
  name: 'REGEX',
  check: (text: string) => {
    const r = compileSearchRegex(text);
    return r.ok ? undefined : { message: `bad regex: ${r.message}`, column: r.column };
  },
};
const countArg = {
  name: 'N',
  check: (text: string) =>
    /^[1-9]\d{0,8}$/.test(text)
      ? undefined
      : { message: `expected a number of lines, not '${text}'`, column: 0 },
};
/** `| refresh [SECONDS]`: how often, and the default when left out. */
export const REFRESH_SECONDS = { min: 1, max: 3600, default: 2 } as const;

/** A command (the line before its pipes) that only reads: what `| refresh` repeats and a dashboard's show panel runs. */
export const isReadOnlyCommand = (command: string): boolean => /^\s*(show|describe)(\s|$)/.test(command);
/** Why a script (-c, -f, stdin, a dry run) refuses `| refresh` (exit 2). */
export const REFRESH_IN_SCRIPT =
  "'| refresh' needs the interactive shell: a script runs each line once (leave it out)";
/** Why a script (-c, -f, stdin, a dry run) refuses `| graph` (exit 2). */
export const GRAPH_IN_SCRIPT =
  "'| graph' needs the interactive shell: it draws a live pane until q (leave it out)";
/** The line `| graph` draws: a ping, as typed (the router's `ping` node). */
export const isPingCommand = (command: string): boolean => /^\s*ping(\s|$)/.test(command);
const secondsArg = {
  name: 'SECONDS',
  optional: true,
  check: (text: string) =>
    /^\d{1,5}$/.test(text) && Number(text) >= REFRESH_SECONDS.min && Number(text) <= REFRESH_SECONDS.max
      ? undefined
      : {
          message: `expected seconds, ${REFRESH_SECONDS.min}-${REFRESH_SECONDS.max}, not '${text}'`,
          column: 0,
        },
};
const fileArg = {
  name: 'FILE',
  check: (text: string) => (text === '' ? { message: 'expected a file name', column: 0 } : undefined),
};

export const PIPES: readonly PipeSpec[] = [
  {
    name: 'match',
    description: 'only the lines matching REGEX (RE2 syntax)',
    arg: regexArg,
    examples: ['show interface | match UP', 'history | match "^ *[0-9]+  interface"'],
  },
  {
    name: 'except',
    description: 'the lines not matching REGEX (RE2 syntax)',
    arg: regexArg,
    examples: ['show interface | except RX|TX', 'describe interface | except ^$'],
  },
  {
    name: 'count',
    description: "count the output's lines",
    examples: ['show interface | count', 'show interface | match UP | count'],
  },
  {
    name: 'last',
    description: 'only the last N lines',
    arg: countArg,
    examples: ['history | last 10', 'show interface | last 3'],
  },
  {
    name: 'json',
    description: 'the result as JSON, as --json prints it',
    examples: ['show interface eth0 | json', 'describe interface | json | match Description'],
  },
  {
    name: 'save',
    description: 'write the output to FILE (never overwrites)',
    arg: fileArg,
    examples: ['show interface | save interfaces.txt', 'show interface | json | save interfaces.json'],
  },
  {
    name: 'no-more',
    description: 'do not page this output',
    examples: ['show interface | no-more', 'history | no-more'],
  },
  {
    name: 'refresh',
    description: `run a show or describe line again every SECONDS (default ${REFRESH_SECONDS.default}), in place, until q`,
    arg: secondsArg,
    examples: ['show interface | refresh', 'show interface | match UP | refresh 5'],
  },
  {
    name: 'graph',
    description: "draw a ping's round-trip times live, one ping (count 1) each interval, until q",
    examples: ['ping 10.0.0.1 | graph', 'ping 10.0.0.1 interval 0.5 count 100 | graph'],
  },
];

export interface PipeCall {
  spec: PipeSpec;
  args: string[];
}

export interface PipeError {
  message: string;
  column: number;
  length: number;
  wordIndex: number;
}

export interface PipedLine {
  /** The line without its pipes (what the resolver reads). */
  command: string;
  /** `command` as the lexer read it (its tokens are the line's own: nothing is read twice). */
  scan?: ScannedLine;
  pipes: PipeCall[];
  error?: PipeError;
}

/** The pipe named `word`: exactly, or by a unique prefix (`| no-m`). */
export function findPipe(word: string): PipeSpec | undefined {
  return PIPES.find((p) => p.name === word) ?? onlyOne(PIPES.filter((p) => p.name.startsWith(word)));
}
const onlyOne = <T>(xs: T[]): T | undefined => (xs.length === 1 ? xs[0] : undefined);

/** Where the first pipe's `|` is in `line` (undefined when the line has none). */
export function pipeStart(line: string): number | undefined {
  const scan = scanLine(line);
  if (scan.raw) return undefined;
  return scan.tokens.find((t) => t.text === '|' && !t.quoted)?.start;
}

/** Splits the trailing pipes off `line` and checks them against the table. */
/** Junos' `show | compare` is the built-in `compare` (the session's changes), not a pipe. */
const SHOW_COMPARE = /^\s*show\s+\|\s*compare\s*$/;

export function splitPipes(line: string, read?: ScannedLine): PipedLine {
  // One place for the alias, so the shell, -c/-f, a paste's check and --dry-run agree.
  if (SHOW_COMPARE.test(line)) return { command: 'compare', pipes: [] };
  const scan = read ?? scanLine(line);
  if (scan.raw) return { command: line, scan, pipes: [] };
  const first = scan.tokens.findIndex((t) => t.text === '|' && !t.quoted);
  if (first < 0) return { command: line, scan, pipes: [] };
  const command = line.slice(0, scan.tokens[first]!.start).replace(/[ \t]+$/, '');
  // The command's tokens are the line's up to the bar: same columns, nothing read again.
  const commandScan: ScannedLine = { tokens: scan.tokens.slice(0, first), atNewWord: false };
  const pipes: PipeCall[] = [];
  let i = first;
  while (i < scan.tokens.length) {
    const bar = scan.tokens[i]!;
    let j = i + 1;
    while (j < scan.tokens.length && !(scan.tokens[j]!.text === '|' && !scan.tokens[j]!.quoted)) j++;
    const words = scan.tokens.slice(i + 1, j);
    const name = words[0];
    const fail = (message: string, at: { start: number; end: number }, wordIndex: number): PipedLine => ({
      command,
      scan: commandScan,
      pipes,
      error: { message, column: at.start, length: Math.max(1, at.end - at.start), wordIndex },
    });
    if (!name) return fail(`a pipe name is missing after '|' (pipes: ${names()})`, bar, i);
    const spec = findPipe(name.text);
    if (!spec) return fail(`unknown pipe '${name.text}' (pipes: ${names()})`, name, i + 1);
    const args = words.slice(1);
    const takes = spec.arg ? 1 : 0;
    if (args.length > takes) {
      const extra = args[takes]!;
      const what = spec.arg ? `one argument (${spec.arg.name})` : 'no argument';
      return fail(`'${spec.name}' takes ${what}, not also '${extra.text}'`, extra, i + 2 + takes);
    }
    const arg = args[0];
    if (spec.arg && !arg && !spec.arg.optional)
      return fail(`'${spec.name}' needs ${spec.arg.name}`, name, i + 1);
    const bad = spec.arg && arg ? spec.arg.check(arg.text) : undefined;
    if (bad && arg) {
      // The column is in the text too: -c and -f print no caret.
      const column = arg.start + (arg.quoted ? 1 : 0) + bad.column;
      const at = { start: column, end: column + 1 };
      return fail(`'${spec.name}': ${bad.message} at column ${column + 1}`, at, i + 2);
    }
    pipes.push({ spec, args: args.map((a) => a.text) });
    i = j;
  }
  return { command, scan: commandScan, pipes };
}

const names = () => PIPES.map((p) => p.name).join(', ');

const isBar = (t: { text: string; quoted: boolean } | undefined) => t?.text === '|' && !t.quoted;

/**
 * Completion when the cursor is in the pipe part of the line: pipe names after a `|`;
 * undefined when it is in the command (the command's own completion applies).
 */
export function completePipe(line: string, cursor: number): Completion | undefined {
  const start = pipeStart(line);
  if (start === undefined || cursor <= start) return undefined;
  const scan = scanLine(line.slice(0, cursor), true);
  const typing = scan.atNewWord ? undefined : scan.tokens.at(-1);
  const prev = scan.tokens.at(typing ? -2 : -1);
  const none = (hint: string): Completion => ({
    replaceFrom: cursor,
    replaceTo: cursor,
    candidates: [],
    commonPrefix: '',
    hint,
  });
  if (isBar(typing)) return none(`output pipes: ${names()}`);
  if (!isBar(prev)) {
    // After a pipe's name: its argument, if it takes one and it is still to be typed.
    const bar = scan.tokens.findLastIndex((t) => isBar(t));
    const seg = scan.tokens.slice(bar + 1);
    const spec = seg[0] ? findPipe(seg[0].text) : undefined;
    const onArg = seg.length === (typing ? 2 : 1);
    if (spec?.arg && onArg) return none(`${spec.name} <${spec.arg.name.toLowerCase()}>: ${spec.description}`);
    return none(`'|' for another pipe (${names()}), or Enter`);
  }
  const typed = typing?.text ?? '';
  const matches = PIPES.filter((p) => p.name.startsWith(typed));
  return {
    replaceFrom: typing ? typing.start : cursor,
    replaceTo: cursor,
    candidates: matches.map((p) => ({
      text: p.name,
      display: p.name,
      kind: 'builtin',
      description: p.description,
      insertable: true,
    })),
    commonPrefix: matches.length === 1 ? matches[0]!.name : typed,
    hint: matches.length ? 'an output pipe' : `unknown pipe '${typed}' (pipes: ${names()})`,
  };
}
