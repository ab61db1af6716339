// Text broken into lines of a terminal's width at blanks, never in the middle of a word (the
// terminal's own wrapping cuts `configure` into `configu` / `re`).
import { displayWidth, graphemes } from './text-width.js';

/**
 * One line broken at blanks into lines of at most `width` columns; continuation lines start
 * with `indent`. A word wider than a line is cut where it must be.
 */
export function wrapWords(text: string, width: number, indent = ''): string[] {
  const w = Math.max(1, width);
  if (displayWidth(text) <= w) return [text];
  const hang = displayWidth(indent) < w ? indent : '';
  const out: string[] = [];
  let line = '';
  const fresh = () => line === '' || line === hang;
  const push = () => {
    out.push(line.trimEnd());
    line = hang;
  };
  // Each word with the blanks before it: a line keeps its inner alignment.
  for (const [, blanks = '', word = ''] of text.matchAll(/(\s*)(\S+)/g)) {
    const lead = line === hang && out.length > 0 ? '' : blanks;
    if (displayWidth(line + lead + word) <= w) {
      line += lead + word;
      continue;
    }
    if (!fresh()) push();
    else if (line === '' && displayWidth(blanks) < w) line = blanks;
    // A word wider than a line is cut where it must be.
    let rest = word;
    while (displayWidth(line + rest) > w) {
      let piece = '';
      for (const { segment } of graphemes(rest)) {
        if (displayWidth(line + piece + segment) > w) break;
        piece += segment;
      }
      if (piece === '') break;
      line += piece;
      rest = rest.slice(piece.length);
      push();
    }
    line += rest;
  }
  if (!fresh()) out.push(line.trimEnd());
  return out;
}

/**
 * Each line of `text` wrapped at `width` columns. A continuation line is indented to the
 * line's second column (the text after its first run of two blanks: the description of a
 * `syntax  description` row), or two columns past the line's own indentation.
 */
export function wrapHanging(text: string, width: number): string {
  const lines = text.split('\n').map((l) => {
    if (displayWidth(l) <= width) return l;
    const own = /^\s*/.exec(l)![0].length;
    const column = /^(\s*\S.*?\s{2,})\S/.exec(l)?.[1]?.length;
    const hang = column !== undefined && column <= width / 2 ? column : Math.min(own + 2, width >> 1);
    return wrapWords(l, width, ' '.repeat(hang)).join('\n');
  });
  return lines.join('\n');
}
