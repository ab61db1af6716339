// One `check:` line of a lesson → a Check, or why not. Words are split by THE lexer (quotes
// and escapes as in the shell); `ran`, `metrics` and `logs` take the rest of the line raw;
// `read` is read-check.ts's.
import { tokenize } from '../../lang/tokenize.js';
import { parseReadCheck } from './read-check.js';
import type { Check, CheckKind } from './types.js';

export const CHECK_KINDS: readonly CheckKind[] = [
  'node',
  'value',
  'option',
  'ran',
  'metrics',
  'logs',
  'read',
];

const isKind = (s: string): s is CheckKind => (CHECK_KINDS as readonly string[]).includes(s);

export function parseCheck(text: string): Check | string {
  const kind = /^\S*/.exec(text)?.[0] ?? '';
  const rest = text.slice(kind.length).trim();
  if (!kind) return 'empty check';
  if (!isKind(kind)) return `unknown check kind '${kind}' (expected ${CHECK_KINDS.join(', ')})`;
  switch (kind) {
    case 'ran': {
      if (!rest) return "check 'ran' needs a pattern";
      try {
        return { kind, pattern: new RegExp(rest) };
      } catch (e) {
        return `check 'ran': bad pattern: ${(e as Error).message}`;
      }
    }
    case 'metrics':
    case 'logs':
      return rest ? { kind, query: rest } : `check '${kind}' needs a query`;
    case 'read':
      return parseReadCheck(rest);
    default:
      return parseNodeCheck(kind, rest);
  }
}

function parseNodeCheck(kind: 'node' | 'value' | 'option', rest: string): Check | string {
  const tokens = tokenize(rest);
  if (tokens.some((t) => !t.closed)) return 'unbalanced quote';
  const words = tokens.map((t) => t.text);
  const eq = tokens.findIndex((t) => t.text === '=' && !t.quoted);
  const before = eq < 0 ? words : words.slice(0, eq);
  const after = eq < 0 ? undefined : words.slice(eq + 1);
  if (after !== undefined && after.length !== 1) return `check '${kind}': one value after '='`;
  switch (kind) {
    case 'node': {
      const state = before.at(-1);
      if (eq >= 0 || (state !== 'present' && state !== 'absent') || before.length < 2) {
        return "check 'node' is: node PATH… present|absent";
      }
      return { kind, path: before.slice(0, -1), present: state === 'present' };
    }
    case 'value':
      if (after === undefined || before.length < 1) return "check 'value' is: value PATH… = VALUE";
      return { kind, path: before, value: after[0] as string };
    case 'option': {
      if (before.length < 3) return "check 'option' is: option PATH… VALUE OPTION [= V]";
      const option = before.at(-1) as string;
      const value = before.at(-2) as string;
      const path = before.slice(0, -2);
      return after === undefined
        ? { kind, path, value, option }
        : { kind, path, value, option, optionValue: after[0] as string };
    }
  }
}
