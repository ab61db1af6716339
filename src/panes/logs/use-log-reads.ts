// The log pane's reads: the first page, older pages when the reducer asks, the histogram (again
// when the width changes), facets once when first shown, and follow (use-log-follow.ts). Every
// request aborts when obsolete or on unmount.
import { useEffect, useRef } from 'react';
import type { PaneStore } from '../kit/index.js';
import type { LogAction, LogState } from './log-reducer.js';
import type { LogSource } from '../../contract/logs.js';
import { useLogFollow } from './use-log-follow.js';

export interface LogReadOptions {
  source: LogSource;
  startMs: number;
  /** Fixed end, or undefined to follow (the first page ends at the opening time). */
  endMs: number | undefined;
  pageSize: number;
  pollMs: number;
  histogramColumns: number;
  now: () => number;
}

const message = (e: unknown) => (e instanceof Error ? e.message : String(e));

export function useLogReads(store: PaneStore<LogState, LogAction>, state: LogState, o: LogReadOptions): void {
  const { source, startMs, pageSize, now } = o;
  const { dispatch } = store;
  // The first page's end stays fixed so later offsets address the same result set.
  const endRef = useRef(o.endMs ?? now());
  const lifetime = useRef(new AbortController());
  useEffect(() => {
    const c = new AbortController();
    lifetime.current = c;
    return () => c.abort();
  }, []);

  const fail = (e: unknown, signal: AbortSignal) => {
    if (!signal.aborted) dispatch({ type: 'failed', message: message(e), at: now() });
  };

  function loadPage(offset: number): () => void {
    const c = new AbortController();
    dispatch({ type: 'loading' });
    source.search({ startMs, endMs: endRef.current, limit: pageSize, offset }, c.signal).then(
      (page) => {
        if (!c.signal.aborted)
          dispatch({ type: 'page-loaded', offset, records: page.records, nextOffset: page.nextOffset });
      },
      (e: unknown) => fail(e, c.signal),
    );
    return () => c.abort();
  }

  // biome-ignore lint/correctness/useExhaustiveDependencies: the first page loads once
  useEffect(() => loadPage(0), []);

  // biome-ignore lint/correctness/useExhaustiveDependencies: fetch when the reducer asks
  useEffect(() => {
    if (state.pendingOlder !== null) return loadPage(state.pendingOlder);
  }, [state.pendingOlder]);

  const histogramCols = o.histogramColumns;
  function loadHistogram(signal: AbortSignal): void {
    const end = o.endMs ?? now();
    source.histogram({ startMs, endMs: end, buckets: Math.max(1, histogramCols) }, signal).then(
      (r) => {
        if (!signal.aborted)
          dispatch(
            Array.isArray(r)
              ? { type: 'histogram', buckets: r }
              : { type: 'histogram', buckets: [], note: r.note },
          );
      },
      (e: unknown) => fail(e, signal),
    );
  }
  // biome-ignore lint/correctness/useExhaustiveDependencies: refetch only when the width changes
  useEffect(() => {
    const c = new AbortController();
    loadHistogram(c.signal);
    return () => c.abort();
  }, [histogramCols]);

  useLogFollow(store, state.follow, {
    ...o,
    signal: () => lifetime.current.signal,
    fail,
    histogram: loadHistogram,
  });

  // biome-ignore lint/correctness/useExhaustiveDependencies: fetch facets once, when first shown
  useEffect(() => {
    if (!state.facetsOpen || state.facets !== null || !source.facets) return;
    const signal = lifetime.current.signal;
    source.facets(signal).then(
      (facets) => {
        if (!signal.aborted) dispatch({ type: 'facets', facets });
      },
      (e: unknown) => fail(e, signal),
    );
  }, [state.facetsOpen]);
}
