// Effects of the chart pane: fetch on every change (aborting the obsolete request), auto-refresh
// while live and not paused, refetch after a resize settles (250 ms), keys → reducer actions.
import { useEffect, useReducer, useRef, useState } from 'react';
import type { Series } from '../../api/telemetry/types.js';
import { isRoutershError } from '../../errors.js';
import { splitText } from '../../keys/key-parser.js';
import { type Command, resolveCommand } from '../../keys/keymap.js';
import { useKeys } from '../key-source/use-keys.js';
import {
  type ChartInitialRange,
  type ChartState,
  chartRange,
  chartReducer,
  initChartState,
  seriesKey,
} from './chart-reducer.js';
import { logsForWindow, type PaneLink, type PaneRequest } from '../pane-links.js';
import { legendView, pageCursor } from './series-view.js';
import type { ChartSource } from '../../contract/chart.js';

const keyOf = (s: Series) => seriesKey(s.labels);

const LOADING_DELAY_MS = 200;
export const RESIZE_DEBOUNCE_MS = 250;

export interface ChartPaneOptions {
  source: ChartSource;
  initialRange: ChartInitialRange;
  refreshMs: number;
  /** Plot columns available now; fetches follow it after RESIZE_DEBOUNCE_MS. */
  plotColumns: number;
  /** The legend's width (its pages depend on it). */
  legendWidth: number;
  onClose: () => void;
  now: () => number;
  /** `L`: log field ↔ metric label pairs, and the shell's pane stack. */
  links: readonly PaneLink[];
  onOpen?: ((req: PaneRequest) => void) | undefined;
}

export function useChartPane(opts: ChartPaneOptions): ChartState {
  const { source, refreshMs, plotColumns, onClose, now } = opts;
  const [state, dispatch] = useReducer(chartReducer, undefined, () =>
    initChartState(opts.initialRange, now()),
  );
  const stateRef = useRef(state);
  stateRef.current = state;

  // Resize: draw at the new width at once (from the data held), fetch for it once it settles.
  const [fetchColumns, setFetchColumns] = useState(plotColumns);
  useEffect(() => {
    if (plotColumns === fetchColumns) return;
    const t = setTimeout(() => setFetchColumns(plotColumns), RESIZE_DEBOUNCE_MS);
    return () => clearTimeout(t);
  }, [plotColumns, fetchColumns]);

  // One fetch at a time: a new one aborts the last. The auto-refresh starts one without a state
  // change: a tick that dispatched would re-render the whole frame (~25 ms at 120×40 with 800
  // series) just as its fetch starts, and a key pressed then waited for it (the chart-keys bench).
  const fetchNow = useRef<() => void>(() => {});
  // biome-ignore lint/correctness/useExhaustiveDependencies: `request` is the fetch trigger
  useEffect(() => {
    let cancel: (() => void) | undefined;
    fetchNow.current = () => {
      cancel?.();
      cancel = startFetch();
    };
    fetchNow.current();
    return () => cancel?.();
  }, [state.request, fetchColumns, source]);

  /** Fetches the range as of now into the state; returns its cancel. */
  function startFetch(): () => void {
    const controller = new AbortController();
    const s = stateRef.current;
    const range = chartRange(s, now());
    // A refresh says "loading" only when it is slow (~200 ms), so the status line does not
    // flicker every 10 s; with nothing drawn yet it says so at once.
    const loading = () => dispatch({ type: 'loading' });
    const timer = s.data ? setTimeout(loading, LOADING_DELAY_MS) : undefined;
    if (!s.data) loading();
    const columns = Math.max(2, Math.floor(fetchColumns / s.coarse));
    source.fetch({ ...range, columns, stepFactor: s.coarse }, controller.signal).then(
      (data) => {
        clearTimeout(timer);
        if (!controller.signal.aborted) dispatch({ type: 'loaded', data, at: now() });
      },
      (e: unknown) => {
        clearTimeout(timer);
        if (controller.signal.aborted) return;
        const tooLarge = isRoutershError(e) && e.details['code'] === 'result_too_large';
        const message = e instanceof Error ? e.message : String(e);
        dispatch({ type: 'failed', error: { message, tooLarge }, at: now() });
      },
    );
    return () => {
      clearTimeout(timer);
      controller.abort();
    };
  }

  useEffect(() => {
    if (!state.live || state.paused || !(refreshMs > 0)) return;
    const t = setInterval(() => fetchNow.current(), refreshMs);
    return () => clearInterval(t);
  }, [state.live, state.paused, refreshMs]);

  // Keys read at once (`--`) are each applied: the reducer queues every dispatch.
  useKeys((key) => {
    let used = false;
    for (const k of splitText(key)) {
      const command = resolveCommand(k, { mode: 'chart' });
      if (command !== undefined) used = apply(command) || used;
    }
    return used;
  });

  // The reducer queues actions, so a burst of keys reads the state as of the last render;
  // the cursor is tracked here too so `jjj` moves three.
  const cursor = useRef(state.cursor);
  cursor.current = state.cursor;
  function select(position: number): void {
    cursor.current = position;
    dispatch({ type: 'select', position });
  }
  function toggleAt(position: number): void {
    const s = stateRef.current;
    const all = s.data?.series ?? [];
    const index = legendView(all, { ...s, cursor: position }, opts.legendWidth, keyOf).shown[position];
    const series = index === undefined ? undefined : all[index];
    if (series) dispatch({ type: 'toggleSeries', key: keyOf(series) });
  }

  function apply(command: Command): boolean {
    const s = stateRef.current;
    const all = s.data?.series ?? [];
    const view = () => legendView(all, { ...s, cursor: cursor.current }, opts.legendWidth, keyOf);
    const toggle = /^chart\.toggle(\d)$/.exec(command);
    if (toggle) {
      // Digits name the items of the legend page on screen.
      const item = view().items.find((it) => it.key === Number(toggle[1]));
      if (item) toggleAt(item.index);
      return true;
    }
    switch (command) {
      case 'chart.topN':
        cursor.current = 0;
        dispatch({ type: 'cycleTopN' });
        return true;
      case 'chart.legendPrev':
      case 'chart.legendNext':
        select(
          pageCursor(all, s.topN, view().cursor, opts.legendWidth, command === 'chart.legendNext' ? 1 : -1),
        );
        return true;
      case 'chart.cursorPrev':
      case 'chart.cursorNext': {
        const v = view();
        const by = command === 'chart.cursorNext' ? 1 : -1;
        select(Math.max(0, Math.min(v.shown.length - 1, v.cursor + by)));
        return true;
      }
      case 'chart.toggleSelected':
        toggleAt(view().cursor);
        return true;
      case 'chart.close':
        onClose();
        return true;
      case 'chart.logs': {
        // The visible window, and the labels of the series under the legend cursor.
        const index = view().shown[view().cursor];
        const labels = index === undefined ? undefined : all[index]?.labels;
        opts.onOpen?.(logsForWindow({ ...chartRange(s, now()), live: s.live }, labels, opts.links));
        return true;
      }
      case 'chart.pause':
        dispatch({ type: 'togglePause' });
        return true;
      case 'chart.zoomIn':
        dispatch({ type: 'zoomIn', now: now() });
        return true;
      case 'chart.zoomOut':
        dispatch({ type: 'zoomOut', now: now() });
        return true;
      case 'chart.panLeft':
        dispatch({ type: 'pan', direction: -1, now: now() });
        return true;
      case 'chart.panRight':
        dispatch({ type: 'pan', direction: 1, now: now() });
        return true;
      case 'chart.refresh':
        dispatch({ type: 'refresh' });
        return true;
      case 'chart.coarser':
        dispatch({ type: 'coarser' });
        return true;
      case 'chart.finer':
        dispatch({ type: 'finer' });
        return true;
      default:
        return false;
    }
  }
  return state;
}
