// The `| refresh` pane as text rows: a header (the line, its interval, when it was last read),
// the visible part of the output, and a status row (the error in place, or the keys). Pure;
// every string from the router is sanitized here, before Ink sees it.
import { sanitizeLine } from '../../term/sanitize.js';
import type { ShowState } from './show-reducer.js';

export interface ShowFrame {
  header: string;
  rows: string[];
  status: string;
  /** The status row is an error. */
  failing: boolean;
}

const clock = (ms: number) => new Date(ms).toTimeString().slice(0, 8);

/** Rows the body has in a pane `height` rows tall (header and status take one each). */
export const showBodyRows = (height: number): number => Math.max(1, height - 2);

export function showFrame(
  s: ShowState,
  o: { line: string; everySeconds: number; height: number },
): ShowFrame {
  const when = s.readAt === null ? 'reading…' : `${s.loading ? 'refreshing… ' : ''}last ${clock(s.readAt)}`;
  const header = `every ${o.everySeconds}s: ${sanitizeLine(o.line)}  ·  ${when}`;
  const body = showBodyRows(o.height);
  const rows = s.lines.slice(s.top, s.top + body).map((l) => sanitizeLine(l));
  const more =
    s.lines.length > body
      ? ` · ${s.top + 1}-${Math.min(s.lines.length, s.top + body)} of ${s.lines.length} (↑/↓)`
      : '';
  if (s.error !== null) return { header, rows, status: `% ${sanitizeLine(s.error)}`, failing: true };
  return { header, rows, status: `q back · r refresh now${more}`, failing: false };
}
