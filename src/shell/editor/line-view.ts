// What the prompt shows while a line is typed: colour spans from the synchronous
// classification, and a one-line hint (the slot's Help, or why a word is wrong). Pure.
import { type Classification, type Completion, uncheckedNote, type WordRole } from '../../lang/index.js';
import type { Span, SpanStyle } from './PromptLine.js';

const ROLE_STYLE: Record<WordRole, SpanStyle> = {
  verb: 'known',
  builtin: 'known',
  token: 'known',
  value: 'value',
  option: 'option',
  'option-value': 'value',
  error: 'bad',
  pending: 'pending',
};

/** Errors that only say the line is not finished yet: not painted red while it is typed. */
const UNFINISHED = new Set(['incomplete', 'missing-value', 'unbalanced-quote']);

export function lineSpans(c: Classification): Span[] {
  if (c.kind === 'empty') return [];
  const spans = c.words.map((w) => ({ start: w.token.start, end: w.token.end, style: ROLE_STYLE[w.role] }));
  if (c.kind === 'error' && !UNFINISHED.has(c.error.reason)) {
    const at = spans.find((s) => s.start === c.error.column);
    if (at) at.style = 'bad';
    else if (c.error.length > 0)
      spans.push({ start: c.error.column, end: c.error.column + c.error.length, style: 'bad' });
  }
  return spans;
}

/**
 * The hint under the prompt: a real error (a word that cannot be right) wins; otherwise the
 * completion's hint for the slot at the cursor (Help placeholder, what may follow).
 */
export function lineHint(
  c: Classification,
  completion: Completion | 'pending' | undefined,
  atEnd: boolean,
): string | undefined {
  if (c.kind === 'error') {
    const r = c.error.reason;
    // An open quote runs to the end of the line: while typing there it is a value being
    // written; Enter still refuses it with the caret.
    const stillTyping = atEnd && UNFINISHED.has(r);
    if (!stillTyping) return c.error.message;
  }
  // A line that runs, but likely not as meant, says so while it is typed.
  if (c.kind === 'builtin' && c.warning) return `warning: ${c.warning}`;
  // A value accepted only because its server pattern ran out of time says so.
  const note = c.kind === 'empty' ? undefined : uncheckedNote(c.words);
  const hint = (completion && completion !== 'pending' && completion.hint) || undefined;
  return hint && note ? `${hint} — ${note}` : (note ?? hint);
}
