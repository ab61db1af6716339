// Chart pane state as a pure reducer. Data fetching, timers and keys live in use-chart-pane.ts;
// this module only decides what the range is and whether a new fetch is wanted (`request` bumps).
import { TOP_N_STEPS } from './series-view.js';
import type { ChartData, ChartInitialRange } from '../../contract/chart.js';

export const MIN_SPAN_MS = 60_000;
export const MAX_SPAN_MS = 31 * 24 * 3600 * 1000; // the API's default range limit

export type { ChartInitialRange } from '../../contract/chart.js';

export interface ChartError {
  message: string;
  /** The server refused with result_too_large: the pane offers `c` for a coarser step. */
  tooLarge: boolean;
}

export interface ChartState {
  /** Live: the range ends now and moves with every refresh ("since D"). */
  live: boolean;
  spanMs: number;
  /** End of a fixed range (ignored while live). */
  endMs: number;
  paused: boolean;
  /** Keys (seriesKey) of the series the user hid. */
  hidden: ReadonlySet<string>;
  loading: boolean;
  error: ChartError | null;
  data: ChartData | null;
  lastRefresh: number | null;
  /**
   * Step factor: each `c` doubles it, each `f` halves it (1/64 … 64). The fetch asks for
   * columns ÷ coarse, and a step the user gave is multiplied by it.
   */
  coarse: number;
  /** Bumped whenever the pane wants a (re)fetch; the hook fetches when it changes. */
  request: number;
  /** Series plotted at most, the highest recent values first (0 = all; `t` cycles). */
  topN: number;
  /** Legend cursor: a position among the plotted series (clamped where it is used). */
  cursor: number;
}

export type ChartAction =
  | { type: 'togglePause' }
  | { type: 'zoomIn'; now: number }
  | { type: 'zoomOut'; now: number }
  | { type: 'pan'; direction: -1 | 1; now: number }
  | { type: 'toggleSeries'; key: string }
  | { type: 'cycleTopN' }
  | { type: 'select'; position: number }
  | { type: 'refresh' }
  | { type: 'coarser' }
  | { type: 'finer' }
  | { type: 'loading' }
  | { type: 'loaded'; data: ChartData; at: number }
  | { type: 'failed'; error: ChartError; at: number };

export function initChartState(range: ChartInitialRange, now: number): ChartState {
  const live = 'sinceMs' in range;
  const spanMs = live ? range.sinceMs : range.endMs - range.startMs;
  return {
    live,
    spanMs: clampSpan(spanMs),
    endMs: live ? now : range.endMs,
    paused: false,
    hidden: new Set(),
    loading: false,
    error: null,
    data: null,
    lastRefresh: null,
    coarse: 1,
    request: 0,
    topN: TOP_N_STEPS[0]!,
    cursor: 0,
  };
}

/** The time range to show: live ranges end at `now`. */
export function chartRange(state: ChartState, now: number): { startMs: number; endMs: number } {
  const endMs = state.live ? now : state.endMs;
  return { startMs: endMs - state.spanMs, endMs };
}

/** A stable identity for a series across refreshes (visibility survives reordering). */
export function seriesKey(labels: Record<string, string>): string {
  return JSON.stringify(Object.entries(labels).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)));
}

function clampSpan(ms: number): number {
  return Math.min(MAX_SPAN_MS, Math.max(MIN_SPAN_MS, ms));
}

const refetch = (s: ChartState): ChartState => ({ ...s, request: s.request + 1 });

/** Fixed range of `span` centred on `centre`, never ending in the future (that becomes live). */
function fixedAround(s: ChartState, centre: number, span: number, now: number): ChartState {
  const end = centre + span / 2;
  if (end >= now) return refetch({ ...s, live: true, spanMs: span, endMs: now });
  return refetch({ ...s, live: false, spanMs: span, endMs: end });
}

export function chartReducer(state: ChartState, action: ChartAction): ChartState {
  switch (action.type) {
    case 'togglePause':
      // Resuming refreshes at once so the chart catches up with what it missed.
      return state.paused ? refetch({ ...state, paused: false }) : { ...state, paused: true };
    case 'zoomIn':
    case 'zoomOut': {
      const span = clampSpan(action.type === 'zoomIn' ? state.spanMs / 2 : state.spanMs * 2);
      if (span === state.spanMs) return state;
      if (state.live) return refetch({ ...state, spanMs: span });
      const { startMs, endMs } = chartRange(state, action.now);
      return fixedAround(state, (startMs + endMs) / 2, span, action.now);
    }
    case 'pan': {
      const { startMs, endMs } = chartRange(state, action.now);
      const shift = (action.direction * state.spanMs) / 4;
      // Panning back leaves live mode; panning forward up to now returns to it.
      return fixedAround(state, (startMs + endMs) / 2 + shift, state.spanMs, action.now);
    }
    case 'toggleSeries': {
      const hidden = new Set(state.hidden);
      if (!hidden.delete(action.key)) hidden.add(action.key);
      return { ...state, hidden };
    }
    case 'cycleTopN': {
      const next = TOP_N_STEPS[(TOP_N_STEPS.indexOf(state.topN) + 1) % TOP_N_STEPS.length]!;
      return { ...state, topN: next, cursor: 0 };
    }
    case 'select':
      return { ...state, cursor: Math.max(0, action.position) };
    case 'refresh':
      return refetch(state);
    case 'coarser':
      return refetch({ ...state, coarse: Math.min(64, state.coarse * 2), error: null });
    case 'finer':
      return refetch({ ...state, coarse: Math.max(1 / 64, state.coarse / 2), error: null });
    case 'loading':
      return { ...state, loading: true };
    case 'loaded':
      return { ...state, loading: false, error: null, data: action.data, lastRefresh: action.at };
    case 'failed':
      return { ...state, loading: false, error: action.error, lastRefresh: action.at };
    default: {
      const never: never = action;
      return never;
    }
  }
}
