// A panel's text and title with the chosen variables put in, a row's title too, and the panel's
// source for its text: made once per panel and text, kept while the text stays the same (the
// zoomed pane reads from the same one). Reads the state when called, never a copy of it.
import type { Dashboard, Panel } from '../../contract/dashboard.js';
import type { DashState } from './dashboard-reducer.js';
import { rectOf } from './layout.js';
import type { PageOf } from './page.js';
import type { DashboardSources } from './panel-data.js';
import { makeSource, type PanelSource, panelText } from './panel-fetch.js';

export interface PanelTexts {
  /** The panel's text (edited or as written) with the chosen variables put in. */
  textOf(i: number, s?: DashState): string;
  titleOf(i: number): string;
  /** The panel with the chosen variables put into its legendFormat (as Grafana does), as drawn. */
  withLegend(i: number): Panel;
  rowTitleOf(j: number): string;
  sourceOf(i: number, text?: string): PanelSource | undefined;
}

/** Seconds of the window per column: what `$__interval` stands for in a box `width` wide. */
const stepFor = (spanMs: number, width: number) =>
  Math.max(1, Math.round(spanMs / 1000 / Math.max(1, width)));

export function panelTexts(
  d: Dashboard,
  sources: DashboardSources,
  state: () => DashState,
  pageOf: PageOf,
): PanelTexts {
  const made = new Map<number, { text: string; source: PanelSource }>();
  /** `title`: Grafana's plain formatting (values as they are). A chart's or stat's step: see below. */
  const put = (raw: string, s: DashState, i: number, title = false) => {
    const width = (i >= 0 ? rectOf(pageOf(s.open), i)?.w : undefined) ?? 80;
    const kind = d.panels[i]?.kind;
    return sources.interpolate(raw, {
      variables: d.variables,
      chosen: s.chosen,
      // A chart's or stat's $__interval/$__rate_interval: put in by its source from the step it sends.
      ...(!title && (kind === 'chart' || kind === 'stat')
        ? {}
        : { stepSeconds: stepFor(s.window.spanMs, width) }),
      rangeSeconds: Math.round(s.window.spanMs / 1000),
      ...(title ? { language: 'text' as const } : {}),
    });
  };
  const textOf = (i: number, s: DashState = state()) => {
    const p = d.panels[i];
    return p ? put(s.edited[i] ?? panelText(p), s, i) : '';
  };
  return {
    textOf,
    titleOf: (i) => put(d.panels[i]?.title ?? '', state(), i, true),
    withLegend(i) {
      const p = d.panels[i]!;
      if ((p.kind !== 'chart' && p.kind !== 'stat') || !/\$|\[\[/.test(p.legend ?? '')) return p;
      return { ...p, legend: put(p.legend ?? '', state(), i, true) };
    },
    rowTitleOf: (j) => put(d.rows?.[j]?.title ?? '', state(), -1, true),
    sourceOf(i, text = textOf(i)) {
      const p = d.panels[i];
      if (!p) return undefined;
      const had = made.get(i);
      if (had?.text === text) return had.source;
      const source = makeSource(p, text, sources);
      made.set(i, { text, source });
      return source;
    },
  };
}
