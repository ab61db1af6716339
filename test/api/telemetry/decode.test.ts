import { describe, expect, it } from 'vitest';
import { alignSeries } from '../../../src/api/telemetry/align.js';
import { decodeMeta, decodeMetrics, decodeRecords, parseValue } from '../../../src/api/telemetry/decode.js';
import {
  decodeFacets,
  decodeHistogram,
  decodeStringList,
  decodeValueHits,
} from '../../../src/api/telemetry/decode-undocumented.js';
import { parseTime } from '../../../src/api/telemetry/time.js';

const T0 = Date.parse('2026-11-22T12:00:00Z');
const iso = (ms: number) => new Date(ms).toISOString();

describe('time', () => {
  it('parses RFC 3339 with nanoseconds and offsets', () => {
    expect(parseTime('2026-11-22T12:00:00.123456789Z')).toBe(T0 + 123);
    expect(parseTime('2026-11-22T14:00:00+02:00')).toBe(T0);
    expect(parseTime('2026-11-22')).toBeUndefined();
    expect(parseTime(42)).toBeUndefined();
  });
});

describe('metrics', () => {
  it('keeps NaN, +Inf, -Inf and the raw strings', () => {
    const d = decodeMetrics(
      {
        result_type: 'matrix',
        series: [
          {
            labels: { __name__: 'x', grp: 'a' },
            samples: [
              { timestamp: '2026-11-22T12:00:10.000000000Z', value: '+Inf' },
              { timestamp: '2026-11-22T12:00:00.000000000Z', value: 'NaN' },
              { timestamp: '2026-11-22T12:00:20Z', value: '-Inf' },
              { timestamp: '2026-11-22T12:00:30Z', value: '12345678901234567890' },
            ],
          },
        ],
      },
      'matrix',
    );
    expect(d.warning).toBeUndefined();
    const s = d.value.series[0]?.samples ?? [];
    expect(s.map((p) => p.t)).toEqual([T0, T0 + 10_000, T0 + 20_000, T0 + 30_000]);
    expect(s[0]?.v).toBeNaN();
    expect(s[1]?.v).toBe(Number.POSITIVE_INFINITY);
    expect(s[2]?.v).toBe(Number.NEGATIVE_INFINITY);
    expect(s[3]?.raw).toBe('12345678901234567890');
    expect(parseValue('1e3')).toBe(1000);
    expect(parseValue('abc')).toBeUndefined();
  });

  it('warns instead of throwing on a surprise', () => {
    const d = decodeMetrics(
      { result_type: 'matrix', series: [{ labels: {}, samples: [{ timestamp: 'x', value: '1' }] }, 7] },
      'matrix',
    );
    expect(d.value.series).toHaveLength(1);
    expect(d.warning).toMatch(/unexpected response shape: .*timestamp/);
    expect(decodeMetrics('nope', 'vector').warning).toBeDefined();
  });

  it('decodes meta with pagination', () => {
    const m = decodeMeta({
      request_id: 'r1',
      source: 'store_logs',
      truncated: false,
      pagination: { offset: 0, limit: 2, next_offset: 2 },
      data_available_from: '2026-11-01T00:00:00Z',
    });
    expect(m).toEqual({
      requestId: 'r1',
      source: 'store_logs',
      truncated: false,
      pagination: { offset: 0, limit: 2, nextOffset: 2 },
      dataAvailableFrom: Date.parse('2026-11-01T00:00:00Z'),
    });
    expect(decodeMeta({ pagination: { offset: 4, limit: 10 } }).pagination).toEqual({ offset: 4, limit: 10 });
  });

  it('keeps log records and their order', () => {
    const d = decodeRecords({
      records: [{ _time: 'b', message: 'x' }, { _time: 'a' }, { message: 'no time' }],
    });
    expect(d.value.map((r) => r._time)).toEqual(['b', 'a', '']);
    expect(d.warning).toMatch(/_time/);
  });
});

describe('alignSeries', () => {
  it('aligns by timestamp, not by index', () => {
    const mk = (ts: number[], v: number) => ts.map((t) => ({ t, v, raw: String(v) }));
    const a = alignSeries([
      { labels: {}, samples: mk([T0, T0 + 10, T0 + 20], 1) },
      { labels: {}, samples: mk([T0 + 10, T0 + 30], 2) },
    ]);
    expect(a.timestamps).toEqual([T0, T0 + 10, T0 + 20, T0 + 30]);
    expect(a.columns).toEqual([
      [1, 1, 1, null],
      [null, 2, null, 2],
    ]);
    expect(alignSeries([])).toEqual({ timestamps: [], columns: [] });
  });
});

describe('undocumented shapes', () => {
  it('zero-fills the histogram over [start, end)', () => {
    const d = decodeHistogram(
      {
        hits: [
          {
            fields: { level: 'error' },
            timestamps: [iso(T0 + 60_000), iso(T0 + 180_000)],
            values: [3, 4],
            total: 7,
          },
          { fields: {}, timestamps: [iso(T0 + 60_000)], values: ['2'] },
        ],
      },
      { startMs: T0, endMs: T0 + 300_000, stepSeconds: 60 },
    );
    expect(d.warning).toBeUndefined();
    const [a, b] = d.value;
    expect(a?.timestamps).toEqual([0, 1, 2, 3, 4].map((i) => T0 + i * 60_000));
    expect(a?.values).toEqual([0, 3, 0, 4, 0]);
    expect(a?.fields).toEqual({ level: 'error' });
    expect(a?.total).toBe(7);
    expect(b?.values).toEqual([0, 2, 0, 0, 0]);
    expect(b?.total).toBe(2);
  });

  it('floors an unaligned start and snaps off-grid buckets', () => {
    const d = decodeHistogram(
      { hits: [{ fields: {}, timestamps: [iso(T0 + 90_000)], values: [5], total: 5 }] },
      { startMs: T0 + 30_000, endMs: T0 + 180_000, stepSeconds: 60 },
    );
    expect(d.value[0]?.timestamps[0]).toBe(T0);
    expect(d.value[0]?.values).toEqual([0, 5, 0]);
  });

  it('draws an ungrouped histogram without hits as a flat zero line', () => {
    const range = { startMs: T0, endMs: T0 + 120_000, stepSeconds: 60 };
    expect(decodeHistogram({ hits: [] }, range).value).toEqual([
      { fields: {}, timestamps: [T0, T0 + 60_000], values: [0, 0], total: 0 },
    ]);
    expect(decodeHistogram({ hits: [] }, { ...range, grouped: true }).value).toEqual([]);
  });

  it('returns a warning, not a crash, for an unknown histogram shape', () => {
    const d = decodeHistogram({ buckets_v2: 1 }, { startMs: T0, endMs: T0 + 60_000, stepSeconds: 60 });
    expect(d.value).toEqual([]);
    expect(d.warning).toMatch(/histogram/);
  });

  it('decodes facets and value hits', () => {
    expect(
      decodeFacets({ facets: [{ field_name: 'level', values: [{ field_value: 'info', hits: 9 }] }] }),
    ).toEqual({
      value: [{ field: 'level', values: [{ value: 'info', hits: 9 }] }],
    });
    expect(decodeValueHits({ values: [{ value: 'service_name', hits: 12 }, 'level'] }).value).toEqual([
      { value: 'service_name', hits: 12 },
      { value: 'level', hits: 0 },
    ]);
    expect(decodeValueHits({ other: 1 }).warning).toBeDefined();
  });

  it('accepts the discovery list variants', () => {
    expect(decodeStringList({ values: ['a', 'b'] }).value).toEqual(['a', 'b']);
    expect(decodeStringList({ names: ['a'] }).value).toEqual(['a']);
    expect(decodeStringList(['a', { value: 'b' }]).value).toEqual(['a', 'b']);
    const bad = decodeStringList({ values: ['a', { x: 1 }] });
    expect(bad.value).toEqual(['a']);
    expect(bad.warning).toMatch(/not a string/);
    expect(decodeStringList(null).warning).toBeDefined();
  });
});
