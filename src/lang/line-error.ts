// Line errors: one-line messages naming the word and what was expected, and their wrapping
// into the typed RoutershError ('validation') that the runner reports.
import { RoutershError } from '../errors.js';
import { sanitizeLine } from '../term/sanitize.js';
import { didYouMean } from './fuzzy.js';
import type { LineError, LineErrorReason, Token } from './types.js';

const MAX_LISTED = 6;

/** "a, b, c…" — server-provided names made safe for the terminal. */
export function listNames(names: readonly string[]): string {
  const shown = names.slice(0, MAX_LISTED).map(sanitizeLine).join(', ');
  return names.length > MAX_LISTED ? `${shown}…` : shown;
}

export const quoteName = (s: string) => `'${sanitizeLine(s)}'`;

export interface ErrorAt {
  token?: Token;
  wordIndex: number;
  /** Column used when there is no token (end of line). */
  column: number;
}

export function lineError(
  at: ErrorAt,
  reason: LineErrorReason,
  message: string,
  o: { candidates?: string[]; expected?: string; fuzzyOver?: readonly string[]; word?: string } = {},
): LineError {
  const candidates = o.candidates ?? [];
  const e: LineError = {
    message,
    wordIndex: at.wordIndex,
    column: at.token ? at.token.start : at.column,
    length: at.token ? at.token.end - at.token.start : 0,
    candidates,
    reason,
  };
  if (o.expected !== undefined) e.expected = o.expected;
  const pool = o.fuzzyOver ?? candidates;
  if (o.word !== undefined && o.word !== '') {
    const dym = didYouMean(pool, o.word);
    if (dym !== undefined && dym !== o.word) {
      e.didYouMean = dym;
      e.message = `${message} (did you mean ${quoteName(dym)}?)`;
    }
  }
  return e;
}

/** The RoutershError a runner throws for a line that failed local checks. */
export function validationError(e: LineError): RoutershError {
  return new RoutershError('validation', e.message, { column: e.column, word: e.wordIndex });
}
