// The ping pane as text lines, exactly `height` of them, none wider than `width`: a title, the
// round-trip times plotted by the chart pane's plotter (one column per interval, the latest on
// the right, a loss a gap in the line and a mark on the row under it), the run's figures, the
// latest loss or unread answer, and the keys. Pure; the router's text is sanitized here.
import { green, red } from 'asciichart';
import { fitFooter, fitHeadTail } from '../../term/fit-line.js';
import { sanitizeLine } from '../../term/sanitize.js';
import { truncateToWidth } from '../../term/text-width.js';
import { plotChart, plotColumns, Y_AXIS_WIDTH } from '../../term/chart/plot-chart.js';
import { type PingState, pingStats } from './ping-reducer.js';

export interface PingFrameOptions {
  /** The line as typed, without `| graph`. */
  line: string;
  intervalMs: number;
  count?: number | undefined;
  width: number;
  height: number;
  color: boolean;
}

const RESET = '\u001b[39m';
/** Lines around the plot: title; time axis (2), loss row, figures, note, keys. */
const AROUND = 7;

/** An interval as typed: 1s, 0.5s, 2.25s. */
const seconds = (ms: number): string => `${Number((ms / 1000).toFixed(3))}s`;

/** A round trip in ms with the digits that matter (0.045, 1.23, 12.3, 123). */
export const formatMs = (ms: number): string =>
  ms < 1 ? ms.toFixed(3) : ms < 10 ? ms.toFixed(2) : ms < 100 ? ms.toFixed(1) : ms.toFixed(0);

function title(s: PingState, o: PingFrameOptions): string {
  const of = o.count === undefined ? '' : ` of ${o.count}`;
  return fitHeadTail(
    sanitizeLine(o.line),
    ` | graph · every ${seconds(o.intervalMs)} · ${s.sent}${of} sent · round trip (s)`,
    o.width,
  );
}

/** `×` under each column where a request got no reply. */
function lossRow(s: PingState, startMs: number, spanMs: number, cols: number, color: boolean): string {
  const marks = new Array<string>(cols).fill(' ');
  for (const x of s.samples) {
    if (x.rttMs !== null || x.at < startMs) continue;
    marks[Math.min(cols - 1, Math.floor(((x.at - startMs) * cols) / spanMs))] = '×';
  }
  const row = marks.join('').trimEnd();
  const label = 'lost'.padStart(Y_AXIS_WIDTH - 1);
  return color && row !== '' ? `${label} ${red}${row}${RESET}` : `${label} ${row}`;
}

function figures(s: PingState): string {
  const { avgMs, jitterMs, lossPercent } = pingStats(s);
  const loss =
    lossPercent === null ? 'loss –' : `loss ${s.lost}/${s.lost + s.received} (${lossPercent.toFixed(1)}%)`;
  const unread = s.unparsed ? ` · ${s.unparsed} unread` : '';
  if (s.minMs === null || s.maxMs === null || avgMs === null)
    return `rtt – (no reply yet) · ${loss}${unread}`;
  const jitter = jitterMs === null ? '–' : formatMs(jitterMs);
  const rtt = `min ${formatMs(s.minMs)} avg ${formatMs(avgMs)} max ${formatMs(s.maxMs)} jitter ${jitter} ms`;
  const last = s.lastRttMs === null ? '' : ` · last ${formatMs(s.lastRttMs)} ms`;
  return `rtt ${rtt} · ${loss}${unread}${last}`;
}

function noteLine(s: PingState): string {
  const n = s.note;
  if (!n) return '';
  const what = n.kind === 'lost' ? 'no reply' : 'answer not read';
  return `#${n.seq} ${what}: ${sanitizeLine(n.text)}`;
}

function footer(s: PingState, o: PingFrameOptions): string {
  const status = s.done
    ? `done: ${s.sent} sent`
    : s.paused
      ? 'paused'
      : `live · a ping every ${seconds(o.intervalMs)}`;
  const keys = s.done ? [] : [{ text: s.paused ? 'p resume' : 'p pause', priority: 2 }];
  return fitFooter(status, keys, 'q back', o.width);
}

export function pingFrame(s: PingState, o: PingFrameOptions): string[] {
  const width = Math.max(Y_AXIS_WIDTH + 1, o.width);
  const cols = plotColumns(width);
  const plotRows = Math.max(2, o.height - AROUND);
  // One column per request, the latest in the last column.
  const endMs = (s.lastAt ?? 0) + o.intervalMs;
  const spanMs = cols * o.intervalMs;
  const startMs = endMs - spanMs;
  const samples = s.samples.map((x) => ({
    t: x.at,
    v: x.rttMs === null ? Number.NaN : x.rttMs / 1000,
    raw: '',
  }));
  const plot = plotChart({
    series: [{ labels: {}, samples }],
    width,
    height: plotRows,
    startMs,
    endMs,
    stepMs: o.intervalMs,
    colors: o.color ? [green] : undefined,
  });
  const lines = [
    title(s, o),
    ...plot,
    lossRow(s, startMs, spanMs, cols, o.color),
    truncateToWidth(figures(s), width),
    truncateToWidth(noteLine(s), width),
    footer(s, o),
  ];
  // A short screen keeps the title, the figures and the keys; the plot gives way.
  return lines.length <= o.height
    ? lines
    : [...lines.slice(0, 1), ...lines.slice(-(o.height - 1))].slice(0, o.height);
}
