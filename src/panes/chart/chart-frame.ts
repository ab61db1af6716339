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
import { type FooterKey, fitFooter, fitHeadTail } from '../../term/fit-line.js';
import { sanitizeLine } from '../../term/sanitize.js';
import { formatAxisTime, formatClock, formatDuration } from '../../term/format-time.js';
import { displayWidth } from '../../term/text-width.js';
import { wrapWords } from '../../term/wrap-words.js';
import type { ChartState } from './chart-reducer.js';
import { seriesKey } from './chart-reducer.js';
import { type LegendItem, layoutLegend, legendItemText, SERIES_MARKERS } from '../../term/chart/legend.js';
import { plotChart } from '../../term/chart/plot-chart.js';
import { LEGEND_LINES, legendView, TOP_N_STEPS } from './series-view.js';

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
  /** Said where the plot would be when it shows nothing (no series, or an error): how to fix it. */
  emptyHint?: string | undefined;
}

const plotCache = new WeakMap<object, { key: string; lines: string[] }>();

export function chartFrame(state: ChartState, opts: ChartFrameOptions): string[] {
  const { width, height } = opts;
  const colors = opts.color ? SERIES_COLORS : undefined;
  const data = state.data;
  const all = data?.series ?? [];
  // Only the top N are plotted; colours follow their position among those.
  const view = legendView(all, state, width, (s) => seriesKey(s.labels));
  const series = view.shown.map((i) => all[i]!);
  const hidden = new Set<number>();
  series.forEach((s, i) => {
    if (state.hidden.has(seriesKey(s.labels))) hidden.add(i);
  });
  // Without colour each series has its own marker, in the plot and the legend.
  const markers = opts.color || series.length < 2 ? undefined : SERIES_MARKERS;
  const items = markers
    ? view.items.map((it) => ({ ...it, marker: markers[it.index % markers.length] }))
    : view.items;
  const legend = items.length > 0 ? layoutLegend(items, width, LEGEND_LINES) : [];
  if (view.pages > 1)
    legend[legend.length - 1]!.push({ index: -1, text: `‹ ${view.page + 1}/${view.pages} ›`, hidden: false });
  const plotHeight = Math.max(2, height - 4 - legend.length);
  const lines: string[] = [title(state, opts)];
  if (data) {
    // Status-only changes (loading, pause, errors) reuse the plot drawn for the same data.
    const key = `${width}x${plotHeight}:${opts.color}:${opts.utc}:${state.topN}:${[...hidden].join(',')}`;
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
          markers,
        }),
      };
      plotCache.set(data, cached);
    }
    lines.push(...cached.lines);
    if (data.series.length === 0 && opts.emptyHint) overlay(lines, 1, hintLines(opts.emptyHint, width));
  } else {
    // Nothing drawn yet: say why — an error is on the status line, so never "loading…" beside it.
    const placeholder = state.error ? '  no data (the error is below; r retries)' : '  loading…';
    for (let i = 0; i < plotHeight + 2; i++) lines.push(i === plotHeight >> 1 ? placeholder : '');
    if (state.error && opts.emptyHint)
      overlay(lines, (plotHeight >> 1) + 2, hintLines(opts.emptyHint, width));
  }
  for (const row of legend) lines.push(legendLine(row, colors));
  // Small terminals: keep the title and status, drop plot rows.
  const body = lines.slice(0, Math.max(0, height - 1));
  while (body.length < height - 1) body.push('');
  return [...body, statusLine(state, opts, view.shown.length, all.length)];
}

/** The hint in lines of at most `width` columns, broken at blanks, indented like the placeholder. */
function hintLines(hint: string, width: number): string[] {
  return wrapWords(sanitizeLine(hint), Math.max(10, width - 2)).map((l) => `  ${l}`);
}

/** Writes `rows` over `lines` from index `at` (within the plot: the frame keeps its height). */
function overlay(lines: string[], at: number, rows: readonly string[]): void {
  rows.forEach((r, i) => {
    if (at + i < lines.length) lines[at + i] = r;
  });
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
  // Too wide: the refresh time goes first, then the expression is cut, never range and step.
  const full = `${expr} · ${range}${step}${refreshed}`;
  if (displayWidth(full) <= opts.width) return full;
  return fitHeadTail(expr, ` · ${range}${step}`, opts.width);
}

/** The status, then as many keys as fit (the least needed dropped first), and `q back` always. */
function statusLine(state: ChartState, opts: ChartFrameOptions, shown: number, total: number): string {
  const keys: FooterKey[] = [
    { text: 'p pause', priority: 4 },
    { text: '+/- zoom', priority: 5 },
    { text: '←/→ pan', priority: 5 },
    { text: 'c/f step', priority: state.error?.tooLarge ? 6 : 2 },
    ...(total > 1
      ? [
          { text: '1-9/↑↓ Enter series', priority: 2 },
          { text: '[ ] legend', priority: 1 },
        ]
      : []),
    ...(total > TOP_N_STEPS[0]! ? [{ text: 't top-N', priority: 2 }] : []),
    { text: 'r refresh', priority: state.error ? 6 : 3 },
    { text: 'L logs', priority: 3 },
  ];
  if (state.error) {
    // First: a long error is cut at its end, and the way out must not be.
    const hint = state.error.tooLarge ? 'press c for a coarser step · ' : '';
    return fitFooter(`${hint}error: ${sanitizeLine(state.error.message)}`, keys, 'q back', opts.width);
  }
  const mode = state.paused
    ? 'paused'
    : state.live
      ? `live · every ${formatDuration(opts.refreshMs)}`
      : 'fixed range';
  const loading = state.loading ? ' · loading…' : '';
  const notices = (state.data?.notices ?? []).map((n) => ` · ${sanitizeLine(n)}`).join('');
  const none = state.data && state.data.series.length === 0 ? ' · no series matched' : '';
  // First after the mode: the status line is clipped, and hidden series must not go unnoticed.
  const top = shown < total ? ` · showing top ${shown} of ${total} series (t for more)` : '';
  return fitFooter(`${mode}${top}${loading}${none}${notices}`, keys, 'q back', opts.width);
}

function legendLine(row: readonly LegendItem[], colors: readonly string[] | undefined): string {
  return row
    .map((item) => {
      const text = legendItemText(item);
      if (!colors || item.index < 0) return text;
      const color = item.hidden ? DIM : colors[item.index % colors.length]!;
      // The cursor shows as the bracketed item (see legendItemText).
      return `${color}${text}${RESET}`;
    })
    .join('  ');
}
