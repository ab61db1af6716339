// The dashboard screen: its page (every panel in its box, rows as headers) seen through a window
// of rows − 1 lines that scrolls, never wider than the terminal. `z` shows the focused panel as the real single pane of its kind (its own keys,
// Enter included, and its links to other panes); `z` or `q` comes back.
import { useMemo, useRef } from 'react';
import type { Chosen, Dashboard, Panel } from '../../contract/dashboard.js';
import { useTerminalSize } from '../../term/use-terminal-size.js';
import { ChartFrameView, ChartPane } from '../chart/ChartPane.js';
import type { ChartInitialRange } from '../chart/chart-reducer.js';
import type { ChartSource } from '../../contract/chart.js';
import { LogPane } from '../logs/LogPane.js';
import type { LogSource } from '../../contract/logs.js';
import { KeyGate } from '../key-source/KeyGate.js';
import { MonitorPane } from '../monitor/MonitorPane.js';
import type { MonitorSource } from '../../contract/monitor.js';
import type { PaneLink, PaneRequest } from '../pane-links.js';
import { dashboardFrame, singleLayout } from './dashboard-frame.js';
import type { DashState, PanelState } from './dashboard-reducer.js';
import { frameHeight } from './layout.js';
import { type BodyOptions, panelBody } from './panel-body.js';
import type { DashboardSources } from './panel-data.js';
import { useDashboard } from './use-dashboard.js';

export interface DashboardPaneProps {
  dashboard: Dashboard;
  sources: DashboardSources;
  initialRange: ChartInitialRange;
  /** Chosen at open (`--var`, defaults); the rest are looked up. */
  chosen?: Record<string, Chosen> | undefined;
  /** `q`: back to the shell (or out of `routersh dash`). */
  onClose: () => void;
  /** A zoomed panel's `L`/`c`: the shell's pane stack. */
  onOpen?: ((req: PaneRequest) => void) | undefined;
  links?: readonly PaneLink[] | undefined;
  color?: boolean | undefined;
  utc?: boolean | undefined;
  now?: (() => number) | undefined;
  columns?: number | undefined;
  rows?: number | undefined;
  /** The state kept while another pane is on top (the shell's OpenPane holds it). */
  keep?: { state?: DashState } | undefined;
}

const NO_CHOICE: Record<string, Chosen> = {};

export function DashboardPane(props: DashboardPaneProps) {
  const size = useTerminalSize({
    ...(props.columns !== undefined && { columns: props.columns }),
    ...(props.rows !== undefined && { rows: props.rows }),
  });
  const now = props.now ?? Date.now;
  const color = props.color !== false;
  const { dashboard } = props;
  const dash = useDashboard({
    dashboard,
    sources: props.sources,
    initialRange: props.initialRange,
    chosen: props.chosen ?? NO_CHOICE,
    size: { columns: size.columns, rows: size.rows },
    onClose: props.onClose,
    now,
    keep: props.keep,
  });
  const { state } = dash;
  const bodies = useBodies();
  const height = frameHeight(size.rows);
  const focused = dashboard.panels[state.focus];
  // A zoomed pane's `q` returns to the dashboard; once it has, the dashboard's `q` leaves it.
  const zoomed = () => dash.store.get().zoomed;
  const unzoom = () => (zoomed() ? dash.store.dispatch({ type: 'unzoom' }) : props.onClose());
  if (state.zoomed && focused) {
    // Its keys stop the moment it is unzoomed (KeyGate), not when React has cleaned it up.
    return (
      <KeyGate open={zoomed}>
        <Zoomed
          panel={focused}
          text={dash.textOf(state.focus)}
          source={dash.sourceOf(state.focus)}
          sources={props.sources}
          state={state}
          props={props}
          columns={size.columns}
          rows={size.rows}
          unzoom={unzoom}
          body={(w, h) =>
            bodies(focused, state.panels[state.focus]!, {
              width: w,
              height: h,
              color,
              utc: props.utc,
              now: now(),
            })
          }
        />
      </KeyGate>
    );
  }
  const lines = dashboardFrame(
    dashboard,
    state,
    dash.layout,
    (i, w, h) =>
      dashboard.panels[i] && state.panels[i]
        ? bodies(dash.withLegend(i), state.panels[i], {
            width: w,
            height: h,
            color,
            utc: props.utc,
            now: now(),
          })
        : [],
    {
      width: size.columns,
      rows: size.rows,
      color,
      utc: props.utc,
      titleOf: dash.titleOf,
      rowTitleOf: dash.rowTitleOf,
    },
  );
  return <ChartFrameView lines={lines} width={size.columns} height={height} />;
}

/** Bodies are laid out again only when their panel's state or size changes. */
function useBodies() {
  const cache = useRef(new WeakMap<PanelState, { key: string; lines: string[] }>());
  return (panel: Panel, p: PanelState, o: BodyOptions): string[] => {
    const key = `${o.width}x${o.height}:${o.color}`;
    const hit = cache.current.get(p);
    if (hit?.key === key) return hit.lines;
    const lines = panelBody(panel, p, o);
    cache.current.set(p, { key, lines });
    return lines;
  };
}

interface ZoomedProps {
  panel: Panel;
  text: string;
  source: unknown;
  sources: DashboardSources;
  state: DashState;
  props: DashboardPaneProps;
  columns: number;
  rows: number;
  unzoom: () => void;
  body: (width: number, height: number) => string[];
}

/** The focused panel as its single pane: the window it had, the source it reads from. */
function Zoomed({ panel, text, source, sources, state, props, columns, rows, unzoom, body }: ZoomedProps) {
  const w = state.window;
  const range: ChartInitialRange = w.live
    ? { sinceMs: w.spanMs }
    : { startMs: w.endMs - w.spanMs, endMs: w.endMs };
  // A stat zoomed is its expression charted; made once per zoom.
  const statChart = useMemo(
    () => (panel.kind === 'stat' ? sources.chart(text) : undefined),
    [panel.kind, sources, text],
  );
  const common = { onClose: unzoom, color: props.color, columns, rows };
  switch (panel.kind) {
    case 'chart':
    case 'stat':
      return (
        <ChartPane
          {...common}
          source={(statChart ?? source) as ChartSource}
          expression={text}
          initialRange={range}
          refreshMs={props.dashboard.refreshSeconds > 0 ? props.dashboard.refreshSeconds * 1000 : undefined}
          onOpen={props.onOpen}
          links={props.links}
          utc={props.utc}
          now={props.now}
        />
      );
    case 'logs':
    case 'histogram':
      return (
        <LogPane
          {...common}
          source={source as LogSource}
          query={text}
          range={range}
          onOpen={props.onOpen}
          matchLists={props.sources.matchLists}
          links={props.links}
          utc={props.utc}
          now={props.now}
        />
      );
    case 'monitor':
      return <MonitorPane {...common} source={source as MonitorSource} list={text} now={props.now} />;
    case 'show': {
      const zoomState: DashState = {
        ...state,
        focus: 0,
        focusRow: null,
        top: 0,
        panels: [state.panels[state.focus]!],
      };
      const one = { ...props.dashboard, panels: [{ ...panel, grid: { x: 0, y: 0, w: 24, h: 1 } }], rows: [] };
      const lines = dashboardFrame(
        one,
        zoomState,
        singleLayout(columns, rows),
        (_i, bw, bh) => body(bw, bh),
        {
          width: columns,
          rows,
          color: props.color !== false,
          utc: props.utc,
        },
      );
      return <ChartFrameView lines={lines} width={columns} height={frameHeight(rows)} />;
    }
  }
}
