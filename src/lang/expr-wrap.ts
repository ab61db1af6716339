// A MetricsQL expression wrapped whole in one pair of quotes (`"E"` or `'E'`, E's own quotes
// as they are, as people copy expressions into a shell line): only that pair is removed, and E
// is kept byte for byte. The closing quote is the line's last such quote (clause words never
// hold one), so finding it costs one pass. An expression that is nothing but one string
// literal reads as wrapped: the one ambiguous case (docs/telemetry.md says how to type it).
import { isBlank, type Lexed, lex, type Word } from './expr-lex.js';

export interface Wrapped {
  /** Column of the opening quote. */
  open: number;
  quote: '"' | "'";
  /** Column of the closing quote; absent while the wrapper is still open. */
  close?: number;
  /** The expression inside: byte for byte (or unescaped, in the command language's quoting). */
  text: string;
  /** The inside, lexed: the quote still open in it while typing. */
  inner: Lexed;
  /** The words after the closing quote (the command's clauses, if the line is right). */
  tail: Word[];
}

/** A character that cannot touch a string literal from the left / right in MetricsQL. */
const NOT_BEFORE = /[\w:)\]}"'`]/;
const NOT_AFTER = /[\w:({["'`]/;

/**
 * Whether the lexed text between `from` and `to` reads as one expression: balanced, some
 * words, no quote escaped outside a string, and no string literal glued to a name or another
 * string (`a" + x + "b` is the inside of `"a" + x + "b"`, two strings and a name, not an
 * expression wrapped in quotes).
 */
function expressionLike(lx: Lexed, text: string, from: number, to: number): boolean {
  if (lx.error || lx.escapedQuote || lx.words.length === 0) return false;
  for (const [open, close] of lx.strings) {
    if (open > from && NOT_BEFORE.test(text[open - 1]!)) return false;
    if (close + 1 < to && NOT_AFTER.test(text[close + 1]!)) return false;
  }
  return true;
}

/**
 * The wrapper of the MetricsQL expression starting at or after `from`, if it has one: closed
 * (the line's last quote of its kind, at the end or before the clauses), or still open when
 * the line as typed reads as no expression (its inside is what completion and `?` look at).
 */
export function findWrapped(line: string, from: number): Wrapped | undefined {
  const n = line.length;
  let s = from;
  while (s < n && isBlank(line[s]!)) s++;
  const q = line[s];
  if (q !== '"' && q !== "'") return undefined;
  const e = line.lastIndexOf(q);
  if (e > s && (e + 1 === n || isBlank(line[e + 1]!))) {
    const head = line.slice(0, e);
    const inner = lex(head, s + 1, 'metricsql');
    const tail = lex(line, e + 1, 'metricsql').words;
    if (expressionLike(inner, head, s + 1, e))
      return { open: s, quote: q, close: e, text: line.slice(s + 1, e), inner, tail };
    // The command language's own quoting ("up{a=\"b\"}") where the inside as it stands is no
    // expression: its \" and \\ are read as the shell reads them.
    if (q === '"' && lex(line.slice(0, e + 1), s, 'metricsql').strings.get(s) === e) {
      const text = line.slice(s + 1, e).replace(/\\([\s\S])/g, '$1');
      const lx = lex(text, 0, 'metricsql');
      if (expressionLike(lx, text, 0, text.length))
        return { open: s, quote: q, close: e, text, inner: lx, tail };
    }
  }
  // A wrapper not closed yet (being typed, or refused on Enter) unless the line reads, as it
  // stands, as an expression that starts with a string.
  if (expressionLike(lex(line, s, 'metricsql'), line, s, n)) return undefined;
  const inner = lex(line, s + 1, 'metricsql');
  return inner.mismatch ? undefined : { open: s, quote: q, text: line.slice(s + 1), inner, tail: [] };
}
