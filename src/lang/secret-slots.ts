// Secret slots read on the RESOLVED words, not the typed ones: `pa hunter4` is a password when
// `pa` resolved to the Token `password`. Each value is judged by THE predicate (secret-rule.ts
// isSecretValue) with its slot's metadata.
//
// Such a value goes into a URL only in the one request the router's API requires (a SET,
// UNSET or SHOW of that path), never in a metadata GET: the walker describes the node from
// its parent's SubNodes entry instead of fetching it (walk.ts `secret`), and a `describe`,
// `edit`, `refresh` or `help` of such a path is refused. `***` (what history shows for a
// secret) in a secret slot is refused too: recalled from history, it would set the secret
// to the literal `***`.
import type { NodeInfo } from '../api/router/types.js';
import { lineError } from './line-error.js';
import { isSecretName, isSecretValue, REDACTED } from './secret-rule.js';
import type { LineError, ResolvedWord } from './types.js';

/** Whether a Value node reached after `path` holds a secret (its parent word is secret-like). */
export function isSecretValueSlot(path: readonly string[], node: NodeInfo): boolean {
  return node.type === 'Value' && isSecretName(path[path.length - 1] ?? '');
}

/** The name a word resolved to: a Token's or an option's name (Values have none). */
export function resolvedName(w: ResolvedWord): string | undefined {
  if (w.role === 'option') return w.option?.name;
  if ((w.role === 'token' || w.role === 'verb' || w.role === 'builtin') && w.node?.type === 'Token')
    return w.node.name;
  return undefined;
}

/**
 * Indexes (into `words`) of the values typed into secret slots; `context` is the `edit`
 * context the line runs in (its last word comes before the line's first).
 */
export function secretWordIndexes(words: readonly ResolvedWord[], context: readonly string[] = []): number[] {
  const out: number[] = [];
  words.forEach((w, i) => {
    const prev = i === 0 ? context[context.length - 1] : resolvedName(words[i - 1]!);
    const secret =
      (w.role === 'option-value' && isSecretValue(w.option?.name ?? '', w.token.text, w.option)) ||
      (w.role === 'value' && isSecretValue(prev ?? '', w.token.text, w.node));
    if (secret) out.push(i);
  });
  return out;
}

/** `***` in a secret slot: a placeholder recalled from history, not a value to send. */
export function redactedPlaceholderError(
  words: readonly ResolvedWord[],
  context: readonly string[],
): LineError | undefined {
  const i = secretWordIndexes(words, context).find((k) => words[k]!.token.text === REDACTED);
  if (i === undefined) return undefined;
  const token = words[i]!.token;
  return lineError(
    { token, wordIndex: i, column: token.start },
    'redacted-secret',
    `'${REDACTED}' is a redacted secret from history: type the value`,
  );
}

/** A secret in the path of a request that is a GET, or that later GETs run under (a context). */
export function secretInPathError(words: readonly ResolvedWord[], what: string): LineError | undefined {
  const i = secretWordIndexes(words).find((k) => words[k]!.role === 'value');
  if (i === undefined) return undefined;
  const token = words[i]!.token;
  return lineError(
    { token, wordIndex: i, column: token.start },
    'secret-in-path',
    `a secret value cannot be part of ${what}: it would be sent in a metadata request (GET)`,
  );
}
