// The fleet monitor pane's state: the last read (a row per host), when it came, and the error
// of a read that failed as a whole. Pure.
import type { FleetMonitorData } from '../../contract/panes.js';

export interface FleetMonitorState {
  data: FleetMonitorData | null;
  at: number | null;
  error: string | null;
}

export type FleetMonitorAction =
  | { type: 'loaded'; data: FleetMonitorData; at: number }
  | { type: 'failed'; error: string };

export const initFleetMonitorState = (): FleetMonitorState => ({ data: null, at: null, error: null });

export function fleetMonitorReducer(s: FleetMonitorState, a: FleetMonitorAction): FleetMonitorState {
  switch (a.type) {
    case 'loaded':
      return { data: a.data, at: a.at, error: null };
    case 'failed':
      return { ...s, error: a.error };
    default:
      return a satisfies never;
  }
}
