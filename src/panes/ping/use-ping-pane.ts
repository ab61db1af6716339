// Effects of the ping pane: the source runs while the pane is neither paused nor done (a pause
// stops it, aborting the request under way; a resume starts it again), and its results go to
// the reducer. Keys only dispatch: a key never waits for a request.
import { useEffect, useReducer } from 'react';
import { splitText } from '../../keys/key-parser.js';
import type { PingSource } from '../../contract/outcome.js';
import { useKeys } from '../key-source/use-keys.js';
import { pingKeyAction } from './ping-commands.js';
import { initPingState, pingReducer, type PingState } from './ping-reducer.js';

export interface PingPaneOptions {
  source: PingSource;
  onClose: () => void;
  /** False: the pane takes no keys. */
  keys?: boolean | undefined;
}

export function usePingPane(o: PingPaneOptions): PingState {
  const [state, dispatch] = useReducer(pingReducer, undefined, initPingState);
  const running = !state.paused && !state.done;
  useEffect(() => {
    if (!running) return;
    return o.source.start({
      result: (result) => dispatch({ type: 'result', result }),
      end: () => dispatch({ type: 'end' }),
    });
  }, [o.source, running]);
  useKeys(
    (key) => {
      let used = false;
      for (const k of splitText(key)) {
        const action = pingKeyAction(k);
        if (action === 'close') o.onClose();
        else if (action === 'pause') dispatch({ type: 'pause' });
        used ||= action !== undefined;
      }
      return used;
    },
    { isActive: o.keys !== false },
  );
  return state;
}
