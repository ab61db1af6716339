// Effects of the log pane: first page, older pages on request, follow polling for records newer
// than the last seen _time (de-duplicated by the buffer), histogram and facets; all requests
// abort when obsolete or on unmount; poll results reach React at most ~10 times a second.
import { useEffect, useReducer, useRef } from 'react';
import type { LogRecord } from '../../api/telemetry/types.js';
import { splitText } from '../../keys/key-parser.js';
import { useKeys } from '../key-source/use-keys.js';
import { chartForRecord, type PaneLink, type PaneRequest } from '../pane-links.js';
import { catchUp } from './follow-catch-up.js';
import { type LogBuffer, recordKey } from './log-buffer.js';
import { logKeyAction, logMode } from './log-commands.js';
import { type LogAction, type LogState, initLogState, logReducer, selectedEntry } from './log-reducer.js';
import { logTimeMs } from '../../api/telemetry/log-time.js';
import { recordAddresses } from './record-addresses.js';
import type { LogSource, MatchListPort } from '../../contract/logs.js';
import { useBlockFlow } from './use-block-flow.js';

export const MIN_DISPATCH_INTERVAL_MS = 100;
/** Requests per follow poll at most (30 × search_max = 30,000 records); the rest is counted as skipped. */
export const MAX_PAGES_PER_POLL = 30;
const HISTOGRAM_EVERY_POLLS = 5;

export interface LogPaneOptions {
  source: LogSource;
  startMs: number;
  /** Fixed end, or undefined to follow (the first page ends at the opening time). */
  endMs: number | undefined;
  pageSize: number;
  pollMs: number;
  bufferMax: number;
  histogramColumns: number;
  bodyRows: number;
  onClose: () => void;
  now: () => number;
  /** Log field ↔ metric label pairs for `c`. */
  links: readonly PaneLink[];
  /** The links are the profile's `paneLinks` (else the simulator's defaults). */
  linksConfigured?: boolean | undefined;
  /** `b`: absent when the pane cannot change the router. */
  matchLists?: MatchListPort | undefined;
  /** `c`: absent when the pane cannot open another. */
  onOpen?: ((req: PaneRequest) => void) | undefined;
}

const message = (e: unknown) => (e instanceof Error ? e.message : String(e));

export function useLogPane(opts: LogPaneOptions): LogState {
  const { source, startMs, pageSize, now } = opts;
  const [state, dispatch] = useReducer(logReducer, undefined, () =>
    initLogState({ follow: opts.endMs === undefined, max: opts.bufferMax }),
  );
  const stateRef = useRef(state);
  stateRef.current = state;
  // The first page's end stays fixed so later offsets address the same result set.
  const endRef = useRef(opts.endMs ?? now());
  const lifetime = useRef(new AbortController());
  useEffect(() => {
    const c = new AbortController();
    lifetime.current = c;
    return () => c.abort();
  }, []);

  // Throttled dispatch for streaming results.
  const queue = useRef<LogRecord[]>([]);
  const lastFlush = useRef(0);
  const flushTimer = useRef<ReturnType<typeof setTimeout> | null>(null);
  useEffect(
    () => () => {
      if (flushTimer.current) clearTimeout(flushTimer.current);
    },
    [],
  );
  function pushPolled(records: LogRecord[]): void {
    queue.current.push(...records);
    const flush = () => {
      flushTimer.current = null;
      lastFlush.current = Date.now();
      const batch = queue.current;
      queue.current = [];
      dispatch({ type: 'polled', records: batch, at: now() });
    };
    const wait = MIN_DISPATCH_INTERVAL_MS - (Date.now() - lastFlush.current);
    if (wait <= 0) flush();
    else if (!flushTimer.current) flushTimer.current = setTimeout(flush, wait);
  }

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

  const histogramCols = opts.histogramColumns;
  function loadHistogram(signal: AbortSignal): void {
    const end = opts.endMs ?? now();
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

  // Follow: each poll pages through [newest _time held, now] until caught up (the buffer drops
  // the overlap at the boundary); what the page budget cannot reach is counted and reported.
  // biome-ignore lint/correctness/useExhaustiveDependencies: restart only when follow flips
  useEffect(() => {
    if (!state.follow || !(opts.pollMs > 0)) return;
    let polls = 0;
    let busy = false;
    let limits: { searchMax: number; searchOffsetMax: number } | undefined;
    const tick = async () => {
      if (busy) return;
      busy = true;
      const signal = lifetime.current.signal;
      try {
        limits ??= source.limits
          ? await source.limits(signal)
          : { searchMax: pageSize, searchOffsetMax: 10_000 };
        const buffer = stateRef.current.buffer;
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
            dispatch({
              type: 'skipped',
              count: total === undefined ? undefined : Math.max(0, total - held.size),
            });
        }
        if (!signal.aborted && got.length === 0) pushPolled([]);
        if (++polls % HISTOGRAM_EVERY_POLLS === 0 && !signal.aborted) loadHistogram(signal);
      } catch (e) {
        fail(e, signal);
      } finally {
        busy = false;
      }
    };
    const t = setInterval(() => void tick(), opts.pollMs);
    return () => clearInterval(t);
  }, [state.follow, opts.pollMs]);

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

  useEffect(() => {
    dispatch({ type: 'viewport', rows: opts.bodyRows });
  }, [opts.bodyRows]);

  useBlockFlow(state.block, opts.matchLists, dispatch);

  // The state as the keys leave it, tracked synchronously: keys typed right after `/` (or `b`)
  // arrive before React re-renders. Key actions never touch the buffer, so re-applying is safe.
  const keyState = useRef(state);
  keyState.current = state;
  // Keys read at once (`jj`, `/abc`) are each applied, in order.
  useKeys((key) => {
    let used = false;
    for (const k of splitText(key)) {
      const s = keyState.current;
      const result = logKeyAction(k, logMode(s));
      if (result === undefined) continue;
      used = true;
      if (result === 'close') {
        opts.onClose();
        continue;
      }
      const action = result === 'block' || result === 'chart' ? recordAction(s, result) : result;
      if (action === undefined) continue;
      keyState.current = logReducer(s, action);
      dispatch(action);
    }
    return used;
  });

  /** `b` and `c` on the selected record: the action to apply, or nothing (`c` opened a chart). */
  function recordAction(s: LogState, what: 'block' | 'chart'): LogAction | undefined {
    const note = (text: string): LogAction => ({ type: 'note', text });
    const entry = selectedEntry(s);
    if (!entry) return note('no record selected');
    if (what === 'block') {
      if (!opts.matchLists) return note('no router to add an address to');
      return { type: 'block', action: { type: 'start', addresses: recordAddresses(entry.record) } };
    }
    const r = chartForRecord(entry.record, opts.links, now(), opts.linksConfigured !== false);
    if ('reason' in r) return note(`no chart: ${r.reason}`);
    if (!opts.onOpen) return note('no chart from here');
    opts.onOpen(r);
    return undefined;
  }
  return state;
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
