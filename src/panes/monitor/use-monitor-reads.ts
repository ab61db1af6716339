// The monitor pane's reads: one now and `refreshMs` after each read ends (never two at once;
// aborted on unmount), a tick a second after it so timeouts count down between reads (none
// where a read is due), and the removal `d` then `y` asks for.
import { useEffect, useRef } from 'react';
import type { PaneStore } from '../kit/index.js';
import type { MonitorAction, MonitorState } from './monitor-reducer.js';
import type { MonitorSource } from '../../contract/monitor.js';

/** A read that has not answered by then shows "reading…" (the loading hint guideline's ~200 ms). */
const LOADING_AFTER_MS = 200;
/** A tick this close to the next read is left to it. */
const TICK_SLACK_MS = 100;

const message = (e: unknown) => (e instanceof Error ? e.message : String(e));

export interface MonitorReads {
  /** A read now (none if one is under way). */
  readNow(): void;
  /** Removes `address` from the router's list, then reads again. */
  remove(address: string): void;
}

export function useMonitorReads(
  store: PaneStore<MonitorState, MonitorAction>,
  o: { source: MonitorSource; refreshMs: number; now: () => number },
): MonitorReads {
  const { source, now } = o;
  const { dispatch } = store;
  const lifetime = useRef(new AbortController());
  const readNow = useRef<() => void>(() => {});

  // biome-ignore lint/correctness/useExhaustiveDependencies: one reader per pane and source
  useEffect(() => {
    const c = new AbortController();
    lifetime.current = c;
    let busy = false;
    let next: ReturnType<typeof setTimeout> | undefined;
    let ticks: ReturnType<typeof setInterval> | undefined;
    let nextReadAt = 0;
    // The countdowns move once a second, counted from the end of the last read (so they turn
    // with the seconds since it); a tick due with a read (or during one) is left to the read,
    // which draws the same and more.
    const tick = () => {
      if (busy || nextReadAt - performance.now() < TICK_SLACK_MS) return;
      dispatch({ type: 'tick', at: now() });
    };
    const read = async () => {
      if (busy || c.signal.aborted) return;
      busy = true;
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
        busy = false;
        // Counted from the end of this read: reads never overlap, and a slow router is not
        // asked again the moment it answers.
        if (!c.signal.aborted) {
          nextReadAt = performance.now() + o.refreshMs;
          next = setTimeout(() => void read(), o.refreshMs);
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
  }, [source, o.refreshMs]);

  const remove = (address: string) => {
    const signal = lifetime.current.signal;
    source.remove?.(address, signal).then(
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
  return { readNow: () => readNow.current(), remove };
}
