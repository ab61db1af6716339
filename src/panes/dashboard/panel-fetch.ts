// One panel's refresh: the requests a single pane of its kind makes, once, for the shared window.
// No React here: the hook calls it with an AbortSignal that also carries the panel's timeout.
import type { Panel } from '../../contract/dashboard.js';
import { plotColumns } from '../../term/chart/plot-chart.js';
import type { DashboardSources, PanelData } from './panel-data.js';

export interface PanelQuery {
  /** The panel's expression (query, list, line) after variables were substituted. */
  expr: string;
  startMs: number;
  endMs: number;
  /** The box's inside. */
  width: number;
  height: number;
}

/** A panel's source text as written (or edited): what `e` edits and variables are put into. */
export function panelText(p: Panel): string {
  switch (p.kind) {
    case 'chart':
    case 'stat':
      return p.expr;
    case 'logs':
    case 'histogram':
      return p.query;
    case 'monitor':
      return p.list;
    case 'show':
      return p.line;
  }
}

/** The source a panel reads from, made once per panel and text (the hook keeps them). */
export type PanelSource =
  | ReturnType<DashboardSources['chart']>
  | ReturnType<DashboardSources['stat']>
  | ReturnType<DashboardSources['logs']>
  | ReturnType<DashboardSources['monitor']>
  | ReturnType<DashboardSources['show']>;

export function makeSource(p: Panel, text: string, sources: DashboardSources): PanelSource {
  switch (p.kind) {
    case 'chart':
      return sources.chart(text, p.step, p.interval);
    case 'stat':
      return sources.stat(text, p.interval);
    case 'logs':
    case 'histogram':
      return sources.logs(text);
    case 'monitor':
      return sources.monitor(text);
    case 'show':
      return sources.show(text);
  }
}

export async function fetchPanel(
  p: Panel,
  source: PanelSource,
  q: PanelQuery,
  signal: AbortSignal,
): Promise<PanelData> {
  const range = { startMs: q.startMs, endMs: q.endMs };
  switch (p.kind) {
    case 'chart': {
      const s = source as ReturnType<DashboardSources['chart']>;
      const chart = await s.fetch({ ...range, columns: Math.max(2, plotColumns(q.width)) }, signal);
      return { kind: 'chart', chart };
    }
    case 'stat': {
      const s = source as ReturnType<DashboardSources['stat']>;
      return { kind: 'stat', stat: await s.fetch({ ...range, points: Math.max(2, q.width) }, signal) };
    }
    case 'logs': {
      // Following: the newest records of the window, as many as the box shows.
      const s = source as ReturnType<DashboardSources['logs']>;
      const page = await s.search({ ...range, limit: Math.max(1, q.height) }, signal);
      const records = page.records
        .slice()
        .sort((a, b) => (a._time < b._time ? -1 : a._time > b._time ? 1 : 0));
      return { kind: 'logs', records };
    }
    case 'histogram': {
      const s = source as ReturnType<DashboardSources['logs']>;
      const res = await s.histogram({ ...range, buckets: Math.max(1, q.width) }, signal);
      return 'note' in res
        ? { kind: 'histogram', buckets: [], note: res.note }
        : { kind: 'histogram', buckets: res };
    }
    case 'monitor': {
      const s = source as ReturnType<DashboardSources['monitor']>;
      return { kind: 'monitor', monitor: await s.read(signal) };
    }
    case 'show': {
      const s = source as ReturnType<DashboardSources['show']>;
      return { kind: 'show', text: await s.run(signal) };
    }
  }
}
