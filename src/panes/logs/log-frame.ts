// The log pane's frame as data: title, histogram strip, only the visible body rows, facets
// column, status. Row counts add up to exactly `height`; nothing is wider than `width`.
import type { Facet } from '../../api/telemetry/types.js';
import { sanitizeLine } from '../../term/sanitize.js';
import { formatClock, type TimeFormatOptions } from '../../term/format-time.js';
import { histogramStrip } from './histogram-strip.js';
import { type LevelClass, layoutLine, paneLine, type Span } from './log-format.js';
import type { LogState } from './log-reducer.js';

export interface FrameRow {
  spans: Span[];
  levelClass: LevelClass;
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
}

export function logFrame(state: LogState, opts: LogFrameOptions): LogFrame {
  const layout = logLayout(opts.width, opts.height, state.facetsOpen);
  const size = state.buffer.size;
  const title = clip(
    `logs ${sanitizeLine(opts.query)} · ${size} record${size === 1 ? '' : 's'} loaded`,
    opts.width,
  );
  return {
    title,
    histogram: histogramStrip(state.histogram, opts.width, layout.histogramRows, state.histogramNote),
    body: visibleRows(state, layout, opts),
    facets: state.facetsOpen
      ? facetsColumn(state.facets, opts.facetsAvailable, state.error !== null, layout)
      : null,
    facetsWidth: layout.facetsWidth,
    status: clip(statusLine(state, opts), opts.width),
  };
}

/** Lays out only the records that can be seen, bottom-up from the scroll position. */
function visibleRows(state: LogState, layout: LogLayout, opts: TimeFormatOptions): FrameRow[] {
  const rows: FrameRow[] = [];
  const { buffer } = state;
  const atTop = state.scroll > 0 && state.scroll >= buffer.size - layout.bodyRows;
  if (atTop) {
    // At the top of what is loaded: the oldest record is on the first row.
    for (let i = 0; i < buffer.size && rows.length < layout.bodyRows; i++) {
      const line = paneLine(buffer.at(i)!.record, state.highlight, opts);
      for (const spans of layoutLine(line, layout.bodyWidth, state.wrap))
        rows.push({ spans, levelClass: line.levelClass });
    }
    rows.length = Math.min(rows.length, layout.bodyRows);
  } else {
    for (let i = buffer.size - 1 - state.scroll; i >= 0 && rows.length < layout.bodyRows; i--) {
      const line = paneLine(buffer.at(i)!.record, state.highlight, opts);
      const own = layoutLine(line, layout.bodyWidth, state.wrap);
      for (let r = own.length - 1; r >= 0 && rows.length < layout.bodyRows; r--)
        rows.push({ spans: own[r]!, levelClass: line.levelClass });
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

function statusLine(state: LogState, opts: TimeFormatOptions): string {
  if (state.prompt !== null) return `/${state.prompt}█  (Enter highlight, Esc cancel)`;
  const keys = ' · PgUp/PgDn page  End follow  w wrap  / find  f facets  q close';
  if (state.error) return `error: ${sanitizeLine(state.error)}`;
  const poll = state.lastPoll !== null ? ` last poll ${formatClock(state.lastPoll, opts)}` : '';
  const older =
    (state.pendingOlder !== null ? ' · loading older…' : '') +
    (state.highlight ? ` · highlight "${sanitizeLine(state.highlight)}"` : '') +
    (state.wrap ? ' · wrap' : '');
  const skipped = skippedNote(state);
  if (state.follow) {
    const what = state.lastNew > 0 ? `+${state.lastNew} new ·` : 'waiting for logs…';
    return `following · ${skipped}${what}${poll}${older}${keys}`;
  }
  const where = state.scroll > 0 ? `${state.scroll} newer below` : 'at newest';
  const mode = state.canFollow ? 'paused (End follows)' : 'fixed range';
  const end = state.olderOffset === null && state.loadedOffsets.length > 0 ? ' · all loaded' : '';
  return `${mode} · ${skipped}${where}${end}${older}${keys}`;
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
