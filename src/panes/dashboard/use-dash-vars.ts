// The variables at open, as Grafana loads them: every query variable fetched through
// sources.loadVariables (features/dashboards/variable-load.ts: chained ones in order, All as the
// values fetched) before the panels start: `ready()` says when they may (at once when there is
// nothing to fetch; after the look-ups, or their deadline, otherwise).
import { useEffect, useRef } from 'react';
import type { Chosen, Dashboard } from '../../contract/dashboard.js';
import type { PaneStore } from '../kit/index.js';
import type { DashAction, DashState } from './dashboard-reducer.js';
import { deadline } from './deadline.js';
import type { DashboardSources } from './panel-data.js';

/** Variables looked up at open wait at most this long before panels start. */
export const VARS_TIMEOUT_MS = 10_000;

const fetched = (d: Dashboard) =>
  d.variables.some((v) => v.kind === 'label' || v.kind === 'query' || v.kind === 'metrics');
const same = (a: Chosen | undefined, b: Chosen | undefined) => JSON.stringify(a) === JSON.stringify(b);

export function useDashVars(
  dashboard: Dashboard,
  sources: DashboardSources,
  store: PaneStore<DashState, DashAction>,
): () => boolean {
  const load = sources.loadVariables;
  const ready = useRef(!load || !fetched(dashboard));
  // biome-ignore lint/correctness/useExhaustiveDependencies: once per dashboard
  useEffect(() => {
    if (ready.current || !load) return;
    const d = deadline(VARS_TIMEOUT_MS);
    const before = store.get().chosen;
    void load(before, d.signal)
      .then(
        (next) => {
          // Closed meanwhile: nothing to choose. Out of time: what was found by then.
          if (d.signal.aborted && !d.timedOut()) return;
          for (const [name, chosen] of Object.entries(next))
            if (!same(before[name], chosen)) store.dispatch({ type: 'choose', name, chosen });
        },
        () => undefined,
      )
      .then(() => {
        d.clear();
        // Closed before the values came: nothing more to do. Out of time: what was found.
        if (d.signal.aborted && !d.timedOut()) return;
        ready.current = true;
        store.dispatch({ type: 'refresh' });
      });
    return () => d.controller.abort();
  }, [dashboard]);
  return () => ready.current;
}
