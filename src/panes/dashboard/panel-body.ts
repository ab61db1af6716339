// A panel's inside at a given size, as lines (our SGR codes inline; server text sanitized):
// the single panes' pure renderers drawn small. A panel with an error keeps what it showed and
// says the error on its last line; nothing yet says "loading…".
import type { Series } from '../../api/telemetry/types.js';
import type { Panel } from '../../contract/dashboard.js';
import { sanitizeLine, sanitizeText } from '../../term/sanitize.js';
import { SERIES_COLORS } from '../chart/chart-frame.js';
import { plotChart } from '../../term/chart/plot-chart.js';
import { shownIndexes } from '../chart/series-view.js';
import { histogramStrip } from '../../term/histogram-strip.js';
import { layoutLine, paneLine } from '../logs/log-format.js';
import { rowText } from '../logs/row-text.js';
import { monitorFrame } from '../monitor/monitor-frame.js';
import { initMonitorState, monitorReducer } from '../monitor/monitor-reducer.js';
import type { PanelState } from './dashboard-reducer.js';
import type { PanelData } from './panel-data.js';
import { statBody } from './stat-body.js';
import { seriesNames } from './legend-format.js';
import { legendLines, MIN_PLOT_ROWS } from './legend-lines.js';
import { formatUnit } from '../../term/format-unit.js';

export interface BodyOptions {
  width: number;
  height: number;
  color: boolean;
  utc?: boolean | undefined;
  /** The chart's window (its x axis) when the data has none of its own. */
  now: number;
}

const RED = ['\u001b[31m', '\u001b[39m'] as const;
const DIM = ['\u001b[2m', '\u001b[22m'] as const;
/** Series a small chart plots at most. */
const TOP = 6;

export function panelBody(panel: Panel, p: PanelState, o: BodyOptions): string[] {
  const h = Math.max(0, o.height);
  if (h === 0 || o.width <= 0) return [];
  const errorLine = p.error !== null ? paint(o.color, RED, `error: ${sanitizeLine(p.error)}`) : undefined;
  const room = errorLine !== undefined ? h - 1 : h;
  let lines: string[];
  if (p.data && room > 0) lines = dataLines(panel, p.data, { ...o, height: room });
  else if (p.data === null && errorLine === undefined)
    lines = [paint(o.color, DIM, p.loading ? 'loading…' : '')];
  else lines = [];
  lines = lines.slice(0, room);
  while (lines.length < room) lines.push('');
  if (errorLine !== undefined) lines.push(errorLine);
  return lines;
}

function paint(color: boolean, sgr: readonly [string, string], text: string): string {
  return color ? sgr[0] + text + sgr[1] : text;
}

function dataLines(panel: Panel, d: PanelData, o: BodyOptions): string[] {
  switch (d.kind) {
    case 'chart':
      return chartLines(d.chart.series, d.chart, panel.kind === 'chart' ? panel : undefined, o);
    case 'stat':
      return statBody(d.stat, panel.kind === 'stat' ? panel : undefined, o);
    case 'logs': {
      // Following: the newest records at the bottom, as many as fit.
      const shown = d.records.slice(-o.height);
      if (shown.length === 0) return [paint(o.color, DIM, 'no log records in the window')];
      return shown.map((r) => {
        const line = paneLine(r, '', { utc: o.utc });
        return rowText(
          { spans: layoutLine(line, o.width, false)[0] ?? [], levelClass: line.levelClass },
          o.color,
        );
      });
    }
    case 'histogram': {
      const strip = histogramStrip(d.buckets, o.width, Math.max(1, o.height - 1), d.note ?? null);
      const total = d.buckets.reduce((n, b) => n + b.total, 0);
      return [...strip, paint(o.color, DIM, `${total} records`)];
    }
    case 'monitor': {
      const list = panel.kind === 'monitor' ? panel.list : '';
      let s = monitorReducer(initMonitorState(0), { type: 'loaded', data: d.monitor, at: 0 });
      s = monitorReducer(s, { type: 'viewport', rows: Math.max(1, o.height - 2) });
      const f = monitorFrame(s, { list, width: o.width, height: o.height + 2 });
      return [...f.header, f.tableHead, ...f.rows];
    }
    case 'show':
      return sanitizeText(d.text).split('\n');
    default: {
      const never: never = d;
      return never;
    }
  }
}

function chartLines(
  all: readonly Series[],
  range: { startMs: number; endMs: number; stepSeconds: number },
  panel: Extract<Panel, { kind: 'chart' }> | undefined,
  o: BodyOptions,
): string[] {
  if (all.length === 0) return [paint(o.color, DIM, 'no series matched')];
  const series = shownIndexes(all, TOP).map((i) => all[i]!);
  // Plot rows, then its time axis and labels (2), then the legend (legend-lines.ts) when it fits:
  // on as many lines as the box can spare below 6 plot rows, uncut.
  const names = seriesNames(series, panel?.legend);
  const legend =
    o.height >= 6
      ? legendLines(
          names.map((n, i) => {
            const last = panel?.unit ? series[i]?.samples.at(-1)?.v : undefined;
            const value = last === undefined ? undefined : sanitizeLine(formatUnit(last, panel?.unit));
            return { name: n || 'value', value };
          }),
          o.width,
          o.height - 2 - MIN_PLOT_ROWS,
        )
      : [];
  const plotHeight = Math.max(2, o.height - 2 - legend.length);
  const lines = plotChart({
    series,
    width: o.width,
    height: plotHeight,
    colors: o.color ? SERIES_COLORS : undefined,
    startMs: range.startMs,
    endMs: range.endMs,
    stepMs: range.stepSeconds * 1000,
    utc: o.utc,
  });
  for (const line of legend)
    lines.push(
      line
        .map(({ index, text }) =>
          o.color && index >= 0 ? `${SERIES_COLORS[index % SERIES_COLORS.length]}${text}\u001b[39m` : text,
        )
        .join('  '),
    );
  return lines;
}
