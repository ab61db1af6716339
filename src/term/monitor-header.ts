// A match-list monitor's header fields as one line (the monitor pane's header and the plain
// output of `monitor match-list`). The fields are the router's, read by
// features/match-list/parse-monitor.ts; contract/monitor.ts names this type in MonitorData.
import { sanitizeLine } from './sanitize.js';

export interface MonitorHeader {
  name?: string;
  entries?: number;
  references?: number;
  /** As the router wrote it (units vary). */
  memory?: string;
  maxElements?: number;
  /** As the router wrote it (`3600 s`). */
  defaultTimeout?: string;
}

export function headerLine(h: MonitorHeader): string {
  const parts = [
    h.entries !== undefined && `entries ${h.entries}`,
    h.references !== undefined && `references ${h.references}`,
    h.memory !== undefined && `memory ${h.memory}`,
    h.maxElements !== undefined && `max elements ${h.maxElements}`,
    h.defaultTimeout !== undefined && `default timeout ${h.defaultTimeout}`,
  ].filter((p): p is string => typeof p === 'string');
  return sanitizeLine(parts.join(' · '));
}
