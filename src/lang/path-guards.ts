// Path words a server would not read as words: `.` and `..` are dot segments, which a
// normalising server or proxy resolves (`DELETE /api/interface/..` becomes `DELETE /api/`).
// Percent-encoding does not help (WHATWG URL parsers read `%2E%2E` as `..`), so they are
// refused before anything is sent. The router client's encoder refuses them again.
import { lineError, type ErrorAt } from './line-error.js';
import type { LineError } from './types.js';

export const isDotSegment = (word: string): boolean => word === '.' || word === '..';

export function dotSegmentMessage(word: string): string {
  const what = word === '..' ? 'the parent' : 'this same node';
  return `'${word}' cannot be a path word (a server would read it as "${what}")`;
}

/** The error for a dot segment typed as a router path word, else undefined. */
export function dotSegmentError(at: ErrorAt, word: string): LineError | undefined {
  return isDotSegment(word) ? lineError(at, 'dot-segment', dotSegmentMessage(word)) : undefined;
}
