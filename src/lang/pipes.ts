// Output pipes, as on Junos: a line may end in `| name args` segments (each `|` a word of its
// own, outside quotes) that act on the command's output. The table is the one place a pipe
// is declared: the parse, completion and the output filter (run/output-pipes.ts) read it.
// In a `metrics` or `logs` expression a `|` belongs to the expression: such lines have none.
import { scanLine } from './tokenize.js';
import type { Completion } from './types.js';

export interface PipeSpec {
  name: string;
  description: string;
  /** How many words the pipe takes after its name. */
  args: 0;
}

export const PIPES: readonly PipeSpec[] = [
  { name: 'no-more', description: 'do not page this output', args: 0 },
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
export function splitPipes(line: string): PipedLine {
  const scan = scanLine(line);
  if (scan.raw) return { command: line, pipes: [] };
  const first = scan.tokens.findIndex((t) => t.text === '|' && !t.quoted);
  if (first < 0) return { command: line, pipes: [] };
  const command = line.slice(0, scan.tokens[first]!.start).replace(/[ \t]+$/, '');
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
      pipes,
      error: { message, column: at.start, length: Math.max(1, at.end - at.start), wordIndex },
    });
    if (!name) return fail(`a pipe name is missing after '|' (pipes: ${names()})`, bar, i);
    const spec = findPipe(name.text);
    if (!spec) return fail(`unknown pipe '${name.text}' (pipes: ${names()})`, name, i + 1);
    const args = words.slice(1);
    if (args.length > spec.args) {
      const extra = args[spec.args]!;
      return fail(`'${spec.name}' takes no argument, not '${extra.text}'`, extra, i + 1 + 1 + spec.args);
    }
    pipes.push({ spec, args: args.map((a) => a.text) });
    i = j;
  }
  return { command, pipes };
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
  if (!isBar(prev)) return none(`'|' for another pipe (${names()}), or Enter`);
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
