// One follow poll: page newest-first through [from, end] until caught up. Offsets stop at the
// API's offset cap, so past it the window narrows to what is older than the oldest record seen
// and paging starts again at offset 0. A page budget bounds a poll; what it could not reach is
// returned as the gap (the caller counts it as skipped).
import type { LogRecord } from '../../api/telemetry/types.js';
import { logTimeMs } from '../../api/telemetry/log-time.js';
import type { LogSource } from '../../contract/logs.js';

export interface CatchUpOptions {
  source: LogSource;
  fromMs: number;
  endMs: number;
  /** Records per request (the API's search_max). */
  limit: number;
  /** Highest offset the API accepts (search_offset_max). */
  offsetMax: number;
  /** Requests per poll at most; past it the rest of the window is a gap. */
  maxPages: number;
  signal: AbortSignal;
  onPage: (records: LogRecord[]) => void;
}

export interface CatchUpResult {
  pages: number;
  fetched: number;
  /** Records in [startMs, endMs] (inclusive, whole ms) older than what was fetched were not read. */
  gap: { startMs: number; endMs: number } | null;
}

export async function catchUp(o: CatchUpOptions): Promise<CatchUpResult> {
  let windowEnd = o.endMs;
  let pages = 0;
  let fetched = 0;
  const gap = (oldest: number) => ({
    pages,
    fetched,
    gap: {
      startMs: o.fromMs,
      endMs: Number.isFinite(oldest) ? Math.min(windowEnd, Math.ceil(oldest)) : windowEnd,
    },
  });
  for (;;) {
    let offset = 0;
    let oldest = Number.POSITIVE_INFINITY;
    for (;;) {
      if (pages >= o.maxPages) return gap(oldest);
      const page = await o.source.search(
        { startMs: o.fromMs, endMs: windowEnd, limit: o.limit, ...(offset > 0 && { offset }) },
        o.signal,
      );
      pages++;
      fetched += page.records.length;
      for (const r of page.records) {
        const t = logTimeMs(r._time);
        if (t < oldest) oldest = t;
      }
      if (page.records.length > 0) o.onPage(page.records);
      const next = page.nextOffset;
      // No next page, or a server that does not advance: caught up as far as it lets us.
      if (next === undefined || page.records.length === 0 || next <= offset)
        return { pages, fetched, gap: null };
      if (next > o.offsetMax) break;
      offset = next;
    }
    const narrowed = Math.ceil(oldest);
    // More records in one millisecond than the offset cap reaches: the rest cannot be addressed.
    if (!(narrowed < windowEnd)) return gap(oldest);
    windowEnd = narrowed;
  }
}
