// The chart pane's reads: fetch on every change (aborting the obsolete request), auto-refresh
// while live and not paused, refetch after a resize settles (250 ms).
import { useEffect, useRef, useState } from 'react';
import { isRoutershError } from '../../errors.js';
import type { PaneStore } from '../kit/index.js';
import { type ChartAction, type ChartState, chartRange } from './chart-reducer.js';
import type { ChartSource } from '../../contract/chart.js';

const LOADING_DELAY_MS = 200;
export const RESIZE_DEBOUNCE_MS = 250;

export interface ChartFetchOptions {
  source: ChartSource;
  refreshMs: number;
  /** Plot columns available now; fetches follow it after RESIZE_DEBOUNCE_MS. */
  plotColumns: number;
  now: () => number;
}

export function useChartFetch(
  store: PaneStore<ChartState, ChartAction>,
  state: ChartState,
  o: ChartFetchOptions,
): void {
  const { source, now } = o;
  const { request, live, paused } = state;
  // Resize: draw at the new width at once (from the data held), fetch for it once it settles.
  const [fetchColumns, setFetchColumns] = useState(o.plotColumns);
  useEffect(() => {
    if (o.plotColumns === fetchColumns) return;
    const t = setTimeout(() => setFetchColumns(o.plotColumns), RESIZE_DEBOUNCE_MS);
    return () => clearTimeout(t);
  }, [o.plotColumns, fetchColumns]);

  // One fetch at a time: a new one aborts the last. The auto-refresh starts one without a state
  // change: a tick that dispatched would re-render the whole frame (~25 ms at 120×40 with 800
  // series) just as its fetch starts, and a key pressed then waited for it (the chart-keys bench).
  const fetchNow = useRef<() => void>(() => {});
  // biome-ignore lint/correctness/useExhaustiveDependencies: `request` is the fetch trigger
  useEffect(() => {
    let cancel: (() => void) | undefined;
    fetchNow.current = () => {
      cancel?.();
      cancel = startFetch(store, source, now, fetchColumns);
    };
    fetchNow.current();
    return () => cancel?.();
  }, [request, fetchColumns, source]);

  useEffect(() => {
    if (!live || paused || !(o.refreshMs > 0)) return;
    const t = setInterval(() => fetchNow.current(), o.refreshMs);
    return () => clearInterval(t);
  }, [live, paused, o.refreshMs]);
}

/** Fetches the range as of now into the store; returns its cancel. */
function startFetch(
  store: PaneStore<ChartState, ChartAction>,
  source: ChartSource,
  now: () => number,
  fetchColumns: number,
): () => void {
  const controller = new AbortController();
  const { dispatch } = store;
  const s = store.get();
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
