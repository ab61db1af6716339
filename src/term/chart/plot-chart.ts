// Draws series into exactly `height` plot rows plus a 2-line time axis, never wider than `width`.
// asciichart cannot take NaN and draws null as 0, so every contiguous run of a series is plotted
// on its own (same min/max/height, hence the same grid) and copied into an overlay grid; gap
// columns are simply never written. Min and max per column are drawn as two lines of one colour.
import { plot } from 'asciichart';
import type { Series } from './series.js';
import { digitsForStep, formatSILabel, SI_LABEL_WIDTH } from '../format-si.js';
import { downsample } from './downsample.js';
import { tickInterval, tickLabel, timeTicks } from './time-ticks.js';
import { rowLabel, yAxis } from './y-axis.js';

/** Columns left of the plot area: the Y label, a blank, the axis. */
export const Y_AXIS_WIDTH = SI_LABEL_WIDTH + 2;
const RESET = '\u001b[39m'; // default foreground: lighter for Ink's tokenizer than a full reset

export interface PlotOptions {
  series: readonly Series[];
  /** Total line width (terminal columns); the plot area is width − Y_AXIS_WIDTH columns. */
  width: number;
  /** Plot rows; the result has height + 2 lines (time axis and its labels). */
  height: number;
  /** ANSI colour per series index (asciichart's constants); omitted → no colour codes at all. */
  colors?: ReadonlyArray<string | undefined> | undefined;
  startMs: number;
  endMs: number;
  stepMs?: number | undefined;
  /** Series indexes not to draw (they still keep their colour index). */
  hidden?: ReadonlySet<number> | undefined;
  /**
   * A character per series index, drawn on its line every MARKER_EVERY columns (as gnuplot's
   * linespoints), so series can be told apart without colour. Omitted → lines only.
   */
  markers?: readonly string[] | undefined;
  utc?: boolean | undefined;
}

interface Line {
  values: Array<number | null>;
  color: number;
  /** The line that carries the series' markers (its max line). */
  marked: boolean;
}

/** Columns between two markers of one series; series start at different offsets. */
export const MARKER_EVERY = 8;

/** The plot area's width for a terminal width. */
export function plotColumns(width: number): number {
  return Math.max(1, width - Y_AXIS_WIDTH);
}

export function plotChart(opts: PlotOptions): string[] {
  const cols = plotColumns(opts.width);
  const height = Math.max(2, Math.floor(opts.height));
  const lines: Line[] = [];
  opts.series.forEach((s, i) => {
    if (opts.hidden?.has(i)) return;
    const ds = downsample(s, cols, { startMs: opts.startMs, endMs: opts.endMs, stepMs: opts.stepMs });
    lines.push({ values: ds.max, color: i, marked: true });
    if (ds.min.some((v, c) => v !== ds.max[c])) lines.push({ values: ds.min, color: i, marked: false });
  });
  let lo = Number.POSITIVE_INFINITY;
  let hi = Number.NEGATIVE_INFINITY;
  for (const l of lines)
    for (const v of l.values) {
      if (v === null) continue;
      if (v < lo) lo = v;
      if (v > hi) hi = v;
    }
  const axis = timeAxis(cols, opts);
  if (lo > hi) return [...emptyPlot(cols, height), ...axis];
  // Round numbers on every row; a series flat but for float noise is drawn flat (y-axis.ts).
  const h = height - 1;
  const scale = yAxis(lo, hi, h);
  lo = scale.lo;
  hi = scale.hi;
  // The same arithmetic as asciichart, so labels line up with its rows.
  const range = hi - lo;
  const ratio = h / range;
  const rows = Math.abs(Math.round(hi * ratio) - Math.round(lo * ratio));
  const chars: string[][] = Array.from({ length: rows + 1 }, () => new Array<string>(cols).fill(' '));
  const colorOf: Int16Array[] = Array.from({ length: rows + 1 }, () => new Int16Array(cols).fill(-1));
  for (const line of lines) drawRuns(line, chars, colorOf, lo, hi, h);
  if (opts.markers?.length)
    for (const line of lines) if (line.marked) drawMarkers(line, opts.markers, chars, colorOf, lo, ratio);
  const digits = digitsForStep(Math.max(Math.abs(lo), Math.abs(hi)), scale.labelStep);
  const out: string[] = [];
  for (let r = 0; r <= rows; r++) {
    const value = rows === h ? rowLabel(scale, rows, r) : rows > 0 ? hi - (r * range) / rows : hi;
    const label =
      value === undefined ? ' '.repeat(SI_LABEL_WIDTH) : formatSILabel(value, SI_LABEL_WIDTH, digits);
    out.push(`${label} ┤${paint(chars[r]!, colorOf[r]!, opts.colors)}`);
  }
  while (out.length < height) out.push(`${' '.repeat(SI_LABEL_WIDTH)} ┤`);
  return [...out.slice(0, height), ...axis];
}

function drawRuns(line: Line, chars: string[][], colorOf: Int16Array[], lo: number, hi: number, h: number) {
  const v = line.values;
  let a = 0;
  while (a < v.length) {
    if (v[a] === null) {
      a++;
      continue;
    }
    let b = a;
    while (b + 1 < v.length && v[b + 1] !== null) b++;
    const run = v.slice(a, b + 1) as number[];
    // asciichart draws the segment i→i+1 in cell i; repeating the last value draws the last cell.
    run.push(run[run.length - 1]!);
    const drawn = plot(run, {
      min: lo,
      max: hi,
      height: h,
      offset: 1,
      padding: ' ',
      format: () => ' ',
    }).split('\n');
    for (let r = 0; r < drawn.length && r < chars.length; r++) {
      const text = drawn[r]!;
      for (let k = 0; k <= b - a; k++) {
        const ch = text[1 + k];
        if (ch !== undefined && ch !== ' ') {
          chars[r]![a + k] = ch;
          colorOf[r]![a + k] = line.color;
        }
      }
    }
    a = b + 1;
  }
}

/** The series' marker on its line every MARKER_EVERY columns, in asciichart's row arithmetic. */
function drawMarkers(
  line: Line,
  markers: readonly string[],
  chars: string[][],
  colorOf: Int16Array[],
  lo: number,
  ratio: number,
) {
  const marker = markers[line.color % markers.length]!;
  const rows = chars.length - 1;
  const first = (line.color * 3) % MARKER_EVERY;
  for (let c = first; c < line.values.length; c += MARKER_EVERY) {
    const v = line.values[c];
    if (v === null || v === undefined) continue;
    const r = rows - (Math.round(v * ratio) - Math.round(lo * ratio));
    if (r < 0 || r > rows) continue;
    chars[r]![c] = marker;
    colorOf[r]![c] = line.color;
  }
}

/** Joins cells, emitting one colour code per run of equally coloured cells; trailing blanks cut. */
function paint(chars: string[], colorOf: Int16Array, colors: PlotOptions['colors']): string {
  let end = chars.length;
  while (end > 0 && chars[end - 1] === ' ') end--;
  if (!colors) return chars.slice(0, end).join('');
  let out = '';
  let current: string | undefined;
  for (let c = 0; c < end; c++) {
    const idx = colorOf[c]!;
    const color = idx >= 0 ? colors[idx % colors.length] : undefined;
    if (color !== current) {
      if (current !== undefined) out += RESET;
      if (color !== undefined) out += color;
      current = color;
    }
    out += chars[c];
  }
  if (current !== undefined) out += RESET;
  return out;
}

function emptyPlot(cols: number, height: number): string[] {
  const msg = 'no data points in range';
  const out: string[] = [];
  for (let r = 0; r < height; r++) {
    const body = r === Math.floor(height / 2) ? ' '.repeat(Math.max(0, (cols - msg.length) >> 1)) + msg : '';
    out.push(`${' '.repeat(SI_LABEL_WIDTH)} ┤${body}`.slice(0, Y_AXIS_WIDTH + cols));
  }
  return out;
}

/**
 * `└──┬────┬──` with a tick on each round time (time-ticks.ts) and its label starting under it;
 * a tick sits on the column whose bucket holds its time.
 */
function timeAxis(cols: number, opts: PlotOptions): string[] {
  const span = Math.max(1, opts.endMs - opts.startMs);
  const o = { utc: opts.utc };
  const interval = tickInterval(span, cols, o);
  const rule = new Array<string>(cols).fill('─');
  const labels = new Array<string>(cols).fill(' ');
  let free = 0; // the first column a label may use
  for (const t of timeTicks(opts.startMs, opts.endMs, interval, o)) {
    const c = Math.floor(((t - opts.startMs) * cols) / span);
    if (c < 0 || c >= cols) continue;
    rule[c] = '┬';
    const text = tickLabel(t, interval, span, o);
    if (c < free || c + text.length > cols) continue;
    for (let k = 0; k < text.length; k++) labels[c + k] = text[k]!;
    free = c + text.length + 1;
  }
  const pad = ' '.repeat(SI_LABEL_WIDTH + 1);
  return [`${pad}└${rule.join('')}`, `${pad} ${labels.join('').trimEnd()}`];
}
