// Min/max bucketing of a series into plot columns. Each column keeps the smallest and the largest
// finite sample that falls in it, so a one-sample spike survives however many points share the
// column. NaN/±Inf and missing samples become `null` (a gap), except that columns which merely
// fall between two consecutive samples (fewer samples than columns) carry the previous value.
import type { Series } from './series.js';

export interface Downsampled {
  min: Array<number | null>;
  max: Array<number | null>;
}

export interface DownsampleRange {
  startMs: number;
  endMs: number;
  /** The query step; samples further apart than 1.5 steps leave a gap. Default: median spacing. */
  stepMs?: number | undefined;
}

export function downsample(series: Series, columns: number, range: DownsampleRange): Downsampled {
  const n = Math.max(0, Math.floor(columns));
  const min: Array<number | null> = new Array(n).fill(null);
  const max: Array<number | null> = new Array(n).fill(null);
  const span = range.endMs - range.startMs;
  if (n === 0 || !(span > 0)) return { min, max };
  const colMs = span / n;
  const step = range.stepMs ?? medianSpacing(series);
  const samples = series.samples;
  // Last finite sample seen (time, value) for carrying across columns with no sample of their own.
  let prevT = Number.NEGATIVE_INFINITY;
  let prevV = 0;
  let lastCol = -1;
  for (let i = 0; i < samples.length; i++) {
    const s = samples[i]!;
    if (s.t < range.startMs || s.t > range.endMs) continue;
    const col = Math.min(n - 1, Math.floor((s.t - range.startMs) / colMs));
    if (!Number.isFinite(s.v)) {
      prevT = Number.NEGATIVE_INFINITY; // an explicit NaN breaks the line
      lastCol = col;
      continue;
    }
    // Columns skipped since the previous sample: all of them when the two samples are adjacent
    // (fewer samples than columns), otherwise only those the previous sample's step covers.
    if (col > lastCol + 1 && prevT > Number.NEGATIVE_INFINITY) {
      const until = s.t - prevT <= step * 1.5 ? s.t : prevT + step;
      for (let c = lastCol + 1; c < col && range.startMs + c * colMs < until; c++) {
        min[c] = prevV;
        max[c] = prevV;
      }
    }
    const lo = min[col];
    const hi = max[col];
    min[col] = lo === null || lo === undefined || s.v < lo ? s.v : lo;
    max[col] = hi === null || hi === undefined || s.v > hi ? s.v : hi;
    prevT = s.t;
    prevV = s.v;
    lastCol = col;
  }
  // Trailing columns still covered by the last sample's step.
  for (let c = lastCol + 1; c < n && range.startMs + c * colMs < prevT + step; c++) {
    min[c] = prevV;
    max[c] = prevV;
  }
  return { min, max };
}

function medianSpacing(series: Series): number {
  const s = series.samples;
  if (s.length < 2) return 0;
  const gaps: number[] = [];
  const stride = Math.max(1, Math.floor(s.length / 64)); // a sample of gaps is enough
  for (let i = stride; i < s.length; i += stride) gaps.push((s[i]!.t - s[i - stride]!.t) / stride);
  gaps.sort((a, b) => a - b);
  return gaps[Math.floor(gaps.length / 2)] ?? 0;
}
