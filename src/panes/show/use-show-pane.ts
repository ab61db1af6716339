// Effects of the `| refresh` pane: a read every `everySeconds` (never two at once: a tick that
// finds one running is skipped; aborted on unmount) and the keys, which only dispatch: a key
// never waits for a read.
import { useEffect, useRef } from 'react';
import { usePaneKeys, usePaneStore } from '../kit/index.js';
import { showKeyAction } from './show-commands.js';
import { initShowState, showReducer, type ShowState } from './show-reducer.js';
import type { ShowSource } from '../../contract/show.js';

export interface ShowPaneOptions {
  source: ShowSource;
  everySeconds: number;
  /** The output the line gave when the pane opened (the first refresh is then `everySeconds` away). */
  first?: string | undefined;
  bodyRows: number;
  onClose: () => void;
  now: () => number;
  /** False in a dashboard until its panel is focused. */
  keys?: boolean | undefined;
}

const message = (e: unknown) => (e instanceof Error ? e.message : String(e));

export function useShowPane(opts: ShowPaneOptions): ShowState {
  const { source, now } = opts;
  const [state, store] = usePaneStore(showReducer, () =>
    opts.first === undefined ? initShowState() : initShowState(opts.first, now()),
  );
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
    if (opts.first === undefined) void read();
    const timer = setInterval(() => void read(), opts.everySeconds * 1000);
    return () => {
      c.abort();
      clearInterval(timer);
    };
  }, [source, opts.everySeconds]);

  useEffect(() => {
    dispatch({ type: 'viewport', rows: opts.bodyRows });
  }, [opts.bodyRows, dispatch]);

  usePaneKeys(
    store,
    (key) => {
      const result = showKeyAction(key);
      if (result === 'close') opts.onClose();
      else if (result === 'refresh') readNow.current();
      else return result;
      return true;
    },
    { isActive: opts.keys !== false },
  );
  return state;
}
