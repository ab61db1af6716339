// The dashboard's keys through the pane kit: each key (one grapheme, or one paste) is turned into
// an action on the store at once (dash-keys.ts), or into one of the effects below.
import { useRef } from 'react';
import type { Dashboard } from '../../contract/dashboard.js';
import { type PaneStore, usePaneKeys } from '../kit/index.js';
import { completePrompt, openPicker } from './dash-lookups.js';
import { dashKey, type KeyContext } from './dash-keys.js';
import type { DashAction, DashState } from './dashboard-reducer.js';
import type { DashboardSources } from './panel-data.js';

export interface DashKeysOptions extends Omit<KeyContext, 'variables'> {
  dashboard: Dashboard;
  sources: DashboardSources;
  store: PaneStore<DashState, DashAction>;
  onClose: () => void;
}

export function useDashKeys(o: DashKeysOptions): void {
  const { dashboard, sources, store } = o;
  // The completion in flight (a lookup, not the state): Esc or the next Tab aborts it.
  const completing = useRef<AbortController | null>(null);
  usePaneKeys(store, (key, s) => {
    const r = dashKey(key, s, { ...o, variables: dashboard.variables.length });
    if (typeof r !== 'object' || !('effect' in r)) return r;
    switch (r.effect) {
      case 'close':
        o.onClose();
        return true;
      case 'picker':
        openPicker(dashboard, sources, store, r.varIndex);
        return true;
      case 'complete':
        completing.current = completePrompt(dashboard, sources, store, r.text, completing.current);
        return true;
      case 'cancelPrompt':
        completing.current?.abort();
        return { type: 'promptCancel' } as const;
    }
  });
}
