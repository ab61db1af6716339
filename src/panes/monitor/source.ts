// What the monitor pane needs from the router (made once per pane in src/shell/open-pane.ts,
// by src/run/monitor-source.ts). Errors are RoutershErrors; the pane shows them on its status line.
import type { MonitorData } from './parse-monitor.js';

export interface MonitorSource {
  read(signal: AbortSignal): Promise<MonitorData>;
  /** Removes one member (as the monitor names it); resolves to the router's message. */
  remove?(address: string, signal: AbortSignal): Promise<string>;
}
