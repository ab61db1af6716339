// The log pane's frame as data: title, histogram strip, only the visible body rows, facets
// column, status. Row counts add up to exactly `height`; nothing is wider than `width`.
import { type FooterKey, fitFooter } from '../../term/fit-line.js';
import type { Facet } from '../../api/telemetry/types.js';
import { sanitizeLine } from '../../term/sanitize.js';
import { formatAxisTime, formatClock, type TimeFormatOptions } from '../../term/format-time.js';
import { blockMenu } from './block-flow.js';
import { histogramStrip } from '../../term/histogram-strip.js';
import { type LevelClass, layoutLine, paneLine, type Span } from './log-format.js';
import { type LogState, selectedEntry } from './log-reducer.js';
import { recordDetail } from './record-detail.js';

export interface FrameRow {
  spans: Span[];
  levelClass: LevelClass;
  /** A row of the selected record (drawn inverse), or the chosen item of a menu. */
  selected?: boolean;
}

export interface LogFrame {
  title: string;
  histogram: string[];
  body: FrameRow[];
  /** The facets column (same length as body) or null when closed. */
  facets: string[] | null;
  facetsWidth: number;
  status: string;
}

export interface LogLayout {
  histogramRows: number;
  bodyRows: number;
  facetsWidth: number;
  bodyWidth: number;
}

export function logLayout(width: number, height: number, facetsOpen: boolean): LogLayout {
  const histogramRows = height >= 16 ? 2 : height >= 6 ? 1 : 0;
  const bodyRows = Math.max(1, height - 2 - histogramRows);
  const facetsWidth = facetsOpen ? Math.min(32, Math.floor(width / 3)) : 0;
  return {
    histogramRows,
    bodyRows,
    facetsWidth,
    bodyWidth: Math.max(1, width - (facetsOpen ? facetsWidth + 1 : 0)),
  };
}

export interface LogFrameOptions extends TimeFormatOptions {
  query: string;
  width: number;
  height: number;
  facetsAvailable: boolean;
  /** A fixed range, shown in the title (the chart's `L` and `c` open panes on the same window). */
  range?: { startMs: number; endMs: number } | undefined;
}

export function logFrame(state: LogState, opts: LogFrameOptions): LogFrame {
  const layout = logLayout(opts.width, opts.height, state.facetsOpen);
  const size = state.buffer.size;
  const range = opts.range
    ? ` · ${formatAxisTime(opts.range.startMs, Number.POSITIVE_INFINITY, opts)} → ${formatAxisTime(opts.range.endMs, Number.POSITIVE_INFINITY, opts)}`
    : '';
  const title = clip(
    `logs ${sanitizeLine(opts.query)} · ${size} record${size === 1 ? '' : 's'} loaded${range}`,
    opts.width,
  );
  return {
    title,
    histogram: histogramStrip(state.histogram, opts.width, layout.histogramRows, state.histogramNote),
    body: overlay(state, visibleRows(state, layout, opts), layout),
    facets: state.facetsOpen
      ? facetsColumn(state.facets, opts.facetsAvailable, state.error !== null, layout)
      : null,
    facetsWidth: layout.facetsWidth,
    status: statusLine(state, opts),
  };
}

const textRow = (text: string, selected = false): FrameRow => ({
  spans: [{ text, style: 'text' }],
  levelClass: 'other',
  ...(selected && { selected }),
});

/**
 * The record's fields fill the body (Enter); `b`'s menu or request preview takes the top rows
 * (the selected record stays in view at the bottom).
 */
function overlay(state: LogState, rows: FrameRow[], layout: LogLayout): FrameRow[] {
  const entry = selectedEntry(state);
  if (state.detail && entry && !state.block) {
    const lines = recordDetail(entry.record, layout.bodyWidth).slice(0, layout.bodyRows);
    while (lines.length < layout.bodyRows) lines.push('');
    return lines.map((l) => textRow(l));
  }
  const box = blockLines(state);
  if (box.length === 0) return rows;
  const top = box.slice(0, Math.max(1, layout.bodyRows - 1));
  const rule = textRow('─'.repeat(Math.min(layout.bodyWidth, 40)));
  return [...top, rule, ...rows.slice(top.length + 1)].slice(0, layout.bodyRows);
}

function blockLines(state: LogState): FrameRow[] {
  const f = state.block;
  const menu = blockMenu(f);
  if (menu)
    return [
      textRow(menu.title),
      ...menu.items.map((it, i) =>
        textRow(`${i === menu.selected ? '›' : ' '} ${sanitizeLine(it)}`, i === menu.selected),
      ),
    ];
  if (f?.step === 'confirm')
    return [
      textRow(`add ${f.address} to match-list ${sanitizeLine(f.list)}:`),
      textRow(`  ${sanitizeLine(f.line)}`),
      textRow(`  ${sanitizeLine(f.request)}`),
    ];
  return [];
}

/** Lays out only the records that can be seen, bottom-up from the scroll position. */
function visibleRows(state: LogState, layout: LogLayout, opts: TimeFormatOptions): FrameRow[] {
  const rows: FrameRow[] = [];
  const { buffer } = state;
  const chosen = state.selecting ? buffer.size - 1 - state.cursor : -1;
  const atTop = state.scroll > 0 && state.scroll >= buffer.size - layout.bodyRows;
  if (atTop) {
    // At the top of what is loaded: the oldest record is on the first row.
    for (let i = 0; i < buffer.size && rows.length < layout.bodyRows; i++) {
      const line = paneLine(buffer.at(i)!.record, state.highlight, opts);
      for (const spans of layoutLine(line, layout.bodyWidth, state.wrap))
        rows.push({ spans, levelClass: line.levelClass, ...(i === chosen && { selected: true }) });
    }
    rows.length = Math.min(rows.length, layout.bodyRows);
  } else {
    for (let i = buffer.size - 1 - state.scroll; i >= 0 && rows.length < layout.bodyRows; i--) {
      const line = paneLine(buffer.at(i)!.record, state.highlight, opts);
      const own = layoutLine(line, layout.bodyWidth, state.wrap);
      for (let r = own.length - 1; r >= 0 && rows.length < layout.bodyRows; r--)
        rows.push({ spans: own[r]!, levelClass: line.levelClass, ...(i === chosen && { selected: true }) });
    }
    rows.reverse();
  }
  if (buffer.size === 0)
    rows.push({
      // An error is on the status line: never "loading…" beside it.
      spans: [
        {
          text: state.error
            ? 'no log records (the error is below)'
            : state.loading
              ? 'loading…'
              : 'no log records',
          style: 'text',
        },
      ],
      levelClass: 'other',
    });
  // Pad at the top (newest stays on the last row) or, when anchored at the top, at the bottom.
  const blank = (): FrameRow => ({ spans: [], levelClass: 'other' });
  while (rows.length < layout.bodyRows) atTop ? rows.push(blank()) : rows.unshift(blank());
  return rows;
}

function facetsColumn(
  facets: Facet[] | null,
  available: boolean,
  failed: boolean,
  layout: LogLayout,
): string[] {
  const w = layout.facetsWidth;
  const out: string[] = [];
  if (!available) out.push('facets not available');
  else if (facets === null) out.push(failed ? 'facets not loaded' : 'loading facets…');
  else
    for (const f of facets) {
      out.push(sanitizeLine(f.field));
      const top = [...f.values].sort((a, b) => b.hits - a.hits).slice(0, 5);
      for (const v of top) {
        const hits = String(v.hits);
        const name = sanitizeLine(v.value).slice(0, Math.max(1, w - hits.length - 3));
        out.push(`  ${name}${' '.repeat(Math.max(1, w - 2 - name.length - hits.length))}${hits}`);
      }
    }
  const rows = out.slice(0, layout.bodyRows).map((l) => clip(l, w).padEnd(w));
  while (rows.length < layout.bodyRows) rows.push(' '.repeat(w));
  return rows;
}

const BLOCK_STATUS = {
  address: '↑/↓ choose  Enter next  Esc cancel',
  lists: "reading the router's match-lists…  Esc cancel",
  list: '↑/↓ choose  Enter preview  Esc cancel',
  preview: 'checking the request…  Esc cancel',
  confirm: 'send this change? y/n',
  sending: 'sending…',
} as const;

/** The keys of the pane, the most needed first to stay when the footer is narrow. */
const PANE_KEYS: readonly FooterKey[] = [
  { text: '↑↓ select', priority: 5 },
  { text: 'Enter fields', priority: 3 },
  { text: 'b block', priority: 2 },
  { text: 'c chart', priority: 2 },
  { text: 'End follow', priority: 4 },
  { text: 'w wrap', priority: 1 },
  { text: '/ find', priority: 3 },
  { text: 'f facets', priority: 1 },
];

/** Fits `width` columns; wherever `q` goes back, `q back` shows (fit-line.ts). */
function statusLine(state: LogState, opts: LogFrameOptions): string {
  const width = opts.width;
  if (state.prompt !== null) return clip(`/${state.prompt}█  (Enter highlight, Esc cancel)`, width);
  if (state.block) return clip(BLOCK_STATUS[state.block.step], width);
  if (state.detail) {
    const keys = [
      { text: 'b add an address to a match-list', priority: 2 },
      { text: 'c chart', priority: 2 },
    ];
    return fitFooter('fields of the selected record', keys, 'Enter/Esc/q back', width);
  }
  const note = state.note ? `${sanitizeLine(state.note)} · ` : '';
  return fitFooter(note + paneStatus(state, opts), PANE_KEYS, 'q back', width);
}

function paneStatus(state: LogState, opts: TimeFormatOptions): string {
  if (state.error) return `error: ${sanitizeLine(state.error)}`;
  const poll = state.lastPoll !== null ? ` last poll ${formatClock(state.lastPoll, opts)}` : '';
  const older =
    (state.pendingOlder !== null ? ' · loading older…' : '') +
    (state.highlight ? ` · highlight "${sanitizeLine(state.highlight)}"` : '') +
    (state.wrap ? ' · wrap' : '');
  const skipped = skippedNote(state);
  if (state.follow) {
    const what = state.lastNew > 0 ? `+${state.lastNew} new ·` : 'waiting for logs…';
    return `following · ${skipped}${what}${poll}${older}`;
  }
  // With a selection the count is of the records newer than it.
  const below = state.selecting ? state.cursor : state.scroll;
  const where = below > 0 ? `${below} newer below` : 'at newest';
  const mode = state.canFollow ? 'paused (End follows)' : 'fixed range';
  const end = state.olderOffset === null && state.loadedOffsets.length > 0 ? ' · all loaded' : '';
  return `${mode} · ${skipped}${where}${end}${older}`;
}

/** First on the line (it is clipped to the width): the user must not miss that records were lost. */
function skippedNote(state: LogState): string {
  if (state.skipped === 0 && !state.skippedUnknown) return '';
  const n = state.skipped > 0 ? `${state.skipped}${state.skippedUnknown ? '+' : ''}` : 'some';
  return `${n} record${state.skipped === 1 ? '' : 's'} skipped (too fast to follow; narrow the query) · `;
}

function clip(text: string, width: number): string {
  return text.length > width ? `${text.slice(0, Math.max(0, width - 1))}…` : text;
}
