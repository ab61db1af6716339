// Aligns series on their timestamps for charts and tables. Series from one range query may
// still miss points (staleness, a series that starts late), so index alignment would shift them.
import type { Series } from './types.js';

export interface AlignedSeries {
  /** The union of all sample timestamps (epoch ms), ascending. */
  timestamps: number[];
  /** One column per input series, in input order: `columns[s][i]` is the value of series `s`
   *  at `timestamps[i]`, or null when that series has no sample there. NaN/±Inf are kept. */
  columns: Array<Array<number | null>>;
}

export function alignSeries(series: readonly Series[]): AlignedSeries {
  const all = new Set<number>();
  for (const s of series) for (const p of s.samples) all.add(p.t);
  const timestamps = [...all].sort((a, b) => a - b);
  const index = new Map<number, number>();
  for (const [i, t] of timestamps.entries()) index.set(t, i);
  const columns = series.map((s) => {
    const col: Array<number | null> = new Array(timestamps.length).fill(null);
    for (const p of s.samples) {
      const i = index.get(p.t);
      if (i !== undefined) col[i] = p.v;
    }
    return col;
  });
  return { timestamps, columns };
}
