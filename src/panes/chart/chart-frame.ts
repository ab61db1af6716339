// The chart pane's frame as plain lines (ANSI colours inline): title, plot, time axis, legend,
// status. Exactly `height` lines, none wider than `width`, so Ink never wraps or scrolls.
import {
  blue,
  cyan,
  green,
  lightblue,
  lightgreen,
  lightmagenta,
  lightred,
  magenta,
  red,
  yellow,
} from 'asciichart';
import { sanitizeLine } from '../../term/sanitize.js';
import { formatAxisTime, formatClock, formatDuration } from '../../term/format-time.js';
import type { ChartState } from './chart-reducer.js';
import { seriesKey } from './chart-reducer.js';
import { differingLabels, type LegendItem, layoutLegend, legendItemText } from './legend.js';
import { plotChart } from './plot-chart.js';

export const SERIES_COLORS: readonly string[] = [
  blue,
  green,
  yellow,
  magenta,
  cyan,
  red,
  lightblue,
  lightgreen,
  lightmagenta,
  lightred,
];
const DIM = '\u001b[2m';
const RESET = '\u001b[0m';

export interface ChartFrameOptions {
  expression: string;
  width: number;
  height: number;
  refreshMs: number;
  /** false: no colour codes (NO_COLOR, --no-color). */
  color: boolean;
  utc?: boolean | undefined;
}

const plotCache = new WeakMap<object, { key: string; lines: string[] }>();

export function chartFrame(state: ChartState, opts: ChartFrameOptions): string[] {
  const { width, height } = opts;
  const colors = opts.color ? SERIES_COLORS : undefined;
  const data = state.data;
  const series = data?.series ?? [];
  const hidden = new Set<number>();
  series.forEach((s, i) => {
    if (state.hidden.has(seriesKey(s.labels))) hidden.add(i);
  });
  const texts = differingLabels(series);
  const items: LegendItem[] = texts.map((text, index) => ({ index, text, hidden: hidden.has(index) }));
  const legend = items.length > 0 ? layoutLegend(items, width, 2) : [];
  const plotHeight = Math.max(2, height - 4 - legend.length);
  const lines: string[] = [clip(title(state, opts), width)];
  if (data) {
    // Status-only changes (loading, pause, errors) reuse the plot drawn for the same data.
    const key = `${width}x${plotHeight}:${opts.color}:${opts.utc}:${[...hidden].join(',')}`;
    let cached = plotCache.get(data);
    if (cached?.key !== key) {
      cached = {
        key,
        lines: plotChart({
          series,
          width,
          height: plotHeight,
          colors,
          startMs: data.startMs,
          endMs: data.endMs,
          stepMs: data.stepSeconds * 1000,
          hidden,
          utc: opts.utc,
        }),
      };
      plotCache.set(data, cached);
    }
    lines.push(...cached.lines);
  } else {
    for (let i = 0; i < plotHeight + 2; i++) lines.push(i === plotHeight >> 1 ? '  loading…' : '');
  }
  for (const row of legend) lines.push(legendLine(row, colors));
  // Small terminals: keep the title and status, drop plot rows.
  const body = lines.slice(0, Math.max(0, height - 1));
  while (body.length < height - 1) body.push('');
  return [...body, clip(statusLine(state, opts), width)];
}

function title(state: ChartState, opts: ChartFrameOptions): string {
  const expr = sanitizeLine(opts.expression);
  const d = state.data;
  const span = d ? d.endMs - d.startMs : state.spanMs;
  const range = state.live
    ? `last ${formatDuration(state.spanMs)} (live)`
    : d
      ? `${formatAxisTime(d.startMs, Number.POSITIVE_INFINITY, opts)} → ${formatAxisTime(d.endMs, Number.POSITIVE_INFINITY, opts)}`
      : formatDuration(span);
  const step = d ? ` · step ${formatDuration(d.stepSeconds * 1000)}` : '';
  const refreshed = state.lastRefresh !== null ? ` · refreshed ${formatClock(state.lastRefresh, opts)}` : '';
  return `${expr} · ${range}${step}${refreshed}`;
}

function statusLine(state: ChartState, opts: ChartFrameOptions): string {
  if (state.error) {
    const hint = state.error.tooLarge ? ' — press c for a coarser step' : '';
    return `error: ${sanitizeLine(state.error.message)}${hint}`;
  }
  const mode = state.paused
    ? 'paused'
    : state.live
      ? `live · every ${formatDuration(opts.refreshMs)}`
      : 'fixed range';
  const loading = state.loading ? ' · loading…' : '';
  const notices = (state.data?.notices ?? []).map((n) => ` · ${sanitizeLine(n)}`).join('');
  const none = state.data && state.data.series.length === 0 ? ' · no series matched' : '';
  return `${mode}${loading}${none}${notices} · p pause  +/- zoom  ←/→ pan  1-9 series  r refresh  q close`;
}

function legendLine(row: readonly LegendItem[], colors: readonly string[] | undefined): string {
  return row
    .map((item) => {
      const text = legendItemText(item);
      if (!colors || item.index < 0) return text;
      const color = item.hidden ? DIM : colors[item.index % colors.length]!;
      return `${color}${text}${RESET}`;
    })
    .join('  ');
}

/** Cuts plain text to `width` columns (the title and status carry no colour codes). */
function clip(text: string, width: number): string {
  return text.length > width ? `${text.slice(0, Math.max(0, width - 1))}…` : text;
}
