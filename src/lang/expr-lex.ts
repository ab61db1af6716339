// The raw half of THE lexer (tokenize.ts hands the rest of a `metrics query|range` /
// `logs search|histogram` line here): one pass over an expression's quotes, brackets, `#`
// comments, MetricsQL's backslash escapes outside strings, and its blank-separated words.
import type { RawLang } from './grammar.js';

export interface Word {
  start: number;
  end: number;
  text: string;
  /** No quote or bracket in it, and not inside one: a candidate clause word. */
  plain: boolean;
  /** Inside a `#` comment. */
  comment?: boolean;
}

export interface Lexed {
  words: Word[];
  /** Index of the first word after the first top-level `|` (LogsQL pipes). */
  firstPiped: number;
  openQuote?: { q: '"' | "'" | '`'; at: number };
  /** Why the text cannot be sent: a closing bracket that fits nothing, else what is left open. */
  error?: { message: string; column: number };
  /** A closing bracket that fits nothing (an error even while the text is still being typed). */
  mismatch?: boolean;
  /** A backslash-escaped quote outside strings (`a=\"b\"`: the command language's quoting, not a name). */
  escapedQuote?: boolean;
  /** Quoted strings, [open, close] columns. */
  strings: Map<number, number>;
  /** A bracket is still open at the end. */
  depth: number;
  /** The brackets open at the end, outermost first. */
  openBrackets: ReadonlyArray<{ c: string; at: number }>;
  /** The text outside comments, blanks squeezed: what the expression says so far. */
  code: string;
}

export const isBlank = (c: string) => c === ' ' || c === '\t' || c === '\n' || c === '\r';
const OPEN: Record<string, string> = { '(': ')', '[': ']', '{': '}' };
const CLOSE: Record<string, string> = { ')': '(', ']': '[', '}': '{' };

/** Lexes `line` from column `from` to its end. */
export function lex(line: string, from: number, lang: RawLang): Lexed {
  const words: Word[] = [];
  const stack: Array<{ c: string; at: number }> = [];
  const strings = new Map<number, number>();
  let quote: { q: '"' | "'" | '`'; at: number } | undefined;
  let comment = false;
  let firstPiped = Number.POSITIVE_INFINITY;
  let error: Lexed['error'];
  let word: Word | undefined;
  let code = '';
  let escapedQuote = false;
  const n = line.length;
  for (let i = from; i < n; i++) {
    const c = line[i]!;
    const at = i;
    if (!quote && isBlank(c)) {
      if (word) words.push(word);
      word = undefined;
      if (c === '\n') comment = false;
      if (!comment && code !== '' && !code.endsWith(' ')) code += ' ';
      continue;
    }
    if (!word)
      word = { start: i, end: i, text: '', plain: stack.length === 0, ...(comment ? { comment } : {}) };
    let plainChar = true;
    if (quote) {
      plainChar = false;
      if (c === '\\' && quote.q !== '`' && i + 1 < n) i++;
      else if (c === quote.q) {
        strings.set(quote.at, i);
        quote = undefined;
      }
    } else if (comment) {
      // comment text: no quotes, brackets or pipes, but words still count (clauses may follow)
    } else if (c === '\\' && lang === 'metricsql' && i + 1 < n) {
      // A MetricsQL name escapes any character (`foo\-bar`, `a\{b`): no bracket, quote or blank.
      i++;
      if (line[i] === '"' || line[i] === "'" || line[i] === '`') escapedQuote = true;
    } else if (c === '#' && (lang === 'metricsql' || i === word.start)) {
      comment = true;
    } else if (c === '"' || c === "'" || c === '`') {
      quote = { q: c, at: i };
      plainChar = false;
    } else if (OPEN[c]) {
      stack.push({ c, at: i });
      plainChar = false;
    } else if (CLOSE[c]) {
      plainChar = false;
      const top = stack.pop();
      // LogsQL writes half-open ranges: day_range[08:00, 18:00).
      const fits = top && (top.c === CLOSE[c] || (lang === 'logsql' && top.c !== '{' && c !== '}'));
      if (!fits && !error) error = { message: `unbalanced '${c}' in the expression`, column: i };
    } else if (c === '|' && stack.length === 0 && firstPiped === Number.POSITIVE_INFINITY) {
      firstPiped = words.length + 1;
    }
    if (!plainChar) word.plain = false;
    word.end = i + 1;
    if (!comment) code += line.slice(at, i + 1);
  }
  if (word) {
    word.end = n;
    words.push(word);
  }
  for (const w of words) w.text = line.slice(w.start, w.end);
  const mismatch = error !== undefined;
  // An open quote first: it is why the brackets after it look open.
  if (quote && !error) error = { message: `unbalanced '${quote.q}' in the expression`, column: quote.at };
  if (!error && stack.length > 0) {
    const top = stack[stack.length - 1]!;
    error = { message: `unbalanced '${top.c}' in the expression`, column: top.at };
  }
  const out: Lexed = {
    words,
    firstPiped,
    strings,
    depth: stack.length,
    openBrackets: stack,
    code: code.trim(),
    ...(error ? { error } : {}),
    ...(mismatch ? { mismatch } : {}),
    ...(escapedQuote ? { escapedQuote } : {}),
  };
  if (quote) out.openQuote = quote;
  return out;
}
