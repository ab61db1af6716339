// Items the shell writes to the terminal's scrollback, once, as text above the live region
// (not as an Ink <Static> tree, which costs one object per screen cell): commands as typed,
// outputs, errors with a caret under the offending word, and notes. Pure builders.
import { paintDiff, SGR } from '../term/paint.js';
import type { RoutershError } from '../errors.js';
import { errorLine } from '../term/error-line.js';
import type { LineErrorInfo } from '../contract/outcome.js';
import { sanitizeLine, sanitizeText } from '../term/sanitize.js';
import { displayWidth } from '../term/text-width.js';

export type ItemKind = 'command' | 'output' | 'error' | 'info' | 'diff';

export interface ShellItem {
  id: number;
  kind: ItemKind;
  text: string;
}

let nextId = 1;
export const item = (kind: ItemKind, text: string): ShellItem => ({
  id: nextId++,
  kind,
  text: text.replace(/\n$/, ''),
});

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
  const text = sanitizeText(it.text);
  if (it.kind === 'diff' && color) return `${paintDiff(text)}\n`;
  const style = it.kind === 'error' ? SGR.red : it.kind === 'info' ? SGR.dim : undefined;
  return color && style ? `${style[0]}${text}${style[1]}\n` : `${text}\n`;
}
