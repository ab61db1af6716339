// Aligned, width-aware plain-text tables (ShowOutput tables, telemetry results). Pure: the
// caller decides colour and where it goes. Cells are sanitized: they may come from a server.
import { sanitizeLine } from './sanitize.js';
import { displayWidth as stringWidth } from './text-width.js';

export interface TableOptions {
  /** Total width available; the widest column is truncated with … to fit. */
  maxWidth?: number;
  /** Columns whose cells are right-aligned (numbers). Default: detected. */
  rightAlign?: boolean[];
  gap?: number;
}

function truncate(s: string, width: number): string {
  if (stringWidth(s) <= width) return s;
  let out = '';
  for (const ch of s) {
    if (stringWidth(out + ch) > width - 1) break;
    out += ch;
  }
  return `${out}…`;
}

// µ written as \u00b5: one non-ASCII character in a bundled file makes Node hand V8 the whole
// file as two-byte text (test/e2e/startup-lean.test.ts).
const NUMERIC = /^[-+]?(\d[\d,]*(\.\d+)?|\.\d+)([eE][-+]?\d+)?\s*[%kKMGTm\u00b5np]?[a-zA-Z/]{0,4}$/;

const MIN_CELL = 4;

/**
 * Shrinks the widest columns until their sum fits `room` (never below MIN_CELL): the result of
 * taking one cell from the widest column (the first of equals) at a time, computed in
 * O(columns · log width) — one cell per step would loop as many times as a server's cell is wide.
 */
function shrink(widths: number[], room: number): void {
  const sumAt = (cap: number) => widths.reduce((a, w) => a + Math.min(w, cap), 0);
  if (sumAt(Number.POSITIVE_INFINITY) <= room) return;
  // The largest cap that fits, by bisection: `lo` fits, `hi` (the widest) does not.
  let lo = MIN_CELL;
  let hi = widths.reduce((a, w) => Math.max(a, w), MIN_CELL);
  if (sumAt(lo) > room) {
    for (let i = 0; i < widths.length; i++) widths[i] = Math.min(widths[i]!, MIN_CELL);
    return;
  }
  while (hi - lo > 1) {
    const mid = Math.floor((lo + hi) / 2);
    if (sumAt(mid) <= room) lo = mid;
    else hi = mid;
  }
  // Columns level at lo + 1 first, then the first ones at that level give one cell more.
  const level = lo + 1;
  let excess = sumAt(level) - room;
  for (let i = 0; i < widths.length; i++) {
    widths[i] = Math.min(widths[i]!, level);
    if (excess > 0 && widths[i] === level) {
      widths[i] = level - 1;
      excess--;
    }
  }
}

export function renderTable(columns: string[], rows: string[][], o: TableOptions = {}): string {
  const gap = o.gap ?? 2;
  const head = columns.map(sanitizeLine);
  const body = rows.map((r) => columns.map((_, i) => sanitizeLine(r[i] ?? '')));
  // Loops, not Math.max(...rows): a server's table may have more rows than a call has arguments.
  const widths = head.map((h) => stringWidth(h));
  for (const r of body)
    for (let i = 0; i < widths.length; i++) widths[i] = Math.max(widths[i]!, stringWidth(r[i]!));
  const right =
    o.rightAlign ??
    head.map((_, i) => body.length > 0 && body.every((r) => (r[i] ?? '') === '' || NUMERIC.test(r[i] ?? '')));
  if (o.maxWidth !== undefined) shrink(widths, o.maxWidth - gap * (widths.length - 1));
  const line = (cells: string[]) =>
    cells
      .map((c, i) => {
        const w = widths[i] ?? 0;
        const t = truncate(c, w);
        const pad = ' '.repeat(Math.max(0, w - stringWidth(t)));
        return right[i] ? pad + t : i === cells.length - 1 ? t : t + pad;
      })
      .join(' '.repeat(gap))
      .trimEnd();
  const rule = widths.map((w) => '─'.repeat(w)).join(' '.repeat(gap));
  return [line(head), rule, ...body.map(line)].join('\n') + '\n';
}
