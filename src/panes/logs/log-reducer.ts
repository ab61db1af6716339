// Log pane state as a reducer. The LogBuffer is owned by the state and mutated in place (its
// `version` bumps); that is safe under re-application because adding a record twice is a no-op.
// Scrolling is counted in records from the bottom: 0 shows the newest record on the last row;
// so is the cursor (the selected record), which the view follows and which follows the view.
import type { Facet, HistogramBucket, LogRecord } from '../../api/telemetry/types.js';
import { type BlockAction, type BlockFlow, blockStep } from './block-flow.js';
import { DEFAULT_LOG_BUFFER_MAX, type LogEntry, LogBuffer } from './log-buffer.js';

export interface LogState {
  buffer: LogBuffer;
  version: number;
  /** Records hidden below the view; 0 = at the bottom. */
  scroll: number;
  /** The selected record, in records from the newest (0); always within the view. */
  cursor: number;
  /** The user moved the cursor: it is drawn, and the status counts from it. */
  selecting: boolean;
  /** Enter: the selected record's fields fill the body. */
  detail: boolean;
  /** `b`: adding an address of the selected record to a match-list. */
  block: BlockFlow | null;
  /** The last word of a pane action (`b`, `c`) for the status line. */
  note: string | null;
  follow: boolean;
  /** Fixed ranges cannot be followed. */
  canFollow: boolean;
  wrap: boolean;
  highlight: string;
  /** The `/` prompt's text while it is open. */
  prompt: string | null;
  facetsOpen: boolean;
  facets: Facet[] | null;
  histogram: HistogramBucket[];
  /** Shown instead of the histogram's bars when the server's answer could not be read. */
  histogramNote: string | null;
  /** Offset of the next older page; null when there is none. */
  olderOffset: number | null;
  /** Offsets already loaded (never fetched twice). */
  loadedOffsets: number[];
  /** An older page the hook should fetch now. */
  pendingOlder: number | null;
  /** Records per page of the view (from the last layout). */
  pageRows: number;
  loading: boolean;
  error: string | null;
  lastPoll: number | null;
  lastNew: number;
  /** Follow records the pane could not fetch in time (the API's paging limits, a slow server). */
  skipped: number;
  /** Some were skipped but the server could not count them. */
  skippedUnknown: boolean;
}

export type LogAction =
  | { type: 'viewport'; rows: number }
  | { type: 'scroll'; by: number }
  | { type: 'cursor'; by: number }
  | { type: 'detail'; open: boolean }
  | { type: 'block'; action: BlockAction }
  | { type: 'note'; text: string | null }
  | { type: 'page'; direction: -1 | 1 }
  | { type: 'top' }
  | { type: 'bottom' }
  | { type: 'toggleWrap' }
  | { type: 'toggleFacets' }
  | { type: 'promptOpen' }
  | { type: 'promptInput'; text: string }
  | { type: 'promptBackspace' }
  | { type: 'promptApply' }
  | { type: 'promptCancel' }
  | { type: 'loading' }
  | { type: 'page-loaded'; offset: number; records: LogRecord[]; nextOffset?: number | undefined }
  | { type: 'polled'; records: LogRecord[]; at: number }
  | { type: 'skipped'; count: number | undefined }
  | { type: 'failed'; message: string; at: number }
  | { type: 'histogram'; buckets: HistogramBucket[]; note?: string }
  | { type: 'facets'; facets: Facet[] };

export function initLogState(opts: { follow: boolean; max?: number | undefined }): LogState {
  return {
    buffer: new LogBuffer(opts.max ?? DEFAULT_LOG_BUFFER_MAX),
    version: 0,
    scroll: 0,
    cursor: 0,
    selecting: false,
    detail: false,
    block: null,
    note: null,
    follow: opts.follow,
    canFollow: opts.follow,
    wrap: false,
    highlight: '',
    prompt: null,
    facetsOpen: false,
    facets: null,
    histogram: [],
    histogramNote: null,
    olderOffset: null,
    loadedOffsets: [],
    pendingOlder: null,
    pageRows: 10,
    loading: false,
    error: null,
    lastPoll: null,
    lastNew: 0,
    skipped: 0,
    skippedUnknown: false,
  };
}

export function maxScroll(s: LogState): number {
  return Math.max(0, s.buffer.size - s.pageRows);
}

const clamp = (n: number, lo: number, hi: number) => Math.min(hi, Math.max(lo, n));

/** The cursor kept on a held record and inside the view (the view moved). */
function fitCursor(s: LogState): LogState {
  const top = Math.min(s.buffer.size - 1, s.scroll + s.pageRows - 1);
  const cursor = clamp(s.cursor, Math.min(s.scroll, top), Math.max(0, top));
  return cursor === s.cursor ? s : { ...s, cursor };
}

function scrollTo(s: LogState, scroll: number): LogState {
  const next = Math.min(maxScroll(s), Math.max(0, scroll));
  // Scrolling up pauses follow; only End resumes it.
  return fitCursor({ ...s, scroll: next, follow: next > 0 ? false : s.follow });
}

/** The cursor moved: the view follows it; leaving the newest record pauses follow. */
function moveCursor(s: LogState, by: number): LogState {
  const cursor = clamp(s.cursor + by, 0, Math.max(0, s.buffer.size - 1));
  const scroll = clamp(clamp(s.scroll, cursor - s.pageRows + 1, cursor), 0, maxScroll(s));
  return { ...s, cursor, scroll, selecting: true, follow: cursor > 0 ? false : s.follow };
}

/** The record under the cursor. */
export function selectedEntry(s: LogState): LogEntry | undefined {
  return s.buffer.at(s.buffer.size - 1 - s.cursor);
}

function block(s: LogState, action: BlockAction): LogState {
  const r = blockStep(s.block, action);
  // Starting a flow or reading a record's fields shows which record it is about.
  const selecting = s.selecting || action.type === 'start';
  return { ...s, selecting, block: r.flow, note: r.note ?? (action.type === 'start' ? null : s.note) };
}

/** PgUp at the top of what is loaded asks for the next older page (once per offset). */
function pageUp(s: LogState): LogState {
  if (s.scroll < maxScroll(s)) return scrollTo(s, s.scroll + s.pageRows);
  const offset = s.olderOffset;
  if (offset === null || s.pendingOlder !== null || s.loadedOffsets.includes(offset))
    return { ...s, follow: false };
  return { ...s, follow: false, pendingOlder: offset };
}

export function logReducer(s: LogState, a: LogAction): LogState {
  switch (a.type) {
    case 'viewport':
      return a.rows === s.pageRows ? s : { ...s, pageRows: Math.max(1, a.rows) };
    case 'scroll':
      return scrollTo(s, s.scroll + a.by);
    case 'cursor':
      return moveCursor(s, a.by);
    case 'detail':
      return { ...s, detail: a.open && selectedEntry(s) !== undefined, selecting: true };
    case 'block':
      return block(s, a.action);
    case 'note':
      return { ...s, note: a.text };
    case 'page':
      return a.direction < 0 ? pageUp(s) : scrollTo(s, s.scroll - s.pageRows);
    case 'top':
      return scrollTo({ ...s, cursor: Math.max(0, s.buffer.size - 1) }, maxScroll(s));
    case 'bottom':
      return { ...s, scroll: 0, cursor: 0, selecting: false, follow: s.canFollow };
    case 'toggleWrap':
      return { ...s, wrap: !s.wrap };
    case 'toggleFacets':
      return { ...s, facetsOpen: !s.facetsOpen };
    case 'promptOpen':
      return { ...s, prompt: s.highlight };
    case 'promptInput':
      return s.prompt === null ? s : { ...s, prompt: s.prompt + a.text.replace(/[\r\n\t]/g, '') };
    case 'promptBackspace':
      return s.prompt === null ? s : { ...s, prompt: s.prompt.slice(0, -1) };
    case 'promptApply':
      return s.prompt === null ? s : { ...s, highlight: s.prompt, prompt: null };
    case 'promptCancel':
      return { ...s, prompt: null };
    case 'loading':
      return { ...s, loading: true };
    case 'page-loaded': {
      const added = a.offset === 0 ? s.buffer.append(a.records) : s.buffer.prepend(a.records);
      const next: LogState = {
        ...s,
        version: s.buffer.version,
        loading: false,
        error: null,
        pendingOlder: null,
        loadedOffsets: s.loadedOffsets.includes(a.offset) ? s.loadedOffsets : [...s.loadedOffsets, a.offset],
        olderOffset: a.nextOffset ?? null,
      };
      // An older page scrolls into view so the user sees what PgUp fetched.
      return a.offset === 0 ? fitCursor(next) : scrollTo(next, s.scroll + Math.min(added, s.pageRows));
    }
    case 'polled': {
      const added = s.buffer.append(a.records);
      // While following the cursor stays on the newest record; paused, nothing is polled.
      return fitCursor({
        ...s,
        version: s.buffer.version,
        lastPoll: a.at,
        lastNew: added,
        error: null,
        loading: false,
      });
    }
    case 'skipped':
      return a.count === undefined
        ? { ...s, skippedUnknown: true }
        : a.count > 0
          ? { ...s, skipped: s.skipped + a.count }
          : s;
    case 'failed':
      return { ...s, loading: false, pendingOlder: null, error: a.message, lastPoll: a.at };
    case 'histogram':
      return { ...s, histogram: a.buckets, histogramNote: a.note ?? null };
    case 'facets':
      return { ...s, facets: a.facets };
    default: {
      const never: never = a;
      return never;
    }
  }
}
