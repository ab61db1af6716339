// What the log pane needs from the telemetry client (the query itself is bound by the caller).
import type { Facet, HistogramBucket, LogRecord } from '../../api/telemetry/types.js';

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
