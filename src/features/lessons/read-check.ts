// `check: read "LINE" json PATH|regex RE OP [VALUE] [wait D] [retries N] [message TEXT]
// [level warning|error]` → a ReadCheck, or why not. Words are split by THE lexer (quotes and
// escapes as in the shell: a regex goes in '…', where a backslash stays). LINE must be a
// `show …` or `describe …` line: a lesson never changes the router through a check. That is
// decided here on the first word (the file is refused with its line) and again by the resolver
// on the router's tree when the check runs (read-probe.ts).
import { splitPipes } from '../../lang/pipes.js';
import { toRe2 } from '../../lang/regex-translate.js';
import { readDuration } from '../../lang/time.js';
import { scanLine } from '../../lang/tokenize.js';
import type { PathStep, ReadCheck, ReadOp } from './types.js';

export const READ_FORM =
  "check 'read' is: read \"LINE\" json PATH|regex 'RE' =|~|>|<|present [VALUE] [wait D] [retries N] [message TEXT] [level warning]";

/** The verbs a read check may run: a show, or a node's metadata. */
export const READ_VERBS = ['show', 'describe'] as const;
const OPS: readonly string[] = ['=', '~', '>', '<', 'present'];
/** A lesson's wait is a hang guard for the trainee's prompt too: bounded. */
export const MAX_WAIT_MS = 120_000;
export const MAX_RETRIES = 30;
const MAX_PATH_STEPS = 64;

/** `a.b[0].c`, `[2]`, `rows[Name=eth1].MTU` → steps, or why not. */
export function parsePath(text: string): PathStep[] | string {
  const steps: PathStep[] = [];
  const bad = `bad JSON path '${text}' (like NodeInfo.ShowOutput[0].MTU or ShowOutput[Name=eth1].MTU)`;
  let i = 0;
  while (i < text.length) {
    if (text[i] === '[') {
      const end = text.indexOf(']', i);
      if (end < 0) return bad;
      const inner = text.slice(i + 1, end);
      const eq = inner.indexOf('=');
      if (/^\d{1,9}$/.test(inner)) steps.push({ kind: 'index', index: Number(inner) });
      else if (eq > 0) steps.push({ kind: 'where', key: inner.slice(0, eq), value: inner.slice(eq + 1) });
      else return bad;
      i = end + 1;
      if (i < text.length && text[i] !== '.' && text[i] !== '[') return bad;
      if (text[i] === '.') i++;
      if (i === text.length && text.endsWith('.')) return bad;
    } else {
      const m = /^[^.[\]]+/.exec(text.slice(i));
      if (!m) return bad;
      steps.push({ kind: 'key', key: m[0] });
      i += m[0].length;
      if (text[i] === '.') {
        i++;
        if (i === text.length) return bad;
      } else if (text[i] === ']') return bad;
    }
  }
  if (!steps.length) return bad;
  if (steps.length > MAX_PATH_STEPS)
    return `JSON path '${text}' is too long (at most ${MAX_PATH_STEPS} steps)`;
  return steps;
}

/** How many capture groups a (V8-valid) pattern has. */
const groupsOf = (re: RegExp): number => (new RegExp(`${re.source}|`).exec('')?.length ?? 1) - 1;

function parseRegex(text: string, oneGroup = true): string | { error: string } {
  let re: RegExp;
  try {
    re = new RegExp(text);
  } catch (e) {
    return { error: `bad regex: ${(e as Error).message}` };
  }
  if (toRe2(text) === null)
    return { error: `regex '${text}' is not RE2 (no lookarounds, no backreferences)` };
  if (oneGroup && groupsOf(re) > 1)
    return { error: `regex '${text}' has more than one group: the value is group 1` };
  return text;
}

/** The line's own check: one `show`/`describe` command, no pipes. */
function checkLine(line: string): string | undefined {
  const scan = scanLine(line);
  const first = scan.tokens[0]?.text;
  if (!first || !(READ_VERBS as readonly string[]).includes(first))
    return `check 'read' runs only a show or describe line, not '${line}' (quote it: read "show interface")`;
  if (splitPipes(line, scan).pipes.length) return `check 'read': no pipes in '${line}'`;
  return undefined;
}

function parseOptions(words: string[], out: ReadCheck): string | undefined {
  for (let i = 0; i < words.length; i += 2) {
    const key = words[i] as string;
    const value = words[i + 1];
    if (value === undefined) return `check 'read': '${key}' needs a value`;
    switch (key) {
      case 'wait': {
        const d = readDuration(value);
        if (!d.ok || d.value > MAX_WAIT_MS)
          return `check 'read': wait is a duration up to 2m, like 5s, not '${value}'`;
        out.waitMs = d.value;
        break;
      }
      case 'retries':
        if (!/^\d{1,2}$/.test(value) || Number(value) > MAX_RETRIES)
          return `check 'read': retries is a whole number up to ${MAX_RETRIES}, not '${value}'`;
        out.retries = Number(value);
        break;
      case 'message':
        if (!value.trim()) return "check 'read': empty message";
        out.message = value;
        break;
      case 'level':
        if (value !== 'warning' && value !== 'error')
          return `check 'read': level is warning or error, not '${value}'`;
        out.level = value;
        break;
      default:
        return `check 'read': unknown option '${key}' (wait, retries, message, level)`;
    }
  }
  return undefined;
}

export function parseReadCheck(rest: string): ReadCheck | string {
  const tokens = scanLine(rest).tokens;
  if (tokens.some((t) => !t.closed)) return 'unbalanced quote';
  const words = tokens.map((t) => t.text);
  const [line, how, what, op] = words;
  if (line === undefined || how === undefined || what === undefined || op === undefined) return READ_FORM;
  const lineIssue = checkLine(line);
  if (lineIssue) return lineIssue;
  if (how !== 'json' && how !== 'regex')
    return `check 'read': json PATH or regex 'RE', not '${how}' (a line of several words is quoted: read "show interface")`;
  let take: ReadCheck['take'];
  if (how === 'json') {
    const path = parsePath(what);
    if (typeof path === 'string') return `check 'read': ${path}`;
    take = { kind: 'json', path };
  } else {
    const re = parseRegex(what);
    if (typeof re !== 'string') return `check 'read': ${re.error}`;
    take = { kind: 'regex', pattern: re };
  }
  if (!OPS.includes(op)) return `check 'read': compare with =, ~, >, < or present, not '${op}'`;
  const out: ReadCheck = { kind: 'read', line, take, op: op as ReadOp, level: 'error' };
  let next = 4;
  if (op !== 'present') {
    const value = words[4];
    if (value === undefined) return `check 'read': '${op}' needs a value`;
    if ((op === '>' || op === '<') && (!value.trim() || !Number.isFinite(Number(value))))
      return `check 'read': '${op}' compares numbers, not '${value}'`;
    if (op === '~') {
      const re = parseRegex(value, false);
      if (typeof re !== 'string') return `check 'read': ${re.error}`;
    }
    out.value = value;
    next = 5;
  }
  return parseOptions(words.slice(next), out) ?? out;
}
