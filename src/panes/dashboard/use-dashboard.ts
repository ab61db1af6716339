// Effects of the dashboard: one refresh timer for the whole screen; each panel fetches on its
// own (its AbortSignal, its own timeout), a slow or failing panel shows its error in its box and
// never holds up another panel or a key; a panel's refresh never overlaps its previous one (a
// timer tick while it is still busy is skipped; a new window or expression aborts and restarts).
import { useCallback, useEffect, useMemo, useReducer, useRef } from 'react';
import type { Chosen, Dashboard } from '../../contract/dashboard.js';
import type { ChartInitialRange } from '../chart/chart-reducer.js';
import {
  type DashAction,
  type DashState,
  dashReducer,
  initDashState,
  windowRange,
} from './dashboard-reducer.js';
import type { Rect } from './layout.js';
import type { DashboardSources } from './panel-data.js';
import { fetchPanel, makeSource, type PanelSource, panelText } from './panel-fetch.js';
import { deadline } from './deadline.js';
import { useDashKeys } from './use-dash-keys.js';

/** A panel's request gives up after this long (its box then says so). */
export const PANEL_TIMEOUT_MS = 15_000;
/** Variables looked up at open (label values) wait at most this long before panels start. */
export const VARS_TIMEOUT_MS = 5_000;

export interface DashboardOptions {
  dashboard: Dashboard;
  sources: DashboardSources;
  initialRange: ChartInitialRange;
  /** `--var name=value,…` and defaults, resolved by the caller; missing ones are looked up. */
  chosen: Record<string, Chosen>;
  rects: readonly Rect[];
  onClose: () => void;
  now: () => number;
  /**
   * Where the state is kept while another pane is on top (a zoomed panel's `L` or `c` opens one
   * through the shell's stack): back on screen, the dashboard is as it was left.
   */
  keep?: { state?: DashState } | undefined;
}

interface Running {
  controller: AbortController;
  key: string;
}

const message = (e: unknown) => (e instanceof Error ? e.message : String(e));

/** Seconds of the window per column: what `$__interval` stands for in a box `width` wide. */
const stepFor = (spanMs: number, width: number) =>
  Math.max(1, Math.round(spanMs / 1000 / Math.max(1, width)));

export interface DashboardHook {
  state: DashState;
  dispatch: (a: DashAction) => void;
  /** Whether a panel is zoomed, as of the last action (the state drawn may be a frame behind). */
  zoomed: () => boolean;
  /** The panel's text with the chosen variables put in. */
  textOf: (index: number) => string;
  /** The panel's title with the chosen variables put in. */
  titleOf: (index: number) => string;
  /** The panel's source for its current text (the zoomed pane reads from the same one). */
  sourceOf: (index: number) => PanelSource | undefined;
}

export function useDashboard(opts: DashboardOptions): DashboardHook {
  const { dashboard, sources, now } = opts;
  const [state, react] = useReducer(
    dashReducer,
    undefined,
    () => opts.keep?.state ?? initDashState(dashboard, opts.initialRange, opts.chosen, now()),
  );
  if (opts.keep) opts.keep.state = state;
  const stateRef = useRef(state);
  stateRef.current = state;
  // Applied to stateRef at once too, not only at the next render (the reducer is pure: React's
  // state is the same then): the next key of the same chunk acts on the state this one made.
  const dispatch = useCallback((a: DashAction) => {
    stateRef.current = dashReducer(stateRef.current, a);
    react(a);
  }, []);
  const rectsRef = useRef(opts.rects);
  rectsRef.current = opts.rects;

  // Sources: one per panel and text, kept while the text stays the same.
  const made = useRef(new Map<number, { text: string; source: PanelSource }>());
  const textOf = (i: number, s: DashState = stateRef.current): string => {
    const p = dashboard.panels[i];
    if (!p) return '';
    const raw = s.edited[i] ?? panelText(p);
    const spanMs = s.window.spanMs;
    const width = rectsRef.current[i]?.w ?? 80;
    return sources.interpolate(raw, {
      variables: dashboard.variables,
      chosen: s.chosen,
      stepSeconds: stepFor(spanMs, width),
      rangeSeconds: Math.round(spanMs / 1000),
    });
  };
  const sourceOf = (i: number, text = textOf(i)): PanelSource | undefined => {
    const p = dashboard.panels[i];
    if (!p) return undefined;
    const had = made.current.get(i);
    if (had?.text === text) return had.source;
    const source = makeSource(p, text, sources);
    made.current.set(i, { text, source });
    return source;
  };

  // Variables with no value yet (label values, query results) are looked up before panels start.
  // biome-ignore lint/correctness/useExhaustiveDependencies: once per dashboard
  const missing = useMemo(
    () => dashboard.variables.map((v, i) => ({ v, i })).filter(({ v }) => !state.chosen[v.name]),
    [dashboard],
  );
  const ready = useRef(missing.length === 0);
  // biome-ignore lint/correctness/useExhaustiveDependencies: once per dashboard
  useEffect(() => {
    if (missing.length === 0) return;
    const d = deadline(VARS_TIMEOUT_MS);
    const c = d.controller;
    const signal = d.signal;
    void Promise.all(
      missing.map(async ({ v, i }) => {
        const values = await sources.variableValues(i, signal).catch(() => [] as string[]);
        if (c.signal.aborted) return;
        const chosen: Chosen | undefined = v.includeAll
          ? { values, all: true }
          : values[0] !== undefined
            ? { values: [values[0]], all: false }
            : undefined;
        if (chosen) dispatch({ type: 'choose', name: v.name, chosen });
      }),
    ).then(() => {
      d.clear();
      // Given up after the deadline: the panels start with what was found.
      if (c.signal.aborted && !d.timedOut()) return;
      ready.current = true;
      dispatch({ type: 'refresh' });
    });
    return () => c.abort();
  }, [dashboard]);

  const running = useRef(new Map<number, Running>());
  const busy = useRef(new Set<number>());
  /** Starts panel i; `restart`: a busy panel is aborted (new window, text); else it is left alone. */
  const start = (i: number, restart: boolean) => {
    const p = dashboard.panels[i];
    const r = rectsRef.current[i];
    if (!p || !r || !ready.current) return;
    const s = stateRef.current;
    const text = textOf(i, s);
    const { startMs, endMs } = windowRange(s.window, now());
    const key = `${text}\u0000${s.window.live}\u0000${s.window.spanMs}\u0000${s.window.live ? 0 : s.window.endMs}`;
    const old = running.current.get(i);
    if (old && busy.current.has(i)) {
      if (!restart && old.key === key) return;
      old.controller.abort();
    }
    const source = sourceOf(i, text);
    if (!source) return;
    const d = deadline(PANEL_TIMEOUT_MS);
    const { controller, signal } = d;
    running.current.set(i, { controller, key });
    busy.current.add(i);
    // "loading" only when a refresh is slow, or at once when the box is empty.
    const loading = () => dispatch({ type: 'panelLoading', panel: i });
    const timer = s.panels[i]?.data ? setTimeout(loading, 200) : undefined;
    if (!s.panels[i]?.data) loading();
    fetchPanel(p, source, { expr: text, startMs, endMs, width: r.w - 2, height: r.h - 2 }, signal)
      .then(
        (data) => {
          if (!signal.aborted) dispatch({ type: 'panelLoaded', panel: i, data, at: now() });
        },
        (e: unknown) => {
          // Aborted by a newer fetch or the screen closing: nothing to say. Out of time: say so.
          if (signal.aborted && !d.timedOut()) return;
          dispatch({
            type: 'panelFailed',
            panel: i,
            message: d.timedOut() ? `no answer within ${PANEL_TIMEOUT_MS / 1000}s` : message(e),
            at: now(),
          });
        },
      )
      .finally(() => {
        d.clear();
        clearTimeout(timer);
        if (running.current.get(i)?.controller === controller) busy.current.delete(i);
      });
  };

  // A new window, new variables, an edit or `r`: every panel starts over.
  // biome-ignore lint/correctness/useExhaustiveDependencies: `request` is the trigger
  useEffect(() => {
    for (let i = 0; i < dashboard.panels.length; i++) start(i, true);
  }, [state.request]);

  // One timer for the dashboard; a tick skips the panels still busy with the last one.
  // biome-ignore lint/correctness/useExhaustiveDependencies: the timer follows the window's mode
  useEffect(() => {
    const every = dashboard.refreshSeconds * 1000;
    if (!(every > 0) || !state.window.live || state.window.paused) return;
    const t = setInterval(() => {
      if (stateRef.current.zoomed) return;
      for (let i = 0; i < dashboard.panels.length; i++) start(i, false);
    }, every);
    return () => clearInterval(t);
  }, [dashboard, state.window.live, state.window.paused]);

  useEffect(
    () => () => {
      for (const r of running.current.values()) r.controller.abort();
    },
    [],
  );

  useDashKeys({
    dashboard,
    sources,
    stateRef,
    dispatch,
    onClose: opts.onClose,
    now,
    textOf: (i) => stateRef.current.edited[i] ?? panelText(dashboard.panels[i]!),
  });

  const titleOf = (i: number) => {
    const s = stateRef.current;
    return sources.interpolate(dashboard.panels[i]?.title ?? '', {
      variables: dashboard.variables,
      chosen: s.chosen,
      stepSeconds: stepFor(s.window.spanMs, rectsRef.current[i]?.w ?? 80),
      rangeSeconds: Math.round(s.window.spanMs / 1000),
    });
  };
  return {
    state,
    dispatch,
    zoomed: () => stateRef.current.zoomed,
    textOf: (i) => textOf(i),
    titleOf,
    sourceOf: (i) => sourceOf(i),
  };
}
