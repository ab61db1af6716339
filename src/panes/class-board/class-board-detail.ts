// A trainee's detail on the board (Enter): their recent commands, newest first, each with its
// error and the checks it ran, read only. Server text through THE sanitizer. Pure.
import { sanitizeLine } from '../../term/sanitize.js';
import { truncateToWidth } from '../../term/text-width.js';
import type { Span } from './class-board-cells.js';
import type { BoardDetail } from './class-board-reducer.js';

const clock = (at: string) => {
  const d = new Date(at);
  return Number.isNaN(d.getTime()) ? '--:--:--' : d.toISOString().slice(11, 19);
};

export function detailLines(d: BoardDetail, width: number, rows: number): Span[][] {
  const out: Span[][] = [
    [{ text: truncateToWidth(`${sanitizeLine(d.name)}: recent commands and checks (read only)`, width) }],
  ];
  if (d.error) return [...out, [{ text: `error: ${sanitizeLine(d.error)}`, tone: 'error' }]];
  if (!d.data) return [...out, [{ text: 'reading...' }]];
  const body: Span[][] = [];
  for (const r of [...d.data.recent].reverse()) {
    body.push([
      { text: `${clock(r.at)} ` },
      { text: r.ok ? '✓ ' : '✗ ', tone: r.ok ? 'done' : 'failed' },
      { text: sanitizeLine(r.line) },
      ...(r.error !== undefined ? [{ text: ` : ${sanitizeLine(r.error)}`, tone: 'error' as const }] : []),
    ]);
    for (const c of r.checks) {
      const mark = c.ok ? '✓' : c.level === 'warning' ? '!' : '✗';
      const msg = c.message !== undefined && !c.ok ? `: ${sanitizeLine(c.message)}` : '';
      body.push([
        { text: `           ${mark} `, tone: c.ok ? 'done' : c.level === 'warning' ? 'hint' : 'failed' },
        { text: `${sanitizeLine(c.check)}${msg}` },
      ]);
    }
  }
  if (body.length === 0) body.push([{ text: 'no commands yet', tone: 'dim' }]);
  const h = Math.max(1, rows - 1);
  const top = Math.min(d.scroll, Math.max(0, body.length - h));
  return [...out, ...body.slice(top, top + h)];
}
