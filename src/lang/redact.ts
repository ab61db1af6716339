// Where a line's secrets sit: THE rule (secret-rule.ts) applied to a typed line; writers call it
// through secrets.ts. A word (or option, with or without leading dashes) named like a secret
// has its value replaced with `***`: the next word, or the part after `=` in `name=value` —
// unless it is a number of seconds after a time-like name (`token-expiration 600`).
//
// `key` alone is ambiguous: `… match-list x key net` names a key TYPE, not a secret. From
// the line alone the two cannot be told apart, so the value after `key` IS redacted (the
// safe failure) unless the caller's `isPlainValue` says otherwise: the metadata shows a fixed
// list of words (plain-values.ts).
//
// Words are THE lexer's tokens (tokenize.ts), so a value is exactly the word the line runs
// with ("a b" is one value) and `#` at a word start ends the command (`password # later`
// has no value to hide). A comment's own text is redacted the same way, read by the same
// lexer: a secret typed in a note is still a secret (the safe failure).
//
// The typed word may be an abbreviation (`pa` for `password`): the caller's `nameOf` gives
// the name a command word resolved to (plain-values.ts), and either name being secret-like
// hides the value. The typed text is what is kept.
import { isSecondsValue, isSecretName, REDACTED } from './secret-rule.js';
import { type ScannedLine, scanLine } from './tokenize.js';
import type { Token } from './types.js';

export interface RedactOptions {
  /** Return true when `value` after the secret-like `name` is known not to be a secret. */
  isPlainValue?: (name: string, value: string, words: readonly string[]) => boolean;
  /** The name the command word `typed` at `column` resolved to (a Token or option), if known. */
  nameOf?: (column: number, typed: string) => string | undefined;
  /** True when the command word at `column` is itself a value in a secret slot (plain-values.ts). */
  secretValueAt?: (column: number) => boolean;
  /** The line as the lexer read it already (on Enter it is read once: tokens are passed on). */
  scan?: ScannedLine;
}

/** `line` with the values of secret-like words replaced by `***`, everything else kept. */
export function redact(line: string, options: RedactOptions = {}): string {
  let out = line;
  for (const cut of secretRanges(line, options).reverse())
    out = out.slice(0, cut.start) + REDACTED + out.slice(cut.end);
  return out;
}

/** Where `redact` cuts: the secret values of `line` (UTF-16 indices, end exclusive, in order). */
export function secretRanges(
  line: string,
  options: RedactOptions = {},
): Array<{ start: number; end: number }> {
  // The command, then each comment's text in turn (a loop: `# # # …` must not recurse deep).
  const out: Array<{ start: number; end: number }> = [];
  let offset = 0;
  let rest = line;
  for (;;) {
    const { tokens, comment } = offset === 0 && options.scan ? options.scan : scanLine(rest);
    // Resolved names belong to the command's columns, not to a comment's.
    const { nameOf: _names, secretValueAt: _values, scan: _scan, ...inComment } = options;
    const o = offset === 0 ? options : inComment;
    const part = comment === undefined ? rest : rest.slice(0, comment + 1);
    for (const c of cutsOf(part, tokens, o)) out.push({ start: c.start + offset, end: c.end + offset });
    if (comment === undefined) return out;
    offset += comment + 1;
    rest = rest.slice(comment + 1);
  }
}

function cutsOf(line: string, ws: readonly Token[], options: RedactOptions) {
  const values = ws.map((w) => w.text);
  const cuts: Array<{ start: number; end: number }> = [];
  for (let i = 0; i < ws.length; i++) {
    const w = ws[i]!;
    const eq = w.text.indexOf('=');
    if (eq > 0 && isSecretName(w.text.slice(0, eq))) {
      const raw = line.slice(w.start, w.end);
      const rawEq = raw.indexOf('=');
      const value = w.text.slice(eq + 1);
      const name = w.text.slice(0, eq);
      if (
        rawEq > 0 &&
        value !== '' &&
        !isSecondsValue(name, value) &&
        !options.isPlainValue?.(name, value, values)
      ) {
        cuts.push({ start: w.start + rawEq + 1, end: w.end });
      }
      continue;
    }
    if (options.secretValueAt?.(w.start)) {
      cuts.push({ start: w.start, end: w.end });
      continue;
    }
    const next = ws[i + 1];
    const name = options.nameOf?.(w.start, w.text) ?? '';
    const secret = isSecretName(w.text) || isSecretName(name);
    const seconds = next && (isSecondsValue(w.text, next.text) || isSecondsValue(name, next.text));
    if (next && secret && !seconds && !options.isPlainValue?.(w.text, next.text, values)) {
      cuts.push({ start: next.start, end: next.end });
      i++; // the value is not a name itself
    }
  }
  return cuts;
}
