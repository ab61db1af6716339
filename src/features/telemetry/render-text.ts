// One-shot text for the plain (non-TTY) runner: an ASCII chart with its legend, and a summary
// table. No colour codes; label text sanitized.
import type { Series } from '../../api/telemetry/types.js';
import { sanitizeLine } from '../../term/sanitize.js';
import { formatSI } from '../../term/format-si.js';
import { differingLabels, layoutLegend, SERIES_MARKERS } from '../../term/chart/legend.js';
import { legendItemText } from '../../term/chart/legend.js';
import { plotChart } from '../../term/chart/plot-chart.js';

export interface ChartTextOptions {
  /** Total width in columns (COLUMNS); default 80. */
  width?: number | undefined;
  /** Plot rows; default 12. */
  height?: number | undefined;
  title?: string | undefined;
  /** Range drawn; default the first to the last sample. */
  startMs?: number | undefined;
  endMs?: number | undefined;
  stepSeconds?: number | undefined;
  utc?: boolean | undefined;
}

export function renderChartText(series: readonly Series[], opts: ChartTextOptions = {}): string {
  const width = Math.max(20, opts.width ?? 80);
  const height = Math.max(2, opts.height ?? 12);
  const lines: string[] = [];
  if (opts.title) lines.push(sanitizeLine(opts.title));
  // No colour here: with several series each has its own marker, in the plot and the legend.
  const markers = series.length > 1 ? SERIES_MARKERS : undefined;
  let first = Number.POSITIVE_INFINITY;
  let last = Number.NEGATIVE_INFINITY;
  for (const s of series)
    for (const p of s.samples) {
      if (p.t < first) first = p.t;
      if (p.t > last) last = p.t;
    }
  if (first > last) return `${[...lines, 'no series matched'].join('\n')}\n`;
  const startMs = opts.startMs ?? first;
  // A single instant still needs a range to draw into.
  const endMs = opts.endMs ?? (last > startMs ? last : startMs + 1000);
  lines.push(
    ...plotChart({
      series,
      width,
      height,
      startMs,
      endMs,
      stepMs: opts.stepSeconds !== undefined ? opts.stepSeconds * 1000 : undefined,
      utc: opts.utc,
      markers,
    }),
  );
  if (series.length > 1) {
    const items = differingLabels(series).map((text, index) => ({
      index,
      text,
      hidden: false,
      marker: SERIES_MARKERS[index % SERIES_MARKERS.length],
    }));
    for (const row of layoutLegend(items, width, 100)) lines.push(row.map(legendItemText).join('  '));
  }
  return `${lines.map((l) => l.trimEnd()).join('\n')}\n`;
}

export interface SeriesSummary {
  labels: string;
  last: number | null;
  min: number | null;
  max: number | null;
  avg: number | null;
}

/** last/min/max/avg over the finite samples of each series. */
export function summarizeSeries(series: readonly Series[]): SeriesSummary[] {
  const names = series.length > 1 ? differingLabels(series) : series.map((s) => fullLabels(s.labels));
  return series.map((s, i) => {
    let min = Number.POSITIVE_INFINITY;
    let max = Number.NEGATIVE_INFINITY;
    let sum = 0;
    let n = 0;
    let last: number | null = null;
    for (const p of s.samples) {
      if (!Number.isFinite(p.v)) continue;
      if (p.v < min) min = p.v;
      if (p.v > max) max = p.v;
      sum += p.v;
      n++;
      last = p.v;
    }
    return {
      labels: names[i] ?? '',
      last,
      min: n > 0 ? min : null,
      max: n > 0 ? max : null,
      avg: n > 0 ? sum / n : null,
    };
  });
}

function fullLabels(labels: Record<string, string>): string {
  const name = labels['__name__'] ?? '';
  const rest = Object.entries(labels)
    .filter(([k]) => k !== '__name__')
    .sort(([a], [b]) => (a < b ? -1 : 1))
    .map(([k, v]) => `${k}="${v}"`);
  return sanitizeLine(rest.length > 0 ? `${name}{${rest.join(',')}}` : name);
}

/** An aligned table: labels left-aligned, numbers (SI, 4 digits) right-aligned. */
export function renderSummaryTable(series: readonly Series[]): string {
  const rows = summarizeSeries(series).map((s) => [
    s.labels || '{}',
    ...[s.last, s.min, s.max, s.avg].map((v) => (v === null ? '-' : formatSI(v, 4))),
  ]);
  const table = [['labels', 'last', 'min', 'max', 'avg'], ...rows];
  // A reduce, not Math.max(...rows): the series count comes from the server.
  const widths = table[0]!.map((_, c) => table.reduce((w, r) => Math.max(w, r[c]!.length), 0));
  return `${table
    .map((r) =>
      r.map((cell, c) => (c === 0 ? cell.padEnd(widths[c]!) : cell.padStart(widths[c]!))).join('  '),
    )
    .join('\n')}\n`;
}
