import { describe, expect, it } from 'vitest';
import type { LogRecord } from '../../../src/api/telemetry/types.js';
import { LogBuffer } from '../../../src/panes/logs/log-buffer.js';
import { initLogState, logReducer } from '../../../src/panes/logs/log-reducer.js';
import { rec } from './fake-source.js';

const msgs = (b: LogBuffer) => b.slice(0, b.size).map((e) => e.record['message']);

describe('LogBuffer', () => {
  it('keeps records in time order and drops exact duplicates', () => {
    const b = new LogBuffer(10);
    expect(b.append([rec(3), rec(1), rec(2)])).toBe(3);
    expect(b.append([rec(3), rec(4), rec(4)])).toBe(1);
    expect(msgs(b)).toEqual(['message 1', 'message 2', 'message 3', 'message 4']);
    // Same _time, different content: both kept.
    expect(b.append([rec(4, { message: 'other' })])).toBe(1);
    expect(b.size).toBe(5);
  });

  it('orders by time even when fraction lengths differ', () => {
    const b = new LogBuffer(10);
    const r = (time: string, message: string): LogRecord => ({ _time: time, message });
    b.append([
      r('2026-01-01T00:00:00Z', 'a'),
      r('2026-01-01T00:00:00.5Z', 'b'),
      r('2026-01-01T00:00:00.000000001Z', 'c'),
    ]);
    expect(msgs(b)).toEqual(['a', 'c', 'b']);
  });

  it('prepends older pages and evicts the newest when full while paging back', () => {
    const b = new LogBuffer(4);
    b.append([rec(10), rec(11), rec(12)]);
    b.prepend([rec(8), rec(9)]);
    expect(msgs(b)).toEqual(['message 8', 'message 9', 'message 10', 'message 11']);
    b.append([rec(13)]);
    expect(msgs(b)).toEqual(['message 9', 'message 10', 'message 11', 'message 13']);
  });

  it('merges out-of-order arrivals', () => {
    const b = new LogBuffer(10);
    b.append([rec(1), rec(5)]);
    b.append([rec(3), rec(7)]);
    expect(msgs(b)).toEqual(['message 1', 'message 3', 'message 5', 'message 7']);
  });

  it('stays bounded after 20,000 records pushed through the reducer', () => {
    let s = initLogState({ follow: true });
    for (let i = 0; i < 20_000; i += 100) {
      const batch = Array.from({ length: 100 }, (_, k) => rec(i + k));
      // Each poll overlaps the previous one at the boundary record.
      if (i > 0) batch.push(rec(i - 1));
      s = logReducer(s, { type: 'polled', records: batch, at: i });
    }
    expect(s.buffer.size).toBe(5000);
    expect(s.buffer.at(0)!.record['message']).toBe('message 15000');
    expect(s.buffer.newest()!.record['message']).toBe('message 19999');
    // An evicted record is no longer remembered, a held one still is.
    expect(s.buffer.has(rec(14_999))).toBe(false);
    expect(s.buffer.has(rec(15_000))).toBe(true);
    expect(s.lastNew).toBe(100);
  });
});
