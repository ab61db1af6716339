// Enter in the log pane: every field of the selected record, one `field  value` line each
// (long values wrap under themselves), _time and the message first. Server text is sanitized.
import type { LogRecord } from '../../api/telemetry/types.js';
import { sanitizeLine } from '../../term/sanitize.js';

const FIRST = ['_time', '_msg', 'message'];

function valueText(v: unknown): string {
  return typeof v === 'string' ? v : (JSON.stringify(v) ?? String(v));
}

export function recordDetail(record: LogRecord, width: number): string[] {
  const fields = [
    ...FIRST.filter((f) => f in record),
    ...Object.keys(record)
      .filter((f) => !FIRST.includes(f))
      .sort(),
  ];
  const names = fields.map((f) => sanitizeLine(f));
  const pad = Math.min(24, Math.max(...names.map((n) => n.length), 0)) + 2;
  const room = Math.max(8, width - pad);
  const out: string[] = [];
  fields.forEach((f, i) => {
    const value = sanitizeLine(valueText(record[f]));
    for (let at = 0; at === 0 || at < value.length; at += room)
      out.push(`${(at === 0 ? names[i]! : '').padEnd(pad)}${value.slice(at, at + room)}`.slice(0, width));
  });
  return out;
}
