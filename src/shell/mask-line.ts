// A typed line as the screen shows it, secrets masked (always: routersh is used on projectors):
// the values history would redact (THE secret rule, lang/secrets.ts, with the cached metadata)
// become `*`s of the same length, so the cursor, the colours and an error's caret keep their columns.
// Masking what is drawn — not only what is recorded — is what makes a recording safe: the
// frame Ink draws a moment late, or an echo written with an older frame, holds no secret.
import type { CacheView } from '../lang/index.js';
import { lineSecretRanges } from '../lang/secrets.js';
import { maskRanges } from '../term/mask-secrets.js';

export type LineMask = (text: string, context: readonly string[]) => string;

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
    const masked = maskRanges(text, lineSecretRanges(text, { cache, context }));
    last = { text, context: key, changes, masked };
    return masked;
  };
}
