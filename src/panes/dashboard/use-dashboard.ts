// The dashboard screen's hook: its state in the pane kit's store (dashboard-reducer.ts), the
// page laid out for the open rows and the screen (page.ts), and its effects: the variables
// looked up at open, the panels' reads, the keys.
import { useMemo, useRef } from 'react';
import type { Chosen, Dashboard } from '../../contract/dashboard.js';
import type { ChartInitialRange } from '../chart/chart-reducer.js';
import { type PaneStore, usePaneStore } from '../kit/index.js';
import { type DashAction, type DashState, dashReducer, initDashState } from './dashboard-reducer.js';
import type { Layout } from './layout.js';
import { type PageOf, pageMemo, type Size } from './page.js';
import type { DashboardSources } from './panel-data.js';
import { panelText } from './panel-fetch.js';
import { type PanelTexts, panelTexts } from './panel-texts.js';
import { promptLine } from './prompt-line.js';
import { useDashKeys } from './use-dash-keys.js';
import { useDashVars } from './use-dash-vars.js';
import { usePanelFetches } from './use-panel-fetches.js';

export { PANEL_TIMEOUT_MS } from './panel-runner.js';
export { VARS_TIMEOUT_MS } from './use-dash-vars.js';

export interface DashboardOptions {
  dashboard: Dashboard;
  sources: DashboardSources;
  initialRange: ChartInitialRange;
  /** `--var name=value,…` and defaults, resolved by the caller; missing ones are looked up. */
  chosen: Record<string, Chosen>;
  size: Size;
  onClose: () => void;
  now: () => number;
  /**
   * Where the state is kept while another pane is on top (a zoomed panel's `L` or `c` opens one
   * through the shell's stack): back on screen, the dashboard is as it was left.
   */
  keep?: { state?: DashState } | undefined;
}

export interface DashboardHook extends PanelTexts {
  state: DashState;
  store: PaneStore<DashState, DashAction>;
  /** The page as the state drawn lays it out. */
  layout: Layout;
  pageOf: PageOf;
}

export function useDashboard(opts: DashboardOptions): DashboardHook {
  const { dashboard, sources, now } = opts;
  const [state, store] = usePaneStore(
    dashReducer,
    () => opts.keep?.state ?? initDashState(dashboard, opts.initialRange, opts.chosen, now()),
  );
  if (opts.keep) opts.keep.state = state;
  // The terminal's size as last rendered (a prop, not state): the page follows it.
  const size = useRef(opts.size);
  size.current = opts.size;
  const pageOf = useMemo(() => pageMemo(dashboard, () => size.current), [dashboard]);
  const texts = useMemo(
    () => panelTexts(dashboard, sources, store.get, pageOf),
    [dashboard, sources, store, pageOf],
  );
  const ready = useDashVars(dashboard, sources, store);
  usePanelFetches({ dashboard, store, now, pageOf, texts, ready, unfilled: sources.unfilled }, state);
  useDashKeys({
    dashboard,
    sources,
    store,
    onClose: opts.onClose,
    now,
    layout: () => pageOf(store.get().open),
    editText: (i) => {
      const p = dashboard.panels[i];
      return p && promptLine(p.kind) !== undefined ? (store.get().edited[i] ?? panelText(p)) : undefined;
    },
  });
  return { ...texts, state, store, layout: pageOf(state.open), pageOf };
}
