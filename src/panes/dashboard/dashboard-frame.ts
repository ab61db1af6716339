// The dashboard's frame as plain lines (our SGR codes inline): the screen's window of the page
// (layout.ts), every panel in its box (title in the top border, the focused one drawn heavy),
// every row a header line, then one status line (saying where on the page the window is); rows
// − 1 lines in all, none wider than the terminal. The `v` picker and the `e` prompt are drawn
// over the bottom.
import type { Chosen, Dashboard } from '../../contract/dashboard.js';
import { type FooterKey, fitFooter } from '../../term/fit-line.js';
import { formatAxisTime, formatDuration } from '../../term/format-time.js';
import { sanitizeLine } from '../../term/sanitize.js';
import { displayWidth, truncateToWidth } from '../../term/text-width.js';
import { fitAnsi } from './ansi-fit.js';
import { clampTop, focusedAt, whereText } from './dash-view.js';
import type { DashState } from './dashboard-reducer.js';
import { frameHeight, type Item, type Layout, type Rect } from './layout.js';
import { ALL, pickerOptions } from './picker.js';

export interface FrameOptions {
  width: number;
  rows: number;
  color: boolean;
  utc?: boolean | undefined;
  /** A panel's title as shown (variables put in); default: as written. */
  titleOf?: ((index: number) => string) | undefined;
  /** A row's title as shown (variables put in); default: as written. */
  rowTitleOf?: ((index: number) => string) | undefined;
}

const LIGHT = { tl: '┌', tr: '┐', bl: '└', br: '┘', h: '─', v: '│' };
const HEAVY = { tl: '┏', tr: '┓', bl: '┗', br: '┛', h: '━', v: '┃' };
const CYAN = '\u001b[36m';
const BOLD = '\u001b[1m';
const RESET = '\u001b[0m';

/** One panel's box: exactly rect.h lines of rect.w columns. */
export function boxLines(
  title: string,
  body: readonly string[],
  r: Rect,
  o: { focused: boolean; color: boolean; mark: string },
): string[] {
  if (r.w < 2 || r.h < 2) return Array.from({ length: Math.max(0, r.h) }, () => ' '.repeat(Math.max(0, r.w)));
  const b = o.focused ? HEAVY : LIGHT;
  const style = (s: string) => (o.color && o.focused ? `${BOLD}${CYAN}${s}${RESET}` : s);
  const inner = r.w - 2;
  const name = truncateToWidth(` ${sanitizeLine(title)}${o.mark} `, Math.max(0, inner - 1));
  const top = truncateToWidth(`${b.h}${name}`, inner);
  const topLine = style(`${b.tl}${top}${b.h.repeat(Math.max(0, inner - displayWidth(top)))}${b.tr}`);
  const out = [topLine];
  for (let i = 0; i < r.h - 2; i++) out.push(`${style(b.v)}${fitAnsi(body[i] ?? '', inner)}${style(b.v)}`);
  out.push(style(`${b.bl}${b.h.repeat(inner)}${b.br}`));
  return out;
}

/** The window as the status line says it. */
export function windowText(s: DashState, o: { utc?: boolean | undefined }): string {
  const w = s.window;
  const mode = w.paused ? ' · paused' : '';
  if (w.live) return `last ${formatDuration(w.spanMs)}${mode}`;
  const span = w.spanMs;
  return `${formatAxisTime(w.endMs - span, span, o)} → ${formatAxisTime(w.endMs, span, o)}${mode}`;
}

// All sent as `.*` (too many values to send): said, with why.
const chosenText = (c: Chosen) =>
  c.all ? (c.wildcard ? `${ALL} (.*: ${c.wildcard})` : ALL) : c.values.join('|');

/** A row's header: `── ▸ Title (12 panels) ───`, heavy when focused, indented by its depth. */
export function headerLine(
  title: string,
  it: Extract<Item, { kind: 'row' }>,
  o: { focused: boolean; color: boolean; width: number },
): string {
  const h = o.focused ? '━' : '─';
  const count = it.open ? '' : ` (${it.panels} panel${it.panels === 1 ? '' : 's'})`;
  const lead = `${h.repeat(2 + 2 * it.depth)} ${it.open ? '▾' : '▸'} `;
  const text = truncateToWidth(`${lead}${sanitizeLine(title)}${count} `, o.width);
  const line = text + h.repeat(Math.max(0, o.width - displayWidth(text)));
  return o.color && o.focused ? `${BOLD}${CYAN}${line}${RESET}` : o.color ? `${BOLD}${line}${RESET}` : line;
}

function statusLine(d: Dashboard, s: DashState, layout: Layout, o: FrameOptions): string {
  const vars = d.variables
    .map((v) => (s.chosen[v.name] ? `${v.name}=${chosenText(s.chosen[v.name]!)}` : undefined))
    .filter((t): t is string => t !== undefined)
    .join(' ');
  const refresh = d.refreshSeconds > 0 ? ` · every ${formatDuration(d.refreshSeconds * 1000)}` : '';
  const where = whereText(s, layout);
  const status = `${d.title}${where ? ` · ${where}` : ''} · ${windowText(s, o)}${refresh}${vars ? ` · ${vars}` : ''}`;
  const onRow = s.focusRow !== null;
  const keys: FooterKey[] = [
    ...(onRow ? [{ text: `Enter ${s.open[s.focusRow!] ? 'close' : 'open'}`, priority: 6 }] : []),
    { text: 'Tab focus', priority: 5 },
    ...(where ? [{ text: 'PgUp/PgDn', priority: 4 }] : []),
    { text: 'z zoom', priority: 5 },
    { text: '+/- ←/→ time', priority: 4 },
    { text: 'p pause', priority: 3 },
    ...(d.variables.length > 0 ? [{ text: 'v vars', priority: 4 }] : []),
    { text: 'e edit', priority: 2 },
    { text: 'r refresh', priority: 3 },
  ];
  return fitFooter(sanitizeLine(status), keys, 'q back', o.width);
}

function pickerLines(s: DashState, width: number, room: number): string[] {
  const p = s.picker!;
  const opts = pickerOptions(p);
  const head = `variable ${p.name}${p.multi ? ' (space ticks several)' : ''} · ↑↓ move  space tick  Tab next  Enter choose  Esc cancel`;
  const lines = [truncateToWidth(sanitizeLine(head), width)];
  if (p.error) lines.push(`error: ${sanitizeLine(p.error)}`);
  else if (p.values === null) lines.push('looking up values…');
  else if (opts.length === 0) lines.push('no values');
  const rows = Math.max(1, room - lines.length);
  const top = Math.max(0, Math.min(p.cursor - rows + 1, opts.length - rows));
  opts.slice(top, top + rows).forEach((v, k) => {
    const i = top + k;
    const ticked = v === ALL ? p.all : p.selected.includes(v);
    const text = `${i === p.cursor ? '>' : ' '} [${ticked ? 'x' : ' '}] ${sanitizeLine(v)}`;
    lines.push(i === p.cursor ? `\u001b[7m${truncateToWidth(text, width)}\u001b[27m` : text);
  });
  return lines;
}

/** A page of one panel filling the screen (a zoomed `show` panel). */
export function singleLayout(columns: number, rows: number): Layout {
  const view = frameHeight(rows) - 1;
  const rect: Rect = { x: 0, y: 0, w: columns, h: view };
  return { items: [{ kind: 'panel', index: 0, rect }], height: view, view, stacked: false };
}

export function dashboardFrame(
  d: Dashboard,
  s: DashState,
  layout: Layout,
  body: (index: number, width: number, height: number) => string[],
  o: FrameOptions,
): string[] {
  const height = frameHeight(o.rows);
  const grid = height - 1;
  const top = clampTop(s.top, layout);
  const focused = layout.items[focusedAt(s, layout)];
  // Per screen row, the boxes' pieces that cross it, by column.
  const pieces: Array<Array<{ x: number; text: string; w: number }>> = Array.from({ length: grid }, () => []);
  const put = (r: Rect, lines: readonly string[]) =>
    lines.forEach((text, k) => {
      pieces[r.y - top + k]?.push({ x: r.x, text, w: r.w });
    });
  for (const it of layout.items) {
    const r = it.rect;
    // Only what crosses the window is drawn (a box cut by its edge shows its part).
    if (r.w <= 0 || r.h <= 0 || r.y + r.h <= top || r.y >= top + grid) continue;
    if (it.kind === 'row') {
      const row = d.rows?.[it.index];
      const title = o.rowTitleOf?.(it.index) ?? row?.title ?? '';
      put(r, [headerLine(title, it, { focused: it === focused, color: o.color, width: r.w })]);
      continue;
    }
    const i = it.index;
    const panel = d.panels[i];
    if (!panel) continue;
    const ps = s.panels[i];
    const mark = ps?.loading ? ' …' : ps?.error ? ' !' : '';
    const inner = body(i, Math.max(0, r.w - 2), Math.max(0, r.h - 2));
    const title = o.titleOf?.(i) ?? panel.title;
    put(
      r,
      boxLines(s.edited[i] !== undefined ? `${title} (edited)` : title, inner, r, {
        focused: it === focused,
        color: o.color,
        mark,
      }),
    );
  }
  const lines = pieces.map((row) => {
    row.sort((a, b) => a.x - b.x);
    let out = '';
    let col = 0;
    for (const p of row) {
      if (p.x < col) continue;
      out += ' '.repeat(p.x - col) + p.text;
      col = p.x + p.w;
    }
    return col > o.width ? fitAnsi(out, o.width) : out;
  });
  if (s.picker) {
    const over = pickerLines(s, o.width, Math.max(3, Math.floor(grid / 2)));
    const from = Math.max(0, grid - over.length);
    over.slice(0, grid).forEach((l, k) => {
      lines[from + k] = fitAnsi(l, o.width);
    });
  }
  let status = statusLine(d, s, layout, o);
  if (s.prompt) {
    const p = s.prompt;
    if (p.candidates.length > 0 || p.note) {
      const extra = p.note ?? p.candidates.slice(0, 20).map(sanitizeLine).join('  ');
      if (grid > 0) lines[grid - 1] = fitAnsi(extra, o.width);
    }
    const lead = `edit ${sanitizeLine(d.panels[p.panel]?.title ?? '')}> `;
    const text = sanitizeLine(p.text);
    // The end of the line stays in view (the cursor is at its end).
    const room = Math.max(1, o.width - lead.length - 1);
    const shown = text.length > room ? `…${text.slice(text.length - room + 1)}` : text;
    status = truncateToWidth(`${lead}${shown}█`, o.width);
  }
  return [...lines, status];
}
