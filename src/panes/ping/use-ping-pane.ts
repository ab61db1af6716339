// Effects of the ping pane: the source runs while the pane is neither paused nor done (a pause
// stops it, aborting the request under way; a resume starts it again), and its results go to
// the store. Keys only dispatch: a key never waits for a request.
import { useEffect } from 'react';
import type { PingSource } from '../../contract/panes.js';
import { resolveCommand } from '../../keys/keymap.js';
import { usePaneKeys, usePaneStore } from '../kit/index.js';
import { initPingState, type PingAction, pingReducer, type PingState } from './ping-reducer.js';

export interface PingPaneOptions {
  source: PingSource;
  onClose: () => void;
  /** False: the pane takes no keys. */
  keys?: boolean | undefined;
}

export function usePingPane(o: PingPaneOptions): PingState {
  const [state, store] = usePaneStore(pingReducer, initPingState);
  usePaneKeys(
    store,
    (key): PingAction | boolean => {
      const command = resolveCommand(key, { mode: 'ping' }); // a paste is no command
      if (command === 'ping.close') o.onClose();
      return command === 'ping.pause' ? { type: 'pause' } : command === 'ping.close';
    },
    { isActive: o.keys !== false },
  );
  const running = !state.paused && !state.done;
  useEffect(() => {
    if (!running) return;
    return o.source.start({
      result: (result) => store.dispatch({ type: 'result', result }),
      end: () => store.dispatch({ type: 'end' }),
    });
  }, [o.source, store, running]);
  return state;
}
