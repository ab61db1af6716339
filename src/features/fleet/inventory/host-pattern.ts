// A host entry as Ansible writes it: `name`, `name:port`, `[v6::addr]:port`, and ranges
// `edge-[01:40]`, `db-[a:f]`, `h[0:10:2]` (plugins/inventory/__init__.py _expand_hostpattern,
// inventory/helpers expand_hostname_range). The expansion is bounded: a range that would make
// more than `max` names is refused before one is made.
import { configError } from '../../../errors.js';

const LETTERS = 'abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ';

export interface HostEntry {
  names: string[];
  port?: number;
}

/** A `[x:y]` range is present: a `[` before a `:` before a `]` (Ansible's detect_range). */
const hasRange = (s: string): boolean => {
  const open = s.indexOf('[');
  const colon = s.indexOf(':', open);
  return open >= 0 && colon > open && s.indexOf(']', colon) > colon;
};

/** `host:port` split off, as Ansible's parse_address does for names, IPv4 and `[IPv6]:port`. */
function splitPort(entry: string): { host: string; port?: number } {
  const v6 = /^\[([0-9a-fA-F:.]+)\](?::(\d+))?$/.exec(entry);
  if (v6) return { host: v6[1] as string, ...(v6[2] ? { port: Number(v6[2]) } : {}) };
  // A colon outside brackets: the last one before digits only is a port, unless the name is IPv6.
  const outside = entry.replace(/\[[^\]]*\]/g, (m) => 'x'.repeat(m.length));
  const colons = outside.split(':').length - 1;
  if (colons === 1) {
    const i = outside.indexOf(':');
    const port = entry.slice(i + 1);
    if (/^\d+$/.test(port)) return { host: entry.slice(0, i), port: Number(port) };
  }
  return { host: entry };
}

/** Every name of `entry` (ranges expanded) and its port. */
export function expandHostEntry(entry: string, at: string, max: number): HostEntry {
  // No colon, no port to split off: the split (a regex, a replace and a split per entry) was a
  // third of reading a 1,000-host inventory, which mostly holds plain names. Ranges go on below.
  const { host, port } = entry.includes(':') ? splitPort(entry) : { host: entry, port: undefined };
  if (entry.endsWith(':') && port === undefined)
    throw configError(`${at}: host '${entry}' ends in ':' (reserved for a port)`);
  if (port !== undefined && port > 65535) throw configError(`${at}: port ${port} is above 65535`);
  const names: string[] = [];
  expandInto(host, at, max, names);
  return { names, ...(port !== undefined ? { port } : {}) };
}

function expandInto(pattern: string, at: string, max: number, out: string[]): void {
  if (!hasRange(pattern)) {
    if (out.length >= max) throw configError(`${at}: the host ranges make more than ${max} hosts`);
    out.push(pattern);
    return;
  }
  const open = pattern.indexOf('[');
  const close = pattern.indexOf(']', open);
  const head = pattern.slice(0, open);
  const tail = pattern.slice(close + 1);
  const bounds = pattern.slice(open + 1, close).split(':');
  if (bounds.length !== 2 && bounds.length !== 3)
    throw configError(`${at}: host range '[${bounds.join(':')}]' wants [start:end] or [start:end:step]`);
  const beg = bounds[0] || '0';
  const end = bounds[1] as string;
  const step = bounds[2] ? Number(bounds[2]) : 1;
  if (!end) throw configError(`${at}: host range '${pattern}' has no end`);
  if (!Number.isInteger(step) || step < 1)
    throw configError(`${at}: host range step '${bounds[2]}' is not a positive number`);
  for (const part of rangeValues(beg, end, step, at, max)) expandInto(`${head}${part}${tail}`, at, max, out);
}

/** The values of one `[beg:end:step]`: letters, or numbers padded as `beg` is (`01`). */
function rangeValues(beg: string, end: string, step: number, at: string, max: number): string[] {
  const a = LETTERS.indexOf(beg);
  const b = LETTERS.indexOf(end);
  if (beg.length === 1 && end.length === 1 && a >= 0 && b >= 0) {
    if (a > b) throw configError(`${at}: host range [${beg}:${end}] runs backwards`);
    const out: string[] = [];
    for (let i = a; i <= b; i += step) out.push(LETTERS[i] as string);
    return out;
  }
  if (!/^\d+$/.test(beg) || !/^\d+$/.test(end))
    throw configError(`${at}: host range [${beg}:${end}] mixes letters and numbers`);
  const pad = beg.length > 1 && beg.startsWith('0') ? beg.length : 0;
  if (pad && end.length !== pad)
    throw configError(`${at}: host range [${beg}:${end}]: a padded start wants an end as long`);
  const from = Number(beg);
  const to = Number(end);
  if (from > to) throw configError(`${at}: host range [${beg}:${end}] runs backwards`);
  if ((to - from) / step + 1 > max) throw configError(`${at}: the host ranges make more than ${max} hosts`);
  const out: string[] = [];
  for (let i = from; i <= to; i += step) out.push(pad ? String(i).padStart(pad, '0') : String(i));
  return out;
}
