// Effects of the chart pane: fetch on every change (aborting the obsolete request), auto-refresh
// while live and not paused, refetch after a resize settles (250 ms), keys → reducer actions.
import { useEffect, useReducer, useRef, useState } from 'react';
import { isRoutershError } from '../../errors.js';
import { splitText } from '../../shell/keys/key-parser.js';
import { type Command, resolveCommand } from '../../shell/keys/keymap.js';
import { useKeys } from '../../shell/keys/use-keys.js';
import {
  type ChartInitialRange,
  type ChartState,
  chartRange,
  chartReducer,
  initChartState,
  seriesKey,
} from './chart-reducer.js';
import type { ChartSource } from './source.js';

const LOADING_DELAY_MS = 200;
export const RESIZE_DEBOUNCE_MS = 250;

export interface ChartPaneOptions {
  source: ChartSource;
  initialRange: ChartInitialRange;
  refreshMs: number;
  /** Plot columns available now; fetches follow it after RESIZE_DEBOUNCE_MS. */
  plotColumns: number;
  onClose: () => void;
  now: () => number;
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

  // biome-ignore lint/correctness/useExhaustiveDependencies: `request` is the fetch trigger
  useEffect(() => {
    const controller = new AbortController();
    const s = stateRef.current;
    const range = chartRange(s, now());
    // A refresh says "loading" only when it is slow (~200 ms), so the status line does not
    // flicker every 10 s; with nothing drawn yet it says so at once.
    const loading = () => dispatch({ type: 'loading' });
    const timer = s.data ? setTimeout(loading, LOADING_DELAY_MS) : undefined;
    if (!s.data) loading();
    const columns = Math.max(2, Math.floor(fetchColumns / s.coarse));
    source.fetch({ ...range, columns }, controller.signal).then(
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
  }, [state.request, fetchColumns, source]);

  useEffect(() => {
    if (!state.live || state.paused || !(refreshMs > 0)) return;
    const t = setInterval(() => dispatch({ type: 'refresh' }), refreshMs);
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

  function apply(command: Command): boolean {
    const toggle = /^chart\.toggle(\d)$/.exec(command);
    if (toggle) {
      const series = stateRef.current.data?.series[Number(toggle[1]) - 1];
      if (series) dispatch({ type: 'toggleSeries', key: seriesKey(series.labels) });
      return true;
    }
    switch (command) {
      case 'chart.close':
        onClose();
        return true;
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
      default:
        return false;
    }
  }
  return state;
}
