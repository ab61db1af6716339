// What the monitor pane needs from the router (made by features/match-list/monitor-source.ts).
// Errors are RoutershErrors; the pane shows them on its status line.
import type { MonitorHeader } from '../term/monitor-header.js';

export type { MonitorHeader } from '../term/monitor-header.js';

export interface MonitorSource {
  read(signal: AbortSignal): Promise<MonitorData>;
  /** Removes one member (as the monitor names it); resolves to the router's message. */
  remove?(address: string, signal: AbortSignal): Promise<string>;
}

export interface MonitorMember {
  address: string;
  /** Seconds left when the output was read. */
  timeout?: number;
  packets?: number;
  bytes?: number;
}

/** A match-list's monitor output as read (features/match-list/parse-monitor.ts). */
export interface MonitorData {
  header: MonitorHeader;
  members: MonitorMember[];
  /** Lines that were not understood, shown as they are. */
  other: string[];
}
