// The log pane's hook: its reducer's state in the pane kit's store, its keys (log-keys.ts)
// applied there one by one, its reads (use-log-reads.ts) and the effects of `b` (use-block-flow.ts).
import { useEffect } from 'react';
import { usePaneKeys, usePaneStore } from '../kit/index.js';
import { type LogKeyContext, logKey } from './log-keys.js';
import { initLogState, type LogState, logReducer } from './log-reducer.js';
import { useBlockFlow } from './use-block-flow.js';
import { type LogReadOptions, useLogReads } from './use-log-reads.js';

export { MAX_PAGES_PER_POLL, MIN_DISPATCH_INTERVAL_MS } from './use-log-follow.js';

export interface LogPaneOptions extends LogReadOptions, LogKeyContext {
  bufferMax: number;
  bodyRows: number;
}

export function useLogPane(opts: LogPaneOptions): LogState {
  const [state, store] = usePaneStore(logReducer, () =>
    initLogState({ follow: opts.endMs === undefined, max: opts.bufferMax }),
  );
  useLogReads(store, state, opts);
  useEffect(() => store.dispatch({ type: 'viewport', rows: opts.bodyRows }), [store, opts.bodyRows]);
  useBlockFlow(state.block, opts.matchLists, store.dispatch);
  usePaneKeys(store, (key, s) => logKey(key, s, opts));
  return state;
}
