// Items the shell writes to the terminal's scrollback, once, as text above the live region
// (not as an Ink <Static> tree, which costs one object per screen cell): commands as typed,
// outputs, errors with a caret under the offending word, and notes. Pure builders.
import { paintDiff, SGR } from '../term/paint.js';
import type { RoutershError } from '../errors.js';
import { errorLine } from '../term/error-line.js';
import type { LineErrorInfo } from '../contract/outcome.js';
import { sanitizeLine, sanitizeText, textCut } from '../term/sanitize.js';
import { displayWidth } from '../term/text-width.js';

export type ItemKind = 'command' | 'output' | 'error' | 'info' | 'diff';

export interface ShellItem {
  id: number;
  kind: ItemKind;
  /** Without its last newline. */
  text: string;
  /** The text as given when it ended with a newline: written as it is (no copy of a big output). */
  whole?: string;
}

let nextId = 1;
// Slices, not a regex replace: a slice of a big string shares its characters, where replace
// and `${text}\n` copied a 65,536-line show (4.8 MB) twice more before its write.
export const item = (kind: ItemKind, text: string): ShellItem =>
  text.endsWith('\n')
    ? { id: nextId++, kind, text: text.slice(0, -1), whole: text }
    : { id: nextId++, kind, text };

/** `% message`, preceded by a caret line under the word when the error has a column. */
export function errorItem(
  e: RoutershError,
  line?: { prompt: string; text: string; at?: LineErrorInfo },
): ShellItem {
  let caret = '';
  if (line?.at) {
    // Widths as shown: the command item is drawn sanitized (a control character takes 2–8 columns).
    const shown = (s: string) => displayWidth(sanitizeLine(s));
    const col = shown(line.prompt) + shown(line.text.slice(0, line.at.column));
    const width = Math.max(1, shown(line.text.slice(line.at.column, line.at.column + line.at.length)));
    caret = `${' '.repeat(col)}${'^'.repeat(width)}\n`;
  }
  return item('error', caret + errorLine(e));
}

/**
 * The text an item is written as, above the live region (Ink's write path): the last write
 * of every item, so it is sanitized here whatever its builder did (an error quoting server
 * text, an echoed command holding a completed hostile name). Ends with a newline.
 */
export function itemText(it: ShellItem, color: boolean): string {
  const style = it.kind === 'error' ? SGR.red : it.kind === 'info' ? SGR.dim : undefined;
  const plain = !color || (it.kind !== 'diff' && !style);
  // The whole text, sanitized, when nothing is added around it. An unterminated OSC or DCS
  // at its end swallows the last LF as the sequence's own text: one is added back then. The
  // sanitized text's end cannot tell (of `\n ESC ] \n` the first LF is left): textCut can.
  if (plain && it.whole !== undefined) {
    const whole = sanitizeText(it.whole);
    // Nothing to sanitize (the same string back): its last LF is there, nothing to scan for.
    if (whole === it.whole) return whole;
    return textCut(it.whole) === it.whole.length ? whole : `${whole}\n`;
  }
  const text = sanitizeText(it.text);
  if (it.kind === 'diff' && color) return `${paintDiff(text)}\n`;
  return color && style ? `${style[0]}${text}${style[1]}\n` : `${text}\n`;
}
