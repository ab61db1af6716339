// History redaction asks the router metadata before hiding a value: a value that the option's
// InputRe allows only from a fixed list (`key` with `(net|net-port)`) is a choice, not a
// secret. Everything else named like a secret stays `***` (redact.ts), and so does a value
// after a word whose RESOLVED name is secret-like (`pa` → `password`, `comm` → `community`).
import { type CacheView, classifyLineSync } from './index.js';
import type { ResolvedWord } from './types.js';
import type { RedactOptions } from './redact.js';
import { isSecretName, isSecretValue, secretNameStartingWith } from './secret-rule.js';
import type { ScannedLine } from './tokenize.js';
import { resolvedName, secretWordIndexes } from './secret-slots.js';

export { enumeratedValues } from './regex.js';

export function plainValues(
  line: string,
  view: { cache: CacheView; context: readonly string[] },
  scan?: ScannedLine,
): RedactOptions {
  const c = classifyLineSync(line, view, scan);
  if (c.kind === 'empty') return scan ? { scan } : {};
  return redactOptionsOf(c.words, view.context, scan);
}

/**
 * How to redact a line whose words resolved to `words` (synchronously for history and the
 * screen, or a run's resolution for the journal): THE secret rule (secret-rule.ts isSecretValue)
 * on each value.
 */
export function redactOptionsOf(
  words: readonly ResolvedWord[],
  context: readonly string[],
  scan?: ScannedLine,
): RedactOptions {
  const plain = new Set<string>();
  const names = new Map<number, string | undefined>();
  for (const [i, w] of words.entries()) {
    // A secret-like name whose metadata shows a number or a fixed word: not a secret.
    const name =
      w.role === 'option-value'
        ? w.option?.name
        : w.role === 'value'
          ? nameBefore(words, i, context)
          : undefined;
    const shape = w.role === 'option-value' ? w.option : w.node;
    if (name !== undefined && isSecretName(name) && !isSecretValue(name, w.token.text, shape))
      plain.add(w.token.text);
    if (w.role !== 'pending' && w.role !== 'error') names.set(w.token.start, resolvedName(w));
  }
  // A word the metadata did not resolve may still abbreviate a secret-like name.
  const out: RedactOptions = {
    ...(scan ? { scan } : {}),
    nameOf: (column, typed) => (names.has(column) ? names.get(column) : secretNameStartingWith(typed)),
  };
  // A path value in a secret slot (the first word, in an `edit … password` context).
  const secrets = secretWordIndexes(words, context)
    .map((i) => words[i]!)
    .filter((w) => w.role === 'value')
    .map((w) => w.token.start);
  // Through a const, not `out.x = (…) => …`: V8 makes a function written straight into a
  // property in old space, and its context (these words) then outlives young collections.
  const secretValueAt = (column: number) => secrets.includes(column);
  const isPlainValue = (_name: string, value: string) => plain.has(value);
  if (secrets.length) out.secretValueAt = secretValueAt;
  if (plain.size) out.isPlainValue = isPlainValue;
  return out;
}

const nameBefore = (words: readonly ResolvedWord[], i: number, context: readonly string[]) =>
  i === 0 ? context[context.length - 1] : resolvedName(words[i - 1]!);
