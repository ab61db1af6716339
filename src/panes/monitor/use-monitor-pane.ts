// Effects of the monitor pane: a read now and `refreshMs` after each read ends (never two at
// once; aborted on unmount), a tick a second after it so timeouts count down between reads (none
// where a read is due), and the keys.
import { useEffect, useReducer, useRef } from 'react';
import { splitText } from '../../keys/key-parser.js';
import { useKeys } from '../key-source/use-keys.js';
import { monitorKeyAction } from './monitor-commands.js';
import { monitorLayout } from './monitor-frame.js';
import { initMonitorState, type MonitorState, monitorReducer } from './monitor-reducer.js';
import type { MonitorSource } from '../../contract/monitor.js';

export interface MonitorPaneOptions {
  source: MonitorSource;
  refreshMs: number;
  /** The pane's height: the body's rows follow from it and the header lines the data brings. */
  height: number;
  onClose: () => void;
  now: () => number;
}

/** A read that has not answered by then shows "reading…" (the loading hint guideline's ~200 ms). */
const LOADING_AFTER_MS = 200;
/** A tick this close to the next read is left to it. */
const TICK_SLACK_MS = 100;

const message = (e: unknown) => (e instanceof Error ? e.message : String(e));

export function useMonitorPane(opts: MonitorPaneOptions): MonitorState {
  const { source, now } = opts;
  const [state, dispatch] = useReducer(monitorReducer, undefined, () => initMonitorState(now()));
  const busy = useRef(false);
  const lifetime = useRef(new AbortController());
  const readNow = useRef<() => void>(() => {});

  // biome-ignore lint/correctness/useExhaustiveDependencies: one reader per pane and source
  useEffect(() => {
    const c = new AbortController();
    lifetime.current = c;
    let next: ReturnType<typeof setTimeout> | undefined;
    let ticks: ReturnType<typeof setInterval> | undefined;
    let nextReadAt = 0;
    // The countdowns move once a second, counted from the end of the last read (so they turn
    // with the seconds since it); a tick due with a read (or during one) is left to the read,
    // which draws the same and more.
    const tick = () => {
      if (busy.current || nextReadAt - performance.now() < TICK_SLACK_MS) return;
      dispatch({ type: 'tick', at: now() });
    };
    const read = async () => {
      if (busy.current || c.signal.aborted) return;
      busy.current = true;
      clearTimeout(next);
      // "reading…" only for a read that takes a while: a quick one changes nothing on screen.
      const slow = setTimeout(() => dispatch({ type: 'loading' }), LOADING_AFTER_MS);
      try {
        const data = await source.read(c.signal);
        if (!c.signal.aborted) dispatch({ type: 'loaded', data, at: now() });
      } catch (e) {
        if (!c.signal.aborted) dispatch({ type: 'failed', message: message(e), at: now() });
      } finally {
        clearTimeout(slow);
        busy.current = false;
        // Counted from the end of this read: reads never overlap, and a slow router is not
        // asked again the moment it answers.
        if (!c.signal.aborted) {
          nextReadAt = performance.now() + opts.refreshMs;
          next = setTimeout(() => void read(), opts.refreshMs);
          clearInterval(ticks);
          ticks = setInterval(tick, 1000);
        }
      }
    };
    readNow.current = () => void read();
    void read();
    return () => {
      c.abort();
      clearTimeout(next);
      clearInterval(ticks);
    };
  }, [source, opts.refreshMs]);

  const bodyRows = monitorLayout(state, opts.height).bodyRows;
  useEffect(() => {
    dispatch({ type: 'viewport', rows: bodyRows });
  }, [bodyRows]);

  // Tracked synchronously: keys typed right after `/` arrive before React re-renders.
  const promptOpen = useRef(false);
  promptOpen.current = state.prompt !== null;
  const confirming = useRef<string | null>(null);
  confirming.current = state.confirm;
  const remove = (address: string) => {
    const signal = lifetime.current.signal;
    if (!source.remove) return;
    source.remove(address, signal).then(
      (msg) => {
        if (signal.aborted) return;
        dispatch({ type: 'removed', address, message: msg });
        readNow.current();
      },
      (e: unknown) => {
        if (!signal.aborted) dispatch({ type: 'removeFailed', message: message(e) });
      },
    );
  };
  useKeys((key) => {
    let used = false;
    for (const k of splitText(key)) {
      const result = monitorKeyAction(k, promptOpen.current, confirming.current !== null);
      if (result === undefined) continue;
      used = true;
      if (result === 'close') {
        opts.onClose();
        continue;
      }
      if (result.type === 'promptOpen') promptOpen.current = true;
      if (result.type === 'promptApply' || result.type === 'promptCancel') promptOpen.current = false;
      if (result.type === 'removeAsk' && !source.remove) continue;
      if (result.type === 'removeConfirm' && confirming.current !== null) remove(confirming.current);
      if (result.type === 'removeConfirm' || result.type === 'removeCancel') confirming.current = null;
      if (result.type === 'refresh') readNow.current();
      else dispatch(result);
    }
    return used;
  });
  return state;
}
