// A typed line as the screen shows it while secrets are masked (`--record`, `play`): the values
// history would redact (lang/redact.ts, read with the metadata as history reads it) become `*`s
// of the same length, so the cursor, the colours and an error's caret keep their columns.
// Masking what is drawn — not only what is recorded — is what makes a recording safe: the
// frame Ink draws a moment late, or an echo written with an older frame, holds no secret.
import type { CacheView } from '../lang/index.js';
import { plainValues } from '../lang/plain-values.js';
import { secretRanges } from '../lang/redact.js';
import { scanLine } from '../lang/tokenize.js';
import { maskRanges } from '../term/mask-secrets.js';

export type LineMask = (text: string, context: readonly string[]) => string;

/** The secret values in `text`, as history would redact them: as typed, and as the lexer reads them (unquoted). */
export function secretValues(text: string, view: { cache: CacheView; context: readonly string[] }): string[] {
  return secretRanges(text, plainValues(text, view)).flatMap((r) => {
    const typed = text.slice(r.start, r.end);
    const value = scanLine(typed).tokens[0]?.text;
    return value !== undefined && value !== typed ? [typed, value] : [typed];
  });
}

export function lineMask(cache: CacheView): LineMask {
  return (text, context) =>
    text === '' ? text : maskRanges(text, secretRanges(text, plainValues(text, { cache, context })));
}
