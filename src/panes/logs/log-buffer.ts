// A bounded, time-ordered ring of log records, de-duplicated by (_time, hash of the record).
// Memory stays flat however long the pane follows: past `max` the oldest records are dropped
// (or, while paging back in history, the newest). Re-adding a record already held is a no-op,
// which makes follow polls that overlap at the boundary time safe.
import type { LogRecord } from '../../api/telemetry/types.js';
import { logTimeMs } from '../../api/telemetry/log-time.js';

export const DEFAULT_LOG_BUFFER_MAX = 5000;

export interface LogEntry {
  record: LogRecord;
  /** Sort key from _time (epoch ms with sub-ms fraction). */
  t: number;
  key: string;
}

/** FNV-1a over the record's JSON: 32 bits are plenty among records sharing one _time. */
function hash(text: string): string {
  let h = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) {
    h ^= text.charCodeAt(i);
    h = Math.imul(h, 0x01000193);
  }
  return (h >>> 0).toString(36);
}

export function recordKey(record: LogRecord): string {
  return `${record._time}\u0000${hash(JSON.stringify(record))}`;
}

export class LogBuffer {
  readonly max: number;
  private ring: Array<LogEntry | undefined>;
  private head = 0;
  private count = 0;
  private readonly keys = new Set<string>();
  /** Bumped on every change, so views can memoise on it. */
  version = 0;

  constructor(max = DEFAULT_LOG_BUFFER_MAX) {
    this.max = Math.max(1, Math.floor(max));
    this.ring = new Array(this.max);
  }

  get size(): number {
    return this.count;
  }

  /** The i-th record, oldest first. */
  at(i: number): LogEntry | undefined {
    if (i < 0 || i >= this.count) return undefined;
    return this.ring[(this.head + i) % this.max];
  }

  slice(from: number, to: number): LogEntry[] {
    const out: LogEntry[] = [];
    for (let i = Math.max(0, from); i < Math.min(to, this.count); i++) out.push(this.at(i)!);
    return out;
  }

  newest(): LogEntry | undefined {
    return this.at(this.count - 1);
  }

  has(record: LogRecord): boolean {
    return this.keys.has(recordKey(record));
  }

  /** Adds newer records (any order); drops the oldest past `max`. Returns how many were new. */
  append(records: readonly LogRecord[]): number {
    return this.add(records, 'oldest');
  }

  /** Adds an older page; drops the newest past `max` (the user is reading history). */
  prepend(records: readonly LogRecord[]): number {
    return this.add(records, 'newest');
  }

  clear(): void {
    this.ring = new Array(this.max);
    this.head = 0;
    this.count = 0;
    this.keys.clear();
    this.version++;
  }

  private add(records: readonly LogRecord[], evict: 'oldest' | 'newest'): number {
    const fresh: LogEntry[] = [];
    const batch = new Set<string>();
    for (const record of records) {
      const key = recordKey(record);
      if (this.keys.has(key) || batch.has(key)) continue;
      batch.add(key);
      fresh.push({ record, t: logTimeMs(record._time), key });
    }
    if (fresh.length === 0) return 0;
    fresh.sort(byTime);
    const first = this.at(0);
    const last = this.newest();
    if (!last || fresh[0]!.t >= last.t) for (const e of fresh) this.pushBack(e, evict);
    else if (first && fresh[fresh.length - 1]!.t <= first.t)
      for (let i = fresh.length - 1; i >= 0; i--) this.pushFront(fresh[i]!, evict);
    else this.merge(fresh, evict);
    this.version++;
    return fresh.length;
  }

  private pushBack(e: LogEntry, evict: 'oldest' | 'newest'): void {
    if (this.count === this.max) {
      if (evict === 'newest') return; // history paging never pushes out what is older
      this.dropFront();
    }
    this.ring[(this.head + this.count) % this.max] = e;
    this.count++;
    this.keys.add(e.key);
  }

  private pushFront(e: LogEntry, evict: 'oldest' | 'newest'): void {
    if (this.count === this.max) {
      if (evict === 'oldest') return;
      this.dropBack();
    }
    this.head = (this.head - 1 + this.max) % this.max;
    this.ring[this.head] = e;
    this.count++;
    this.keys.add(e.key);
  }

  private dropFront(): void {
    const e = this.ring[this.head];
    if (e) this.keys.delete(e.key);
    this.ring[this.head] = undefined;
    this.head = (this.head + 1) % this.max;
    this.count--;
  }

  private dropBack(): void {
    const i = (this.head + this.count - 1) % this.max;
    const e = this.ring[i];
    if (e) this.keys.delete(e.key);
    this.ring[i] = undefined;
    this.count--;
  }

  /** Out-of-order arrivals (rare): merge and refill, keeping the side `evict` does not name. */
  private merge(fresh: LogEntry[], evict: 'oldest' | 'newest'): void {
    const all = [...this.slice(0, this.count), ...fresh].sort(byTime);
    const kept = evict === 'oldest' ? all.slice(-this.max) : all.slice(0, this.max);
    this.ring = new Array(this.max);
    this.head = 0;
    this.count = 0;
    this.keys.clear();
    for (const e of kept) this.pushBack(e, evict);
  }
}

function byTime(a: LogEntry, b: LogEntry): number {
  // NaN times (unparsable) sort first rather than poisoning the order.
  const at = Number.isNaN(a.t) ? Number.NEGATIVE_INFINITY : a.t;
  const bt = Number.isNaN(b.t) ? Number.NEGATIVE_INFINITY : b.t;
  return at - bt;
}
