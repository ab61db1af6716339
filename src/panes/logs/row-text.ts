// A log row as one string with inline SGR codes: one Ink <Text> per row instead of one per span
// keeps a page render cheap. Without colour the row is plain text.
import type { FrameRow } from './log-frame.js';
import type { Span } from './log-format.js';

const SGR = {
  dim: ['\u001b[2m', '\u001b[22m'],
  red: ['\u001b[31m', '\u001b[39m'],
  yellow: ['\u001b[33m', '\u001b[39m'],
  cyan: ['\u001b[36m', '\u001b[39m'],
  inverse: ['\u001b[7m', '\u001b[27m'],
} as const;

function style(span: Span, row: FrameRow): readonly [string, string] | null {
  switch (span.style) {
    case 'time':
      return row.levelClass === 'debug' ? null : SGR.dim;
    case 'level':
      return row.levelClass === 'error' ? SGR.red : row.levelClass === 'warning' ? SGR.yellow : null;
    case 'service':
      return SGR.cyan;
    case 'match':
      return SGR.inverse;
    default:
      return null;
  }
}

export function rowText(row: FrameRow, color: boolean): string {
  if (row.spans.length === 0) return ' ';
  let out = '';
  for (const span of row.spans) {
    const sgr = color ? style(span, row) : null;
    out += sgr ? sgr[0] + span.text + sgr[1] : span.text;
  }
  // Debug lines are dim as a whole (error red, warning yellow, info default).
  return color && row.levelClass === 'debug' ? SGR.dim[0] + out + SGR.dim[1] : out;
}
