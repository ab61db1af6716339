// The `| refresh` pane's hook: its reducer's state in the pane kit's store, its reads
// (use-show-reads.ts), and its keys, which only dispatch: a key never waits for a read.
import { useEffect } from 'react';
import { usePaneKeys, usePaneStore } from '../kit/index.js';
import { showKeyAction } from './show-commands.js';
import { initShowState, showReducer, type ShowState } from './show-reducer.js';
import { type ShowReadOptions, useShowReads } from './use-show-reads.js';

export interface ShowPaneOptions extends ShowReadOptions {
  bodyRows: number;
  onClose: () => void;
  /** False in a dashboard until its panel is focused. */
  keys?: boolean | undefined;
}

export function useShowPane(o: ShowPaneOptions): ShowState {
  const [state, store] = usePaneStore(showReducer, () =>
    o.first === undefined ? initShowState() : initShowState(o.first, o.now()),
  );
  const readNow = useShowReads(store, o);
  useEffect(() => store.dispatch({ type: 'viewport', rows: o.bodyRows }), [store, o.bodyRows]);
  usePaneKeys(
    store,
    (key) => {
      const result = showKeyAction(key);
      if (result === 'close') o.onClose();
      else if (result === 'refresh') readNow();
      else return result;
      return true;
    },
    { isActive: o.keys !== false },
  );
  return state;
}
