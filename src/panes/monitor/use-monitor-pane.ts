// The monitor pane's hook: its reducer's state in the pane kit's store, its keys applied there
// one by one (so keys typed right after `/` or `d` see the prompt or the question), its reads
// (use-monitor-reads.ts), and the body's rows as the header the data brings leaves them.
import { useEffect } from 'react';
import { usePaneKeys, usePaneStore } from '../kit/index.js';
import { monitorKeyAction } from './monitor-commands.js';
import { monitorLayout } from './monitor-frame.js';
import { initMonitorState, type MonitorState, monitorReducer } from './monitor-reducer.js';
import type { MonitorSource } from '../../contract/monitor.js';
import { useMonitorReads } from './use-monitor-reads.js';

export interface MonitorPaneOptions {
  source: MonitorSource;
  refreshMs: number;
  /** The pane's height: the body's rows follow from it and the header lines the data brings. */
  height: number;
  onClose: () => void;
  now: () => number;
}

export function useMonitorPane(opts: MonitorPaneOptions): MonitorState {
  const [state, store] = usePaneStore(monitorReducer, () => initMonitorState(opts.now()));
  const reads = useMonitorReads(store, opts);

  const bodyRows = monitorLayout(state, opts.height).bodyRows;
  useEffect(() => store.dispatch({ type: 'viewport', rows: bodyRows }), [store, bodyRows]);

  usePaneKeys(store, (key, s) => {
    const result = monitorKeyAction(key, s.prompt !== null, s.confirm !== null);
    if (result === undefined || result === 'close') {
      if (result === 'close') opts.onClose();
      return result === 'close';
    }
    if (result.type === 'removeAsk' && !opts.source.remove) return true;
    if (result.type === 'removeConfirm' && s.confirm !== null) reads.remove(s.confirm);
    if (result.type !== 'refresh') return result;
    reads.readNow();
    return true;
  });
  return state;
}
