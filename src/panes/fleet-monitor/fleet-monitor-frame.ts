// The fleet monitor pane's lines: a header (the list, distinct members, summed hits, hosts),
// then a row per host: its name, its members, its hits, or its error. Host names and errors go
// through THE sanitizer. Pure.
import { sanitizeLine } from '../../term/sanitize.js';
import { truncateToWidth } from '../../term/text-width.js';
import type { FleetMonitorState } from './fleet-monitor-reducer.js';

export function fleetMonitorFrame(
  s: FleetMonitorState,
  o: { list: string; width: number; height: number },
): string[] {
  const d = s.data;
  const head = d
    ? `match-list ${o.list}: ${d.distinct} distinct members, ${d.hits} hits on ${d.rows.length} hosts`
    : `match-list ${o.list}: reading...`;
  const lines = [sanitizeLine(head), `${'HOST'.padEnd(24)} ${'MEMBERS'.padStart(8)} ${'HITS'.padStart(12)}`];
  for (const r of d?.rows ?? []) {
    const name = sanitizeLine(r.host).padEnd(24);
    lines.push(
      r.error !== undefined
        ? `${name} ${sanitizeLine(r.error)}`
        : `${name} ${String(r.members ?? 0).padStart(8)} ${String(r.hits ?? 0).padStart(12)}`,
    );
  }
  if (s.error) lines.push(`error: ${sanitizeLine(s.error)}`);
  const body = lines.slice(0, Math.max(1, o.height - 1)).map((l) => truncateToWidth(l, o.width));
  return [...body, 'q: back  r: read again'];
}
