// Follow: each poll pages through [newest _time held, now] until caught up (the buffer drops
// the overlap at the boundary); what the page budget cannot reach is counted and reported.
// Poll results reach the store at most ~10 times a second.
import { useEffect, useRef } from 'react';
import type { LogRecord } from '../../api/telemetry/types.js';
import type { PaneStore } from '../kit/index.js';
import { catchUp } from './follow-catch-up.js';
import { type LogBuffer, recordKey } from './log-buffer.js';
import type { LogAction, LogState } from './log-reducer.js';
import { logTimeMs } from '../../api/telemetry/log-time.js';
import type { LogSource } from '../../contract/logs.js';

export const MIN_DISPATCH_INTERVAL_MS = 100;
/** Requests per follow poll at most (30 × search_max = 30,000 records); the rest is counted as skipped. */
export const MAX_PAGES_PER_POLL = 30;
const HISTOGRAM_EVERY_POLLS = 5;

export interface LogFollowOptions {
  source: LogSource;
  startMs: number;
  pageSize: number;
  pollMs: number;
  now: () => number;
  /** The pane's lifetime: aborted on unmount. */
  signal: () => AbortSignal;
  fail: (e: unknown, signal: AbortSignal) => void;
  /** Refreshes the histogram (every few polls). */
  histogram: (signal: AbortSignal) => void;
}

export function useLogFollow(
  store: PaneStore<LogState, LogAction>,
  follow: boolean,
  o: LogFollowOptions,
): void {
  const pushPolled = useThrottledPolls(store, o.now);
  const { source, startMs, pageSize, now } = o;
  // biome-ignore lint/correctness/useExhaustiveDependencies: restart only when follow flips
  useEffect(() => {
    if (!follow || !(o.pollMs > 0)) return;
    let polls = 0;
    let busy = false;
    let limits: { searchMax: number; searchOffsetMax: number } | undefined;
    const tick = async () => {
      if (busy) return;
      busy = true;
      const signal = o.signal();
      try {
        limits ??= source.limits
          ? await source.limits(signal)
          : { searchMax: pageSize, searchOffsetMax: 10_000 };
        const buffer = store.get().buffer;
        const newest = buffer.newest();
        const from = newest && !Number.isNaN(newest.t) ? Math.floor(newest.t) : startMs;
        const held = heldSince(buffer, from);
        const got: LogRecord[] = [];
        const r = await catchUp({
          source,
          fromMs: from,
          endMs: Math.max(from, now()),
          limit: limits.searchMax,
          offsetMax: limits.searchOffsetMax,
          maxPages: MAX_PAGES_PER_POLL,
          signal,
          onPage: (records) => {
            if (signal.aborted) return;
            got.push(...records);
            pushPolled(records);
          },
        });
        if (r.gap && !signal.aborted) {
          const { startMs: a, endMs: b } = r.gap;
          const total = source.count ? await source.count({ startMs: a, endMs: b + 1 }, signal) : undefined;
          for (const rec of got) {
            const t = Math.floor(logTimeMs(rec._time));
            if (t >= a && t <= b) held.add(recordKey(rec));
          }
          if (!signal.aborted)
            store.dispatch({
              type: 'skipped',
              count: total === undefined ? undefined : Math.max(0, total - held.size),
            });
        }
        if (!signal.aborted && got.length === 0) pushPolled([]);
        if (++polls % HISTOGRAM_EVERY_POLLS === 0 && !signal.aborted) o.histogram(signal);
      } catch (e) {
        o.fail(e, signal);
      } finally {
        busy = false;
      }
    };
    const t = setInterval(() => void tick(), o.pollMs);
    return () => clearInterval(t);
  }, [follow, o.pollMs]);
}

/** Polled records, dispatched at most every MIN_DISPATCH_INTERVAL_MS (the rest waits its turn). */
function useThrottledPolls(store: PaneStore<LogState, LogAction>, now: () => number) {
  const queue = useRef<LogRecord[]>([]);
  const lastFlush = useRef(0);
  const flushTimer = useRef<ReturnType<typeof setTimeout> | null>(null);
  useEffect(
    () => () => {
      if (flushTimer.current) clearTimeout(flushTimer.current);
    },
    [],
  );
  return (records: LogRecord[]): void => {
    queue.current.push(...records);
    const flush = () => {
      flushTimer.current = null;
      lastFlush.current = Date.now();
      const batch = queue.current;
      queue.current = [];
      store.dispatch({ type: 'polled', records: batch, at: now() });
    };
    const wait = MIN_DISPATCH_INTERVAL_MS - (Date.now() - lastFlush.current);
    if (wait <= 0) flush();
    else if (!flushTimer.current) flushTimer.current = setTimeout(flush, wait);
  };
}

/** Keys of the held records at or after `fromMs` (the overlap a poll may fetch again). */
function heldSince(buffer: LogBuffer, fromMs: number): Set<string> {
  const keys = new Set<string>();
  for (let i = buffer.size - 1; i >= 0; i--) {
    const e = buffer.at(i)!;
    if (!(Math.floor(e.t) >= fromMs)) break;
    keys.add(e.key);
  }
  return keys;
}
