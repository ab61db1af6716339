// THE lexer of the command language; nothing else splits a line (the resolver, completion,
// the quote check, redaction and the paste check all read these tokens). Blanks (space, tab)
// separate, "…" and '…' quote, \ escapes (not inside '…'), '#' at the start of a word begins
// a comment. Columns are UTF-16 indexes into the line.
import type { Token } from './types.js';

export interface ScannedLine {
  tokens: Token[];
  /** Column where a comment starts, if any. */
  comment?: number;
  /** True when the next typed character starts a new word (empty line or trailing blank). */
  atNewWord: boolean;
  /** The quote still open at the end of the line, if any. */
  openQuote?: '"' | "'";
}

const isBlank = (c: string) => c === ' ' || c === '\t';

export function scanLine(line: string): ScannedLine {
  const tokens: Token[] = [];
  let i = 0;
  const n = line.length;
  while (i < n) {
    while (i < n && isBlank(line[i]!)) i++;
    if (i >= n) break;
    if (line[i] === '#') return { tokens, comment: i, atNewWord: false };
    const start = i;
    let text = '';
    let quoted = false;
    let open: '"' | "'" | undefined;
    while (i < n && !isBlank(line[i]!)) {
      const c = line[i]!;
      if (c === '\\') {
        // A trailing backslash stays literal: there is nothing to escape.
        text += i + 1 < n ? line[i + 1]! : '\\';
        i += 2;
      } else if (c === '"' || c === "'") {
        quoted = true;
        i++;
        let done = false;
        while (i < n) {
          const d = line[i]!;
          if (d === c) {
            done = true;
            i++;
            break;
          }
          if (d === '\\' && c === '"' && i + 1 < n) {
            text += line[i + 1]!;
            i += 2;
          } else {
            text += d;
            i++;
          }
        }
        if (!done) open = c;
      } else {
        text += c;
        i++;
      }
    }
    tokens.push({ text, start, end: Math.min(i, n), quoted, closed: open === undefined });
    // An open quote runs to the end of the line: this was the last token.
    if (open !== undefined) return { tokens, atNewWord: false, openQuote: open };
  }
  const last = tokens[tokens.length - 1];
  const atNewWord = !last || last.end < n;
  return { tokens, atNewWord };
}

export function tokenize(line: string): Token[] {
  return scanLine(line).tokens;
}

/** True when `cursor` sits inside an open quote (there `?` is literal text, not help). */
export function isInsideQuote(line: string, cursor: number): boolean {
  return scanLine(line.slice(0, Math.max(0, Math.min(cursor, line.length)))).openQuote !== undefined;
}

/** Quotes a word for insertion when it would not survive tokenizing as one word. */
export function quoteWord(word: string): string {
  if (word !== '' && !/[\s"'\\]/.test(word) && !word.startsWith('#')) return word;
  return `"${word.replace(/["\\]/g, (c) => `\\${c}`)}"`;
}
