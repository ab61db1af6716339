// Log counts over time as block bars ▁▂▃▄▅▆▇█, one column per slice of the range.
import { sanitizeLine } from './sanitize.js';
import { formatAxisTime, type TimeFormatOptions } from './format-time.js';

/** What the strip reads of a histogram series (the telemetry API's HistogramBucket is one by shape). */
export interface HistogramBucket {
  fields: Readonly<Record<string, string>>;
  timestamps: readonly number[];
  values: readonly number[];
  total: number;
}

const BLOCKS = ['▁', '▂', '▃', '▄', '▅', '▆', '▇', '█'];

/** Counts summed over all groups per bucket timestamp, zero-filled, oldest first. */
export function totalCounts(buckets: readonly HistogramBucket[]): { timestamps: number[]; counts: number[] } {
  const byTime = new Map<number, number>();
  for (const b of buckets)
    b.timestamps.forEach((t, i) => {
      byTime.set(t, (byTime.get(t) ?? 0) + (b.values[i] ?? 0));
    });
  const timestamps = [...byTime.keys()].sort((a, b) => a - b);
  return { timestamps, counts: timestamps.map((t) => byTime.get(t) ?? 0) };
}

/** Resamples counts onto `width` columns: several buckets per column add up, one bucket may span columns. */
export function toColumns(counts: readonly number[], width: number): number[] {
  const n = counts.length;
  const w = Math.max(0, Math.floor(width));
  const out = new Array<number>(w).fill(0);
  if (n === 0 || w === 0) return out;
  if (n <= w) {
    for (let c = 0; c < w; c++) out[c] = counts[Math.floor((c * n) / w)] ?? 0;
  } else {
    for (let i = 0; i < n; i++) {
      const c = Math.floor((i * w) / n);
      out[c] = (out[c] ?? 0) + (counts[i] ?? 0);
    }
  }
  return out;
}

/** `rows` lines (top first) of bars scaled to the largest column; zero is blank, any count shows. */
export function barRows(columns: readonly number[], rows: number): string[] {
  const r = Math.max(1, Math.floor(rows));
  const max = Math.max(0, ...columns);
  const levels = columns.map((v) => (v > 0 && max > 0 ? Math.max(1, Math.ceil((v / max) * r * 8)) : 0));
  const out: string[] = [];
  for (let row = r - 1; row >= 0; row--) {
    out.push(
      levels
        .map((level) => {
          const inRow = level - row * 8;
          return inRow <= 0 ? ' ' : BLOCKS[Math.min(8, inRow) - 1];
        })
        .join(''),
    );
  }
  return out;
}

/**
 * The pane's strip: the total over all groups in `rows` rows, exactly `width` columns; with a
 * `note` (the histogram could not be read) that line instead of bars.
 */
export function histogramStrip(
  buckets: readonly HistogramBucket[],
  width: number,
  rows: number,
  note?: string | null,
): string[] {
  if (note) {
    const line = sanitizeLine(note);
    const shown = line.length > width ? `${line.slice(0, Math.max(0, width - 1))}…` : line;
    return Array.from({ length: Math.max(0, Math.floor(rows)) }, (_, i) =>
      (i === 0 ? shown : '').padEnd(width),
    );
  }
  return barRows(toColumns(totalCounts(buckets).counts, width), rows).map((l) => l.padEnd(width));
}

/** Plain text for scripts: per group a header, a bar line and the time range under it. */
export function renderHistogramText(
  buckets: readonly HistogramBucket[],
  width = 80,
  opts: TimeFormatOptions = {},
): string {
  const w = Math.max(10, width);
  if (buckets.length === 0 || buckets.every((b) => b.timestamps.length === 0))
    return 'no log records in range\n';
  const lines: string[] = [];
  for (const b of buckets) {
    const label = Object.entries(b.fields)
      .map(([k, v]) => `${k}=${v}`)
      .join(' ');
    const max = Math.max(0, ...b.values);
    lines.push(sanitizeLine(`${label || 'all'}  total ${b.total}  max ${max} per bucket`));
    lines.push(barRows(toColumns(b.values, w), 1)[0]!.trimEnd());
  }
  const { timestamps } = totalCounts(buckets);
  const first = timestamps[0]!;
  const last = timestamps[timestamps.length - 1]!;
  const span = last - first;
  const from = formatAxisTime(first, span, opts);
  const to = formatAxisTime(last, span, opts);
  lines.push(from + to.padStart(Math.max(to.length + 1, w - from.length)));
  return `${lines.join('\n')}\n`;
}
