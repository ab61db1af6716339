// Items of the shell's scrollback (rendered once, in Ink's <Static>): commands as typed,
// outputs, errors with a caret under the offending word, and notes. Pure builders.
import type { RoutershError } from '../errors.js';
import { errorLine } from '../run/batch.js';
import type { LineErrorInfo } from '../run/outcome.js';
import { sanitizeLine } from '../term/sanitize.js';
import { displayWidth } from '../term/text-width.js';

export type ItemKind = 'command' | 'output' | 'error' | 'info';

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

/** Items held at most: Ink's <Static> wrote older ones to the terminal already. */
export const SCROLLBACK_MAX = 1000;

/**
 * What <Static> is given. Static writes `items.slice(n)` where n is the length it saw last,
 * so a list can only grow; to stay bounded, a full list starts a new `epoch` (the view keys
 * Static by it, so a fresh Static writes the new list from its start) holding only the
 * items not written yet.
 */
export interface Scrollback {
  epoch: number;
  items: readonly ShellItem[];
}

export const emptyScrollback: Scrollback = { epoch: 0, items: [] };

/** Appends `add`; `written` is how many of `sb.items` Static has written (this epoch). */
export function pushItems(
  sb: Scrollback,
  add: readonly ShellItem[],
  written: number,
  max = SCROLLBACK_MAX,
): Scrollback {
  if (add.length === 0) return sb;
  if (sb.items.length + add.length <= max) return { epoch: sb.epoch, items: [...sb.items, ...add] };
  return { epoch: sb.epoch + 1, items: [...sb.items.slice(Math.min(written, sb.items.length)), ...add] };
}
