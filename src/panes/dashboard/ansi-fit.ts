// Fitting a line that carries our own SGR colour codes into a box: cut at `width` columns
// (codes count zero, graphemes by their width), padded with blanks, colours reset at its end
// so they never bleed into the next box. Text in here was sanitized already (only our codes).
import { displayWidth, graphemes } from '../../term/text-width.js';

const SGR = /\u001b\[[0-9;]*m/g;
const RESET = '\u001b[0m';

export const visibleWidth = (s: string) => displayWidth(s.includes('\u001b') ? s.replace(SGR, '') : s);

export function fitAnsi(s: string, width: number): string {
  if (width <= 0) return '';
  const coded = s.includes('\u001b');
  const w = visibleWidth(s);
  if (w <= width) return s + (coded ? RESET : '') + ' '.repeat(width - w);
  let out = '';
  let used = 0;
  let last = 0;
  const take = (text: string): boolean => {
    for (const { segment } of graphemes(text)) {
      const sw = displayWidth(segment);
      if (used + sw > width) return false;
      out += segment;
      used += sw;
    }
    return true;
  };
  let full = false;
  SGR.lastIndex = 0;
  for (let m = SGR.exec(s); m; m = SGR.exec(s)) {
    if (!take(s.slice(last, m.index))) {
      full = true;
      break;
    }
    out += m[0];
    last = m.index + m[0].length;
  }
  if (!full) take(s.slice(last));
  return out + (coded ? RESET : '') + ' '.repeat(Math.max(0, width - used));
}
