// The `| refresh` pane's reads: one every `everySeconds` (never two at once: a tick that finds
// one running is skipped; aborted on unmount), and one at once on `r`.
import { useEffect, useRef } from 'react';
import type { ShowSource } from '../../contract/show.js';
import type { PaneStore } from '../kit/index.js';
import type { ShowAction, ShowState } from './show-reducer.js';

const message = (e: unknown) => (e instanceof Error ? e.message : String(e));

export interface ShowReadOptions {
  source: ShowSource;
  everySeconds: number;
  /** The output the line gave when the pane opened (the first refresh is then `everySeconds` away). */
  first?: string | undefined;
  now: () => number;
}

/** Starts the reads; returns "read now". */
export function useShowReads(store: PaneStore<ShowState, ShowAction>, o: ShowReadOptions): () => void {
  const { source, now } = o;
  const { dispatch } = store;
  const readNow = useRef<() => void>(() => {});
  // biome-ignore lint/correctness/useExhaustiveDependencies: one reader per pane and source
  useEffect(() => {
    const c = new AbortController();
    let busy = false;
    const read = async () => {
      if (busy || c.signal.aborted) return;
      busy = true;
      dispatch({ type: 'loading' });
      try {
        const text = await source.read(c.signal);
        if (!c.signal.aborted) dispatch({ type: 'loaded', text, at: now() });
      } catch (e) {
        if (!c.signal.aborted) dispatch({ type: 'failed', message: message(e), at: now() });
      } finally {
        busy = false;
      }
    };
    readNow.current = () => void read();
    if (o.first === undefined) void read();
    const timer = setInterval(() => void read(), o.everySeconds * 1000);
    return () => {
      c.abort();
      clearInterval(timer);
    };
  }, [source, o.everySeconds]);
  return () => readNow.current();
}
