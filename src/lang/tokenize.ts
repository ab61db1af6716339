// THE lexer of the command language; nothing else splits a line (the resolver, completion,
// the quote check, redaction and the paste check all read these tokens). Blanks (space, tab)
// separate, "…" and '…' quote, \ escapes (not inside '…'). '#' begins a comment only as the
// first non-blank character of a line: router descriptions hold '#' (`description rack #3`).
// Columns are UTF-16 indexes into the line.
import { goesOnAt, scanExpression } from './expr-scan.js';
import type { RawLang } from './grammar.js';
import { rawCommandOf } from './grammar.js';
import type { Token } from './types.js';

export interface ScannedLine {
  tokens: Token[];
  /** Column where a comment starts, if any. */
  comment?: number;
  /** True when the next typed character starts a new word (empty line or trailing blank). */
  atNewWord: boolean;
  /** The quote still open at the end of the line, if any. */
  openQuote?: '"' | "'";
  /** The quote open at the end of a raw expression (a backtick too), if any. */
  exprQuote?: '"' | "'" | '`';
  /** Where the raw expression part of the line begins, and its language. */
  raw?: { from: number; lang: RawLang };
}

const isBlank = (c: string) => c === ' ' || c === '\t';

/**
 * `prefix`: the line ends at the cursor (completion, the `?` check), so a trailing clause may
 * be half typed. After `metrics query|range` / `logs search|histogram` the rest is handed to
 * expr-scan.ts: the expression is one token (flagged `raw`), then the clause words.
 */
export function scanLine(line: string, prefix = false): ScannedLine {
  const tokens: Token[] = [];
  let i = 0;
  const n = line.length;
  while (i < n) {
    while (i < n && isBlank(line[i]!)) i++;
    if (i >= n) break;
    if (line[i] === '#' && tokens.length === 0) return { tokens, comment: i, atNewWord: false };
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
    const raw = tokens.length === 2 && i < n ? rawCommandOf(...plainWords(tokens)) : undefined;
    if (raw) {
      const e = scanExpression(line, i, raw, prefix);
      if (e.expr) tokens.push(e.expr);
      tokens.push(...e.clauses);
      const out: ScannedLine = { tokens, atNewWord: e.atNewWord, raw: { from: i, lang: raw.lang } };
      if (e.openQuote) out.exprQuote = e.openQuote;
      return out;
    }
  }
  const last = tokens[tokens.length - 1];
  const atNewWord = !last || last.end < n;
  return { tokens, atNewWord };
}

/** The first two words, or empty strings when quoted (a quoted word never names a command). */
const plainWords = (t: Token[]): [string, string] =>
  t[0]!.quoted || t[1]!.quoted ? ['', ''] : [t[0]!.text, t[1]!.text];

export function tokenize(line: string): Token[] {
  return scanLine(line).tokens;
}

/**
 * True when `cursor` sits inside an open quote: a quoted word, or a quoted string (a label
 * value, a regex, a LogsQL phrase) of a raw expression. There `?` is literal text, not help.
 */
export function isInsideQuote(line: string, cursor: number): boolean {
  const s = scanLine(line.slice(0, Math.max(0, Math.min(cursor, line.length))), true);
  return s.openQuote !== undefined || s.exprQuote !== undefined;
}

/** Whether a `?` typed at `cursor` is text (inside a quote) rather than the help key. */
export const isLiteralAt = isInsideQuote;

/**
 * Whether pasted `line` goes on at the pasted `next` line: only an expression (metrics query,
 * logs search, …) with no clause after it, open at the break or broken at an operator.
 */
export function continuesOnNextLine(line: string, next: string): boolean {
  const s = scanLine(line);
  if (!s.raw || s.tokens.at(-1)?.raw === undefined) return false;
  return goesOnAt(line, s.raw.from, s.raw.lang, next);
}

/** Quotes a word for insertion when it would not survive tokenizing as one word. */
export function quoteWord(word: string): string {
  if (word !== '' && !/[\s"'\\]/.test(word) && !word.startsWith('#')) return word;
  return `"${word.replace(/["\\]/g, (c) => `\\${c}`)}"`;
}
