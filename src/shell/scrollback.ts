// Items of the shell's scrollback (rendered once, in Ink's <Static>): commands as typed,
// outputs, errors with a caret under the offending word, and notes. Pure builders.
import type { RoutershError } from '../errors.js';
import { errorLine } from '../run/batch.js';
import type { LineErrorInfo } from '../run/outcome.js';
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
    const col = displayWidth(line.prompt) + displayWidth(line.text.slice(0, line.at.column));
    const width = Math.max(1, displayWidth(line.text.slice(line.at.column, line.at.column + line.at.length)));
    caret = `${' '.repeat(col)}${'^'.repeat(width)}\n`;
  }
  return item('error', caret + errorLine(e));
}
