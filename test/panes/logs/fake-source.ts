// A plain LogSource over an in-memory list: newest-first pages (offset 0 = newest), time filters,
// next_offset when a page is full, like the API. Tests add records to follow them.
import type { Facet, HistogramBucket, LogRecord } from '../../../src/api/telemetry/types.js';
import type { LogPage, LogSearch, LogSource } from '../../../src/contract/logs.js';

export interface FakeLogSource extends LogSource {
  records: LogRecord[];
  calls: LogSearch[];
  fail: Error | null;
  add(...records: LogRecord[]): void;
}

export const BASE = Date.UTC(2026, 0, 10, 12, 0, 0);

export function rec(i: number, extra: Partial<LogRecord> = {}): LogRecord {
  return {
    _time: new Date(BASE + i * 1000).toISOString().replace('Z', '123456Z'),
    level: i % 10 === 0 ? 'error' : 'info',
    service_name: 'bgpd',
    message: `message ${i}`,
    ...extra,
  };
}

export function fakeLogSource(initial: LogRecord[], facets?: Facet[]): FakeLogSource {
  const src: FakeLogSource = {
    records: [...initial],
    calls: [],
    fail: null,
    add(...records) {
      src.records.push(...records);
    },
    async search(q: LogSearch): Promise<LogPage> {
      src.calls.push(q);
      if (src.fail) throw src.fail;
      const matching = src.records
        .filter((r) => {
          const t = Date.parse(r._time);
          return (q.startMs === undefined || t >= q.startMs) && (q.endMs === undefined || t <= q.endMs);
        })
        .sort((a, b) => Date.parse(b._time) - Date.parse(a._time));
      const offset = q.offset ?? 0;
      const records = matching.slice(offset, offset + q.limit);
      return records.length === q.limit ? { records, nextOffset: offset + q.limit } : { records };
    },
    async histogram(q): Promise<HistogramBucket[]> {
      const step = (q.endMs - q.startMs) / q.buckets;
      const timestamps = Array.from({ length: q.buckets }, (_, i) => q.startMs + i * step);
      const values = timestamps.map(() => 0);
      for (const r of src.records) {
        const i = Math.floor((Date.parse(r._time) - q.startMs) / step);
        if (i >= 0 && i < values.length) values[i]!++;
      }
      return [{ fields: {}, timestamps, values, total: values.reduce((a, b) => a + b, 0) }];
    },
  };
  if (facets) src.facets = async () => facets;
  return src;
}
