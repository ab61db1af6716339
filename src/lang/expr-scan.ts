// The raw part of a line after `metrics query|range` / `logs search|histogram`: the expression
// byte for byte, and the command's trailing clauses (`since 1h`, `limit 50`, …). Part of THE
// lexer (tokenize.ts hands the rest of such a line here). A clause is recognised only at the
// end, as whole blank-separated words outside quotes, brackets and right after no `|`, and
// only when its value parses; ` -- ` puts clauses after an expression unambiguously.
import type { ClauseSpec, RawLang } from './grammar.js';
import type { Token } from './types.js';

export interface ExprScan {
  /** The expression token (absent when nothing follows the command words). */
  expr?: Token;
  clauses: Token[];
  /** The quote open at the end of the scanned text, if any. */
  openQuote?: '"' | "'" | '`';
  atNewWord: boolean;
}

/** ` -- ` between an expression and its clauses. */
export const CLAUSE_SEPARATOR = '--';

/** LogsQL pipes take their own `limit N` and `by (…)`: after a `|` the query keeps them. */
const PIPE_WORDS = new Set(['limit', 'by']);

interface Word {
  start: number;
  end: number;
  text: string;
  /** No quote or bracket in it, and not inside one: a candidate clause word. */
  plain: boolean;
}

const isBlank = (c: string) => c === ' ' || c === '\t' || c === '\n' || c === '\r';
const OPEN: Record<string, string> = { '(': ')', '[': ']', '{': '}' };
const CLOSE: Record<string, string> = { ')': '(', ']': '[', '}': '{' };

interface Lexed {
  words: Word[];
  /** Index of the first word after the first top-level `|` (LogsQL pipes). */
  firstPiped: number;
  openQuote?: { q: '"' | "'" | '`'; at: number };
  error?: { message: string; column: number };
  /** Quoted strings, [open, close] columns: to spot an expression wrapped whole in one pair. */
  strings: Map<number, number>;
  /** A bracket is still open at the end. */
  depth: number;
  /** The text outside comments, blanks squeezed: what the expression says so far. */
  code: string;
}

/** One pass over the text: quotes, brackets, `#` comments and the blank-separated words. */
function lex(line: string, from: number, lang: RawLang): Lexed {
  const words: Word[] = [];
  const stack: Array<{ c: string; at: number }> = [];
  const strings = new Map<number, number>();
  let quote: { q: '"' | "'" | '`'; at: number } | undefined;
  let comment = false;
  let firstPiped = Number.POSITIVE_INFINITY;
  let error: Lexed['error'];
  let word: Word | undefined;
  let code = '';
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
    if (!word) word = { start: i, end: i, text: '', plain: stack.length === 0 };
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
    code: code.trim(),
    ...(error ? { error } : {}),
  };
  if (quote) out.openQuote = quote;
  return out;
}

const tokenOf = (w: Word): Token => ({
  text: w.text,
  start: w.start,
  end: w.end,
  quoted: false,
  closed: true,
});

/** After ` -- ` starting with a clause name, the rest is clauses (the walker checks them). */
const clausesAfterSeparator = (words: readonly Word[], spec: ReadonlyMap<string, ClauseSpec>) =>
  words[0]?.plain && spec.has(words[0].text) && words.every((w) => w.plain) ? [...words] : undefined;

/**
 * Scans `line` from column `from` (after the command words). `prefix`: the text ends at the
 * cursor, so a last clause may still be half typed (`since 1`, `since `).
 */
export function scanExpression(
  line: string,
  from: number,
  lang: RawLang,
  spec: ReadonlyMap<string, ClauseSpec>,
  prefix = false,
): ExprScan {
  const lx = lex(line, from, lang);
  const W = lx.words;
  const trailingBlank = line.length > 0 && isBlank(line[line.length - 1]!) && !lx.openQuote;
  let exprEnd = W.length;
  let clauses: Word[] = [];
  const balanced = !lx.error || prefix;
  const afterPipe = (k: number) => {
    return W[k - 1]?.text.endsWith('|') === true && !lx.openQuote;
  };
  // ` -- CLAUSES`: the last separator whose right side is clauses and nothing else.
  for (let k = W.length - 1; k >= 0 && balanced; k--) {
    if (W[k]!.text !== CLAUSE_SEPARATOR || !W[k]!.plain) continue;
    // While typing, whatever follows the separator is clauses being written.
    const after = W.slice(k + 1);
    const rest =
      prefix && after.length <= 1 && after.every((w) => w.plain) ? after : clausesAfterSeparator(after, spec);
    if (rest && (rest.length > 0 || prefix)) {
      exprEnd = k;
      clauses = rest;
    }
    break;
  }
  if (exprEnd === W.length && !lx.openQuote && balanced) {
    const piped = (k: number) => lang === 'logsql' && k >= lx.firstPiped;
    let j = W.length;
    const usable = (k: number) => {
      const w = W[k];
      if (!w?.plain || afterPipe(k)) return undefined;
      const c = spec.get(w.text);
      if (!c || (piped(k) && PIPE_WORDS.has(w.text))) return undefined;
      return c;
    };
    for (;;) {
      const atLast = j === W.length;
      // While typing: `since ` waits for its value; `since 1` is a value being typed.
      if (prefix && atLast && trailingBlank && usable(j - 1) && !usable(j - 1)!.flag) {
        j -= 1;
        continue;
      }
      const key = usable(j - 2);
      const v = W[j - 1];
      if (key && !key.flag && v?.plain) {
        const partial = prefix && atLast && !trailingBlank;
        if (partial || (key.shape ? key.shape(v.text) : key.check?.(v.text) === undefined)) {
          j -= 2;
          continue;
        }
      }
      if (usable(j - 1)?.flag && !(prefix && atLast && !trailingBlank)) {
        j -= 1;
        continue;
      }
      break;
    }
    exprEnd = j;
    clauses = W.slice(j);
  }
  const out: ExprScan = {
    clauses: clauses.map(tokenOf),
    atNewWord: prefix ? trailingBlank : false,
  };
  if (lx.openQuote) out.openQuote = lx.openQuote.q;
  const exprWords = W.slice(0, exprEnd);
  if (exprWords.length === 0 && clauses.length === 0) {
    out.atNewWord = true;
    return out;
  }
  const start = exprWords[0]?.start ?? clauses[0]!.start;
  let end = exprWords.length ? exprWords[exprWords.length - 1]!.end : start;
  // While typing, an expression that plainly goes on (`rate(`, `a /`, `x | `) keeps the
  // blanks typed after it: completion continues the expression, not the clauses.
  if (prefix && clauses.length === 0 && trailingBlank && goesOn(line.slice(start, end))) {
    end = line.length;
    out.atNewWord = false;
  }
  // Byte for byte: blanks after the expression are its own when no clause follows.
  if (!prefix && clauses.length === 0 && exprWords.length > 0) end = line.length;
  const raw = line.slice(start, end);
  const expr: Token = { text: raw, start, end, quoted: false, closed: !lx.openQuote, raw: lang };
  const q = raw[0];
  // The command language's own quotes only ("…", '…'); a backtick string is PromQL's.
  if (lang === 'metricsql' && (q === '"' || q === "'") && lx.strings.get(start) === end - 1) {
    expr.text = unwrap(raw);
    expr.quoted = true;
  }
  if (lx.error && !prefix && exprWords.length > 0) {
    expr.rawError = { message: lx.error.message, column: lx.error.column };
  }
  out.expr = expr;
  return out;
}

const GOES_ON =
  /(?:[([{,|=~!+\-*/^%<>]|\b(?:by|without|on|ignoring|group_left|group_right|and|or|unless|offset|bool|AND|OR|NOT))$/;
const goesOn = (text: string) => text === '' || GOES_ON.test(text.trimEnd());

/** The inside of one quoted string, read as the command language reads quotes. */
function unwrap(raw: string): string {
  const q = raw[0]!;
  const inner = raw.slice(1, -1);
  return q === '"' ? inner.replace(/\\([\s\S])/g, '$1') : inner;
}

const OPERATOR_END =
  /(?:[([{,|=~!+\-*/^%<>]|\b(?:and|or|unless|by|without|on|ignoring|group_left|group_right|bool|offset|AND|OR|NOT)|\b(?:on|ignoring|group_left|group_right) ?\([^()]*\))$/;
const OPERATOR_START =
  /^(?:[()\]}|=!+\-*/^%<>]|(?:and|or|unless|on|ignoring|group_left|group_right|by|without|offset|bool|AND|OR|NOT)\b)/;

/**
 * Whether a pasted expression (the text from `from`) goes on at the next pasted line: it ends
 * inside a quote or bracket, has said nothing yet but comments, one of the two lines holds an
 * operator at the break (`a /` ⏎ `b`, `x` ⏎ `| stats …`, `y` ⏎ `or z`), or the next line is
 * indented deeper than the command's own line (how rules are laid out).
 */
export function goesOnAt(line: string, from: number, lang: RawLang, next: string): boolean {
  const lx = lex(line, from, lang);
  if (lx.openQuote || lx.depth > 0) return true;
  if (lx.error) return false;
  const head = next.trimStart();
  if (head === '') return false;
  const indent = (t: string) => t.length - t.trimStart().length;
  return (
    lx.code === '' ||
    OPERATOR_END.test(lx.code) ||
    OPERATOR_START.test(head) ||
    head.startsWith('#') ||
    indent(next) > indent(line)
  );
}
