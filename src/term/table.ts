// Aligned, width-aware plain-text tables (ShowOutput tables, telemetry results). Pure: the
// caller decides colour and where it goes. Cells are sanitized: they may come from a server.
import stringWidth from 'string-width';
import { sanitizeLine } from './sanitize.js';

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

const NUMERIC = /^[-+]?(\d[\d,]*(\.\d+)?|\.\d+)([eE][-+]?\d+)?\s*[%kKMGTmµnp]?[a-zA-Z/]{0,4}$/;

export function renderTable(columns: string[], rows: string[][], o: TableOptions = {}): string {
  const gap = o.gap ?? 2;
  const head = columns.map(sanitizeLine);
  const body = rows.map((r) => columns.map((_, i) => sanitizeLine(r[i] ?? '')));
  const widths = head.map((h, i) => Math.max(stringWidth(h), ...body.map((r) => stringWidth(r[i] ?? ''))));
  const right =
    o.rightAlign ??
    head.map((_, i) => body.length > 0 && body.every((r) => (r[i] ?? '') === '' || NUMERIC.test(r[i] ?? '')));
  if (o.maxWidth !== undefined) {
    // Shrink the widest columns until the table fits (never below 4 cells).
    let total = widths.reduce((a, b) => a + b, 0) + gap * (widths.length - 1);
    while (total > o.maxWidth) {
      const i = widths.indexOf(Math.max(...widths));
      if ((widths[i] ?? 0) <= 4) break;
      widths[i] = (widths[i] ?? 0) - 1;
      total--;
    }
  }
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
