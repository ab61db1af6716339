// History redaction asks the router metadata before hiding a value: a value that the option's
// InputRe allows only from a fixed list (`key` with `(net|net-port)`) is a choice, not a
// secret. Everything else named like a secret stays `***` (redact.ts), and so does a value
// after a word whose RESOLVED name is secret-like (`pa` → `password`, `comm` → `community`).
import { type CacheView, classifyLineSync } from './index.js';
import { type RedactOptions, secretNameStartingWith } from './redact.js';
import type { ScannedLine } from './tokenize.js';
import { resolvedName, secretWordIndexes } from './secret-slots.js';

import { enumeratedValues } from './regex.js';

export { enumeratedValues } from './regex.js';

export function plainValues(
  line: string,
  view: { cache: CacheView; context: readonly string[] },
  scan?: ScannedLine,
): RedactOptions {
  const c = classifyLineSync(line, view, scan);
  if (c.kind === 'empty') return scan ? { scan } : {};
  const plain = new Set<string>();
  const names = new Map<number, string | undefined>();
  for (const w of c.words) {
    const choices =
      w.role === 'option-value' && w.option?.inputRe ? enumeratedValues(w.option.inputRe) : undefined;
    if (choices?.includes(w.token.text)) plain.add(w.token.text);
    if (w.role !== 'pending' && w.role !== 'error') names.set(w.token.start, resolvedName(w));
  }
  // A word the metadata did not resolve may still abbreviate a secret-like name.
  const out: RedactOptions = {
    ...(scan ? { scan } : {}),
    nameOf: (column, typed) => (names.has(column) ? names.get(column) : secretNameStartingWith(typed)),
  };
  // A path value in a secret slot (the first word, in an `edit … password` context). Option
  // values are judged by their option's name, where a fixed choice (`key net`) is kept.
  const secrets = secretWordIndexes(c.words, view.context)
    .map((i) => c.words[i]!)
    .filter((w) => w.role === 'value')
    .map((w) => w.token.start);
  if (secrets.length) out.secretValueAt = (column) => secrets.includes(column);
  if (plain.size) out.isPlainValue = (_name, value) => plain.has(value);
  return out;
}
