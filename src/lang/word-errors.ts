// Messages for words that cannot be right: unknown or ambiguous words and options, values
// that fail InputRe. They name the word, list what was expected, and suggest the closest.
// A value typed into a secret-looking slot (password, key, token…) is never echoed.
import { valueTypeText } from './value-type.js';
import type { NodeInfo } from '../api/router/types.js';
import { isBuiltinNode } from './builtins.js';
import { lineError, listNames, quoteName } from './line-error.js';
import { optionAvailable, optionsFor, tokenUsable, type WordMatch } from './match.js';
import { enumeratedValues } from './regex.js';
import type { LineError } from './types.js';
import type { At, WalkState } from './walk-state.js';

const SECRETISH = /pass|secret|key|token/i;

/**
 * The offered value a refused word matches but for case (`drop` where `DROP` is offered):
 * from PossibleValues, SetValues, or an InputRe that lists literal words.
 */
export function caseFix(word: string, offered: readonly string[]): string | undefined {
  const lower = word.toLowerCase();
  return offered.find((v) => v !== word && v.toLowerCase() === lower);
}

export const offeredOf = (n: { possibleValues?: string[]; setValues?: string[]; inputRe?: string }) => [
  ...(n.possibleValues ?? []),
  ...(n.setValues ?? []),
  ...(n.inputRe !== undefined ? (enumeratedValues(n.inputRe) ?? []) : []),
];

/** `message` with "did you mean" for a case fix, if there is one. */
export const withCaseFix = (message: string, fix: string | undefined): string =>
  fix === undefined ? message : `${message} (did you mean ${quoteName(fix)}?)`;

export function secretSlot(s: WalkState, name: string): boolean {
  return SECRETISH.test(name) || SECRETISH.test(s.path[s.path.length - 1] ?? '');
}

export function optionMatchError(s: WalkState, m: WordMatch, at: At, w: string): LineError | undefined {
  if (m.kind === 'option') return undefined;
  const action = s.mode === 'builtin' ? 'SET' : s.action;
  const avail = optionsFor(s.optNode!, action)
    .filter((o) => optionAvailable(o, action))
    .map((o) => o.name);
  if (m.kind === 'ambiguous-option') {
    return lineError(at, 'ambiguous', `ambiguous option ${quoteName(w)}: could be ${listNames(m.names)}`, {
      candidates: m.names,
    });
  }
  const late = s.optNode?.subNodes.some((c) => c.name === w)
    ? ' (options come after the last path word)'
    : '';
  const list = avail.length ? `: expected one of ${listNames(avail)}` : ': no options here';
  return lineError(at, 'option-unknown', `unknown option ${quoteName(w)}${list}${late}`, {
    candidates: avail,
    word: w,
    ...(avail.length ? { expected: listNames(avail) } : {}),
  });
}

export function pathError(
  s: WalkState,
  node: NodeInfo,
  children: readonly NodeInfo[],
  m: WordMatch,
  at: At,
  w: string,
): LineError {
  if (m.kind === 'ambiguous') {
    return lineError(at, 'ambiguous', `ambiguous word ${quoteName(w)}: could be ${listNames(m.names)}`, {
      candidates: m.names,
    });
  }
  const action = s.mode === 'builtin' ? 'SET' : s.action;
  const tokens = children.filter((c) => c.type === 'Token' && tokenUsable(c, action)).map((c) => c.name);
  const opts = optionsFor(node, action)
    .filter((o) => optionAvailable(o, action))
    .map((o) => o.name);
  const values = m.kind === 'none' ? m.valueNodes : [];
  if (values.length > 0) {
    const expected = values.map((v) => v.help ?? valueTypeText(v.name)).join(' or ');
    const shown = values.some((v) => secretSlot(s, `${v.name} ${v.help ?? ''}`)) ? '***' : w;
    const more = tokens.length ? ` or one of ${listNames(tokens)}` : '';
    const fix = shown === w ? caseFix(w, values.flatMap(offeredOf)) : undefined;
    if (fix !== undefined) {
      const message = withCaseFix(`invalid value ${quoteName(w)}: expected ${expected}${more}`, fix);
      return { ...lineError(at, 'value', message, { expected, candidates: tokens }), didYouMean: fix };
    }
    return lineError(at, 'value', `invalid value ${quoteName(shown)}: expected ${expected}${more}`, {
      expected,
      candidates: tokens,
      fuzzyOver: [...tokens, ...opts],
      word: w,
    });
  }
  const all = [...tokens, ...opts];
  // At the first word the built-ins would drown the router's words: listed only when alone.
  const routerOnly = children.filter(
    (c) => c.type === 'Token' && !isBuiltinNode(c) && tokenUsable(c, action),
  );
  const listed =
    children.some(isBuiltinNode) && routerOnly.length > 0 ? [...routerOnly.map((c) => c.name), ...opts] : all;
  const list = listed.length ? `: expected one of ${listNames(listed)}` : ': nothing more is expected here';
  return lineError(at, 'unknown', `unknown word ${quoteName(w)}${list}`, {
    candidates: listed,
    fuzzyOver: all,
    word: w,
    ...(listed.length ? { expected: listNames(listed) } : {}),
  });
}
