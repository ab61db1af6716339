// Effects of the fleet monitor pane: the hosts read every 2 s (and at `r`), each read aborted
// when the pane closes; the results go to the store. Keys only dispatch or close.
import { useCallback, useEffect } from 'react';
import type { FleetMonitorSource } from '../../contract/panes.js';
import { resolveCommand } from '../../keys/keymap.js';
import { usePaneKeys, usePaneStore } from '../kit/index.js';
import {
  type FleetMonitorState,
  fleetMonitorReducer,
  initFleetMonitorState,
} from './fleet-monitor-reducer.js';

const EVERY_MS = 2000;

export function useFleetMonitorPane(o: {
  source: FleetMonitorSource;
  onClose: () => void;
  keys?: boolean | undefined;
}): FleetMonitorState {
  const [state, store] = usePaneStore(fleetMonitorReducer, initFleetMonitorState);
  const read = useCallback(
    (signal: AbortSignal) =>
      o.source.read(signal).then(
        (data) => {
          if (!signal.aborted) store.dispatch({ type: 'loaded', data, at: Date.now() });
        },
        (e: unknown) => {
          if (!signal.aborted)
            store.dispatch({ type: 'failed', error: e instanceof Error ? e.message : String(e) });
        },
      ),
    [o.source, store],
  );
  usePaneKeys(
    store,
    (key) => {
      const command = resolveCommand(key, { mode: 'fleet' });
      if (command === 'fleet.close') o.onClose();
      else if (command === 'fleet.refresh') void read(new AbortController().signal);
      return command !== undefined;
    },
    { isActive: o.keys !== false },
  );
  useEffect(() => {
    const ac = new AbortController();
    let timer: NodeJS.Timeout | undefined;
    // One read at a time: the next starts EVERY_MS after the last one ended.
    const loop = () =>
      void read(ac.signal).then(() => {
        if (!ac.signal.aborted) timer = setTimeout(loop, EVERY_MS);
      });
    loop();
    return () => {
      ac.abort();
      clearTimeout(timer);
    };
  }, [read]);
  return state;
}
