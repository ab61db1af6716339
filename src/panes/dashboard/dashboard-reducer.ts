// The dashboard screen's state as a pure reducer: the view (focus, scroll, open rows: dash-view.ts),
// zoom, the time window all panels share, the chosen variable values, each panel's own
// data/error/loading, the `v` picker and the `e` prompt. Fetching, timers and keys live in the
// hooks (use-dashboard.ts). Actions that move over the page carry its layout (layout.ts).
import type { Chosen, Dashboard } from '../../contract/dashboard.js';
import { type ChartInitialRange, chartReducer, initChartState } from '../chart/chart-reducer.js';
import { initView, moveFocus, scrollPage, stepFocus, toggleRow, type ViewState } from './dash-view.js';
import type { Layout } from './layout.js';
import type { PanelData } from './panel-data.js';
import { type PickerAction, type PickerState, pickerChoice, pickerReducer } from './picker.js';

/** The window every panel shows: live (the last `spanMs`, moving) or fixed (ending at `endMs`). */
export interface TimeWindowState {
  live: boolean;
  spanMs: number;
  endMs: number;
  paused: boolean;
}

export interface PanelState {
  data: PanelData | null;
  error: string | null;
  loading: boolean;
  /** When the panel's last answer (or error) came. */
  at: number | null;
}

export interface PromptState {
  panel: number;
  text: string;
  /** Completion candidates of the last Tab (shown under the prompt), and a note. */
  candidates: string[];
  note: string | null;
}

export interface DashState extends ViewState {
  zoomed: boolean;
  window: TimeWindowState;
  chosen: Record<string, Chosen>;
  /** Expressions the user edited with `e`, by panel index. */
  edited: Record<number, string>;
  panels: PanelState[];
  /** Bumped for a refetch of every panel (window, variables, `r`); the timer refreshes in the hook. */
  request: number;
  picker: PickerState | null;
  prompt: PromptState | null;
}

export type DashAction =
  /** Tab / Shift-Tab. */
  | { type: 'focus'; by: 1 | -1; layout: Layout }
  /** ↑ / ↓. */
  | { type: 'move'; by: 1 | -1; layout: Layout }
  /** PgUp / PgDn. */
  | { type: 'page'; by: 1 | -1; layout: Layout }
  /** Enter on a row header. */
  | { type: 'toggleRow' }
  | { type: 'zoom' }
  | { type: 'unzoom' }
  | { type: 'zoomIn' | 'zoomOut' | 'togglePause'; now: number }
  | { type: 'pan'; direction: -1 | 1; now: number }
  | { type: 'refresh' }
  | { type: 'choose'; name: string; chosen: Chosen }
  | { type: 'panelLoading'; panel: number }
  | { type: 'panelLoaded'; panel: number; data: PanelData; at: number }
  | { type: 'panelFailed'; panel: number; message: string; at: number }
  | { type: 'picker'; action: PickerAction }
  /** Enter in the picker: its choice for its variable, and every panel again. */
  | { type: 'pickerAccept' }
  | { type: 'promptOpen'; text: string }
  | { type: 'promptText'; text: string; candidates?: string[]; note?: string | null }
  | { type: 'promptCancel' }
  | { type: 'promptApply' };

const EMPTY_PANEL: PanelState = { data: null, error: null, loading: false, at: null };

export function initDashState(
  dashboard: Dashboard,
  range: ChartInitialRange,
  chosen: Record<string, Chosen>,
  now: number,
): DashState {
  const c = initChartState(range, now);
  return {
    ...initView(dashboard.rows ?? []),
    zoomed: false,
    window: { live: c.live, spanMs: c.spanMs, endMs: c.endMs, paused: false },
    chosen,
    edited: {},
    panels: dashboard.panels.map(() => EMPTY_PANEL),
    request: 0,
    picker: null,
    prompt: null,
  };
}

/** The window's range now: live windows end at `now`. */
export function windowRange(w: TimeWindowState, now: number): { startMs: number; endMs: number } {
  const endMs = w.live ? now : w.endMs;
  return { startMs: endMs - w.spanMs, endMs };
}

/** The chart pane's rules for zoom, pan and pause, applied to the shared window (one set of rules). */
function moveWindow(w: TimeWindowState, action: Parameters<typeof chartReducer>[1]): TimeWindowState {
  const base = initChartState({ sinceMs: w.spanMs }, w.endMs);
  const next = chartReducer({ ...base, ...w }, action);
  return { live: next.live, spanMs: next.spanMs, endMs: next.endMs, paused: next.paused };
}

const refetch = (s: DashState): DashState => ({ ...s, request: s.request + 1 });

function setPanel(s: DashState, i: number, p: Partial<PanelState>): DashState {
  const old = s.panels[i];
  if (!old) return s;
  const panels = s.panels.slice();
  panels[i] = { ...old, ...p };
  return { ...s, panels };
}

export function dashReducer(s: DashState, a: DashAction): DashState {
  switch (a.type) {
    case 'focus':
      return stepFocus(s, a.layout, a.by);
    case 'move':
      return moveFocus(s, a.layout, a.by);
    case 'page':
      return scrollPage(s, a.layout, a.by);
    case 'toggleRow':
      return toggleRow(s);
    // While zoomed only the zoomed pane reads (the dashboard's timer skips its panels); back on
    // the dashboard every panel catches up at once. A row header does not zoom.
    case 'zoom':
      if (s.zoomed) return refetch({ ...s, zoomed: false });
      return s.focusRow === null ? { ...s, zoomed: true } : s;
    case 'unzoom':
      return s.zoomed ? refetch({ ...s, zoomed: false }) : s;
    case 'zoomIn':
    case 'zoomOut': {
      const window = moveWindow(s.window, { type: a.type, now: a.now });
      return window.spanMs === s.window.spanMs && window.endMs === s.window.endMs
        ? s
        : refetch({ ...s, window });
    }
    case 'pan':
      return refetch({
        ...s,
        window: moveWindow(s.window, { type: 'pan', direction: a.direction, now: a.now }),
      });
    case 'togglePause': {
      const window = moveWindow(s.window, { type: 'togglePause' });
      // Resuming catches up at once, as the chart pane does.
      return window.paused ? { ...s, window } : refetch({ ...s, window });
    }
    case 'refresh':
      return refetch(s);
    case 'choose':
      return refetch({ ...s, chosen: { ...s.chosen, [a.name]: a.chosen } });
    case 'panelLoading':
      return setPanel(s, a.panel, { loading: true });
    case 'panelLoaded':
      return setPanel(s, a.panel, { loading: false, error: null, data: a.data, at: a.at });
    case 'panelFailed':
      return setPanel(s, a.panel, { loading: false, error: a.message, at: a.at });
    case 'picker': {
      if (a.action.type === 'open') return { ...s, picker: pickerReducer(null, a.action) };
      return s.picker ? { ...s, picker: pickerReducer(s.picker, a.action) } : s;
    }
    case 'pickerAccept': {
      if (!s.picker) return s;
      const chosen = pickerChoice(s.picker);
      const closed = { ...s, picker: null };
      return chosen ? refetch({ ...closed, chosen: { ...s.chosen, [s.picker.name]: chosen } }) : closed;
    }
    case 'promptOpen':
      if (s.focusRow !== null) return s;
      return { ...s, prompt: { panel: s.focus, text: a.text, candidates: [], note: null } };
    case 'promptText':
      return s.prompt
        ? {
            ...s,
            prompt: { ...s.prompt, text: a.text, candidates: a.candidates ?? [], note: a.note ?? null },
          }
        : s;
    case 'promptCancel':
      return { ...s, prompt: null };
    case 'promptApply': {
      if (!s.prompt) return s;
      const text = s.prompt.text.trim();
      if (text === '') return { ...s, prompt: null };
      return refetch({ ...s, prompt: null, edited: { ...s.edited, [s.prompt.panel]: text } });
    }
    default: {
      const never: never = a;
      return never;
    }
  }
}
