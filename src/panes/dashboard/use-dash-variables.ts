// The dashboard's variables at open, as Grafana loads them: every query variable fetched
// (sources.loadVariables, chained ones in order) before the panels start, within a deadline;
// given up at the deadline, the panels start with what was found by then.
import { type RefObject, useEffect, useRef } from 'react';
import type { Chosen, Dashboard } from '../../contract/dashboard.js';
import type { DashAction } from './dashboard-reducer.js';
import { deadline } from './deadline.js';
import type { DashboardSources } from './panel-data.js';

/** Variables looked up at open wait at most this long before panels start. */
export const VARS_TIMEOUT_MS = 10_000;

const fetchedKind = (d: Dashboard) =>
  d.variables.some((v) => v.kind === 'label' || v.kind === 'query' || v.kind === 'metrics');

const same = (a: Chosen | undefined, b: Chosen | undefined) => JSON.stringify(a) === JSON.stringify(b);

/** `ready`: the panels may start (the variables are in, or there were none to fetch). */
export function useDashVariables(
  dashboard: Dashboard,
  sources: DashboardSources,
  chosenNow: () => Record<string, Chosen>,
  dispatch: (a: DashAction) => void,
): RefObject<boolean> {
  const load = sources.loadVariables;
  const ready = useRef(!load || !fetchedKind(dashboard));
  // biome-ignore lint/correctness/useExhaustiveDependencies: once per dashboard
  useEffect(() => {
    if (ready.current || !load) return;
    const d = deadline(VARS_TIMEOUT_MS);
    const before = chosenNow();
    void load(before, d.signal)
      .then(
        (next) => {
          for (const [name, chosen] of Object.entries(next))
            if (!same(before[name], chosen)) dispatch({ type: 'choose', name, chosen });
        },
        () => undefined,
      )
      .then(() => {
        d.clear();
        // Closed before the values came: nothing more to do.
        if (d.signal.aborted && !d.timedOut()) return;
        ready.current = true;
        dispatch({ type: 'refresh' });
      });
    return () => d.controller.abort();
  }, [dashboard]);
  return ready;
}
