// Variables with no value yet (label values, query results) are looked up at open, before the
// panels start: `ready()` says when they may (at once when nothing is missing; after the
// lookups, or their deadline, otherwise).
import { useEffect, useRef, useState } from 'react';
import type { Chosen, Dashboard } from '../../contract/dashboard.js';
import type { PaneStore } from '../kit/index.js';
import type { DashAction, DashState } from './dashboard-reducer.js';
import { deadline } from './deadline.js';
import type { DashboardSources } from './panel-data.js';

/** Variables looked up at open wait at most this long before panels start. */
export const VARS_TIMEOUT_MS = 5_000;

export function useDashVars(
  dashboard: Dashboard,
  sources: DashboardSources,
  store: PaneStore<DashState, DashAction>,
): () => boolean {
  const [missing] = useState(() =>
    dashboard.variables.map((v, i) => ({ v, i })).filter(({ v }) => !store.get().chosen[v.name]),
  );
  const ready = useRef(missing.length === 0);
  // biome-ignore lint/correctness/useExhaustiveDependencies: once per dashboard
  useEffect(() => {
    if (missing.length === 0) return;
    const d = deadline(VARS_TIMEOUT_MS);
    const c = d.controller;
    void Promise.all(
      missing.map(async ({ v, i }) => {
        const values = await sources.variableValues(i, d.signal).catch(() => [] as string[]);
        if (c.signal.aborted) return;
        const chosen: Chosen | undefined = v.includeAll
          ? { values, all: true }
          : values[0] !== undefined
            ? { values: [values[0]], all: false }
            : undefined;
        if (chosen) store.dispatch({ type: 'choose', name: v.name, chosen });
      }),
    ).then(() => {
      d.clear();
      // Given up after the deadline: the panels start with what was found.
      if (c.signal.aborted && !d.timedOut()) return;
      ready.current = true;
      store.dispatch({ type: 'refresh' });
    });
    return () => c.abort();
  }, [dashboard]);
  return () => ready.current;
}
