// The chart pane's hook: its reducer's state in the pane kit's store, its keys (chart-keys.ts)
// applied there one by one, and its reads (use-chart-fetch.ts).
import type { ChartInitialRange, ChartState } from './chart-reducer.js';
import { chartReducer, initChartState } from './chart-reducer.js';
import { usePaneKeys, usePaneStore } from '../kit/index.js';
import type { PaneLink, PaneRequest } from '../pane-links.js';
import { chartKey } from './chart-keys.js';
import type { ChartSource } from '../../contract/chart.js';
import { useChartFetch } from './use-chart-fetch.js';

export { RESIZE_DEBOUNCE_MS } from './use-chart-fetch.js';

export interface ChartPaneOptions {
  source: ChartSource;
  initialRange: ChartInitialRange;
  refreshMs: number;
  /** Plot columns available now; fetches follow it after RESIZE_DEBOUNCE_MS. */
  plotColumns: number;
  /** The legend's width (its pages depend on it). */
  legendWidth: number;
  onClose: () => void;
  now: () => number;
  /** `L`: log field ↔ metric label pairs, and the shell's pane stack. */
  links: readonly PaneLink[];
  onOpen?: ((req: PaneRequest) => void) | undefined;
}

export function useChartPane(opts: ChartPaneOptions): ChartState {
  const [state, store] = usePaneStore(chartReducer, () => initChartState(opts.initialRange, opts.now()));
  useChartFetch(store, state, opts);
  usePaneKeys(store, (key, s) => chartKey(key, s, opts));
  return state;
}
