// The raw part of a line after `metrics query|range` / `logs search|histogram`: the expression
// byte for byte, and the command's trailing clauses (`since 1h`, `limit 50`, …). Part of THE
// lexer (tokenize.ts hands the rest of such a line here; expr-lex.ts reads the characters). A
// clause is recognised only at the end, as whole blank-separated words outside quotes,
// brackets and right after no `|`, and only when its value parses; ` -- ` puts clauses after an
// expression unambiguously. A MetricsQL expression wrapped whole in quotes: expr-wrap.ts.
import { clauseHint, clausesBeforePipe, clausesStart, misplacedClause } from './expr-clauses.js';
import { isBlank, lex, type Word } from './expr-lex.js';
import { findWrapped, type Wrapped } from './expr-wrap.js';
import { CLAUSE_WORDS, type ClauseSpec, type RawCommand, type RawLang } from './grammar.js';
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
 * cursor, so a last clause may still be half typed (`since 1`, `since `), and a wrapped
 * expression's closing quote may not be typed yet.
 */
export function scanExpression(line: string, from: number, cmd: RawCommand, prefix = false): ExprScan {
  const w = cmd.lang === 'metricsql' ? findWrapped(line, from) : undefined;
  return (w && wrappedScan(line, w, cmd, prefix)) ?? rawScan(line, from, cmd, prefix);
}

const endsInBlank = (line: string) => line.length > 0 && isBlank(line[line.length - 1]!);

/** The words after a wrapped expression's closing quote, read as its clauses (or not: then it is no wrapper). */
function tailClauses(tail: readonly Word[], prefix: boolean, trailingBlank: boolean): Word[] | undefined {
  if (tail.length === 0) return [];
  if (!tail.every((w) => w.plain)) return undefined;
  const rest = tail[0]!.text === CLAUSE_SEPARATOR ? tail.slice(1) : [...tail];
  if (rest.length === 0) return prefix ? [] : undefined;
  const first = rest[0]!.text;
  if (CLAUSE_WORDS.has(first)) return rest;
  // While typing: the first clause word is being written.
  const typing = prefix && rest.length === 1 && !trailingBlank;
  return typing && [...CLAUSE_WORDS].some((c) => c.startsWith(first)) ? rest : undefined;
}

function wrappedScan(line: string, w: Wrapped, cmd: RawCommand, prefix: boolean): ExprScan | undefined {
  const base = { start: w.open, quoted: true, raw: cmd.lang } as const;
  if (w.close === undefined) {
    // A wrapper not closed: its inside so far is the expression (completion), and the quote open
    // at the end is the inside's, or else the wrapper's (`?` is text there, as in any quote).
    const expr: Token = { ...base, text: w.text, end: line.length, closed: false };
    if (!prefix) expr.rawError = { message: `unbalanced '${w.quote}' in the expression`, column: w.open };
    return { expr, clauses: [], atNewWord: false, openQuote: w.inner.openQuote?.q ?? w.quote };
  }
  const trailingBlank = endsInBlank(line) && line.length > w.close + 1;
  const clauses = tailClauses(w.tail, prefix, trailingBlank);
  if (!clauses) return undefined;
  const expr: Token = { ...base, text: w.text, end: w.close + 1, closed: true };
  if (!prefix) {
    // Another command's clause after the wrapper: which command takes it (the walker checks the rest).
    for (let k = 0; k < clauses.length; k++) {
      const hint = cmd.clauses.has(clauses[k]!.text)
        ? undefined
        : clauseHint(clauses[k]!, clauses[k + 1], cmd);
      if (hint) {
        expr.rawError = { ...hint, whole: true };
        break;
      }
    }
  }
  return { expr, clauses: clauses.map(tokenOf), atNewWord: prefix && trailingBlank };
}

function rawScan(line: string, from: number, cmd: RawCommand, prefix: boolean): ExprScan {
  const { lang, clauses: spec } = cmd;
  const lx = lex(line, from, lang);
  const W = lx.words;
  const trailingBlank = endsInBlank(line) && !lx.openQuote;
  let exprEnd = W.length;
  let clauses: Word[] = [];
  /** Where the clause part begins (its ` -- ` or first clause word). */
  let cut = line.length;
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
      cut = W[k]!.start;
    }
    break;
  }
  if (exprEnd === W.length && !lx.openQuote && balanced) {
    const piped = (k: number) => lang === 'logsql' && k >= lx.firstPiped;
    const usable = (k: number) => {
      const w = W[k];
      if (!w?.plain || afterPipe(k)) return undefined;
      const c = spec.get(w.text);
      if (!c || (piped(k) && PIPE_WORDS.has(w.text))) return undefined;
      return c;
    };
    exprEnd = clausesStart(W, W.length, { usable, ...(prefix ? { typing: { trailingBlank } } : {}) });
    clauses = W.slice(exprEnd);
    if (clauses.length > 0) cut = clauses[0]!.start;
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
  let start = exprWords[0]?.start ?? clauses[0]!.start;
  let end = exprWords.length ? exprWords[exprWords.length - 1]!.end : start;
  if (prefix) {
    // While typing, an expression that plainly goes on (`rate(`, `a /`, `x | `) keeps the
    // blanks typed after it: completion continues the expression, not the clauses.
    if (clauses.length === 0 && trailingBlank && goesOn(line.slice(start, end))) {
      end = line.length;
      out.atNewWord = false;
    }
  } else if (exprWords.length > 0) {
    // Byte for byte: one blank separates the expression from the command words and from its
    // clauses; the blanks beyond are the expression's own (an indented rule, a trailing blank).
    start = Math.min(start, from + 1);
    end = clauses.length > 0 ? Math.max(end, cut - 1) : line.length;
  }
  const expr: Token = {
    text: line.slice(start, end),
    start,
    end,
    quoted: false,
    closed: !lx.openQuote,
    raw: lang,
  };
  if (lx.error && !prefix && exprWords.length > 0) {
    expr.rawError = { message: lx.error.message, column: lx.error.column };
  } else if (!prefix && exprWords.length > 0) {
    if (lang === 'metricsql') {
      const hint = misplacedClause(W, exprEnd, cmd);
      if (hint) expr.rawError = { ...hint, whole: true };
    } else {
      const warning = clausesBeforePipe(W, lx.firstPiped, cmd);
      if (warning) expr.rawWarning = warning;
    }
  }
  out.expr = expr;
  return out;
}

const GOES_ON =
  /(?:[([{,|=~!+\-*/^%<>]|\b(?:by|without|on|ignoring|group_left|group_right|and|or|unless|offset|bool|AND|OR|NOT))$/;
const goesOn = (text: string) => text === '' || GOES_ON.test(text.trimEnd());

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
