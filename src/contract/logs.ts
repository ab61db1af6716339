// What the log pane needs from the telemetry client (the query itself is bound by the caller).
import type { Facet, HistogramBucket, LogRecord } from '../api/telemetry/types.js';

export interface LogSearch {
  startMs?: number;
  endMs?: number;
  limit: number;
  offset?: number;
}

export interface LogPage {
  records: LogRecord[];
  /** Present when a full page came back: the offset of the next (older) page. */
  nextOffset?: number;
}

/** The histogram could not be read: the strip shows this line instead of bars. */
export interface HistogramNote {
  note: string;
}

/** Errors are RoutershErrors; the pane shows `error: <message>` in its status line. */
export interface LogSource {
  search(q: LogSearch, signal: AbortSignal): Promise<LogPage>;
  histogram(
    q: { startMs: number; endMs: number; buckets: number },
    signal: AbortSignal,
  ): Promise<HistogramBucket[] | HistogramNote>;
  facets?(signal: AbortSignal): Promise<Facet[]>;
  /** The API's paging limits (follow pages with `searchMax` records up to `searchOffsetMax`). */
  limits?(signal: AbortSignal): Promise<{ searchMax: number; searchOffsetMax: number }>;
  /** Records in [startMs, endMs), or undefined when the server cannot say. */
  count?(q: { startMs: number; endMs: number }, signal: AbortSignal): Promise<number | undefined>;
}

/**
 * `b` in the log pane: the router's match-lists, and the change made as the typed line
 * `ipv4 firewall match-list LIST action match net ADDR` (the shell runs it through the runner,
 * so it is validated and journaled like any typed command). Errors are RoutershErrors.
 */
export interface MatchListPort {
  /** The names of the router's match-lists. */
  lists(signal: AbortSignal): Promise<string[]>;
  /** The line that adds `address` to `list`, and the request it would send (nothing is sent). */
  preview(list: string, address: string, signal: AbortSignal): Promise<{ line: string; request: string }>;
  /** Runs the line; resolves with the router's answer. */
  run(line: string, signal: AbortSignal): Promise<string>;
}
