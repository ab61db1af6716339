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

/**
 * The mask of the line drawn. Every frame draws the line, and most frames (Tab, a move in the
 * menu, C-g) draw it unchanged: the last answer is kept for the same text, context and
 * metadata (the cache's change count), so such a frame does not classify the line again.
 */
export function lineMask(cache: CacheView): LineMask {
  let last: { text: string; context: string; changes: number | undefined; masked: string } | undefined;
  return (text, context) => {
    if (text === '') return text;
    const key = context.join('\u0000');
    const changes = cache.changes;
    if (changes !== undefined && last?.text === text && last.context === key && last.changes === changes)
      return last.masked;
    const masked = maskRanges(text, secretRanges(text, plainValues(text, { cache, context })));
    last = { text, context: key, changes, masked };
    return masked;
  };
}
