import { describe, expect, it } from 'vitest';
import type { Series } from '../../../src/api/telemetry/types.js';
import { downsample } from '../../../src/term/chart/downsample.js';

const series = (values: number[], stepMs = 1000): Series => ({
  labels: {},
  samples: values.map((v, i) => ({ t: i * stepMs, v, raw: String(v) })),
});

describe('downsample', () => {
  it('keeps a one-sample spike as the max of its column', () => {
    const values = Array.from({ length: 11_000 }, () => 1);
    values[7321] = 500;
    values[123] = -40;
    const ds = downsample(series(values), 100, { startMs: 0, endMs: 11_000_000 });
    expect(ds.max).toHaveLength(100);
    expect(Math.max(...(ds.max as number[]))).toBe(500);
    expect(ds.max[66]).toBe(500);
    expect(Math.min(...(ds.min as number[]))).toBe(-40);
    expect(ds.max[0]).toBe(1);
  });

  it('turns NaN and ±Inf into null gaps', () => {
    const values = Array.from({ length: 100 }, (_, i) =>
      i >= 30 && i < 40 ? Number.NaN : i === 70 ? Number.POSITIVE_INFINITY : 2,
    );
    const ds = downsample(series(values), 100, { startMs: 0, endMs: 100_000, stepMs: 1000 });
    expect(ds.max.slice(30, 40).every((v) => v === null)).toBe(true);
    expect(ds.max[70]).toBeNull();
    expect(ds.max[29]).toBe(2);
    expect(ds.max[40]).toBe(2);
  });

  it('carries values across columns between adjacent samples but not across missing ones', () => {
    // 10 samples 10 s apart over 100 columns of 1 s; then samples resume after a 30 s hole.
    const s: Series = {
      labels: {},
      samples: [0, 10, 20, 30, 70, 80, 90].map((sec) => ({ t: sec * 1000, v: sec, raw: '' })),
    };
    const ds = downsample(s, 100, { startMs: 0, endMs: 100_000, stepMs: 10_000 });
    expect(ds.max[5]).toBe(0);
    expect(ds.max[35]).toBe(30);
    expect(ds.max[45]).toBeNull();
    expect(ds.max[95]).toBe(90);
  });

  it('returns empty columns for an empty range', () => {
    expect(downsample(series([1, 2]), 0, { startMs: 0, endMs: 10 }).max).toEqual([]);
    expect(downsample(series([1, 2]), 3, { startMs: 5, endMs: 5 }).max).toEqual([null, null, null]);
  });
});
