// A completion candidate as bash must find it in the line: the text readline inserts is taken
// as typed, so a value from a router or a config file (`a'$(touch x)'`, a profile's name, later
// a host's or a group's) is quoted here for the quote it lands in, and the line then means
// exactly the value, one word, nothing run. Pure; the one shell-quoting function: completion's,
// and the commands routersh prints for a user to run (`shellWord`).

/** Where the inserted text lands: inside `'…'`, inside `"…"`, or outside any quote. */
export type QuoteContext = "'" | '"' | 'bare';

/**
 * Bare: what the shell reads as itself, in any position of a word (`~` and `#` only at a
 * word's start are special, `=` and `:` never in an argument: escaped or not, all the same).
 * Everything else ASCII is escaped with a backslash; characters past ASCII are no shell
 * syntax and are kept.
 */
const BARE_SAFE = /^[A-Za-z0-9_\-.,:+/@%=^\u0080-\uffff]$/;
/** bash's ANSI-C quoting of a newline: the line stays one line (given to replace() by a function: `$'` is a pattern there). */
const NEWLINE = "$'\\n'";

/**
 * `value` quoted for `context`, to be inserted as is:
 * - in `'…'` nothing is special but `'`, written `'\''` (close, an escaped quote, reopen);
 * - in `"…"` `$`, `` ` ``, `"` and `\` take a backslash; `!` is written `"'!'"` (closed and
 *   single-quoted) because bash's history expansion sees `!` inside `"…"` and a backslash
 *   before it would stay in the word;
 * - bare, every other ASCII character takes a backslash.
 * A newline is written `$'\n'` everywhere (the quote closed around it and reopened): a real one
 * would start a line of its own, which bash's history expansion reads anew (`^a^b` at its start
 * substitutes), and a backslash would join it to the next.
 */
export function quoteFor(value: string, context: QuoteContext): string {
  if (context === "'") return value.replace(/'/g, `'\\''`).replace(/\n/g, () => `'${NEWLINE}'`);
  if (context === '"')
    return value
      .replace(/[$`"\\]/g, '\\$&')
      .replace(/!/g, `"'!'"`)
      .replace(/\n/g, () => `"${NEWLINE}"`);
  if (value === '') return "''";
  let out = '';
  for (const ch of value) {
    if (ch === '\n') out += NEWLINE;
    else if (BARE_SAFE.test(ch)) out += ch;
    else out += `\\${ch}`;
  }
  return out;
}

/** A word printed for a user to paste into sh (a journal's path): plain when nothing in it is syntax, else one `'…'`. */
export const shellWord = (s: string): string => (/^[\w@%+=:,./-]+$/.test(s) ? s : `'${quoteFor(s, "'")}'`);
