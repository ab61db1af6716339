// The addresses a log record offers to a match-list (`b`): its fields whose whole value is an
// IP address (or network), then the IPv4 addresses in its message, in the order written — so
// for a firewall line `deny tcp SRC:port -> DST:port` the source comes first.
import type { LogRecord } from '../../api/telemetry/types.js';

const OCTET = '(?:25[0-5]|2[0-4]\\d|1\\d\\d|[1-9]?\\d)';
const IPV4 = `${OCTET}(?:\\.${OCTET}){3}`;
const IPV4_WHOLE = new RegExp(`^${IPV4}(?:/(?:3[0-2]|[12]?\\d))?$`);
// Not inside a longer dotted number (a version 1.2.3.4.5) or a word.
const IPV4_IN_TEXT = new RegExp(`(?<![\\w.])${IPV4}(?![\\w]|\\.\\d)`, 'g');
// A loose IPv6 check: hex groups and colons, at least two colons, at most one `::`.
const IPV6_WHOLE = /^(?=.*:.*:)(?!.*::.*::)[0-9a-f:]{2,39}(?:\/\d{1,3})?$/i;

const MESSAGE_FIELDS = ['_msg', 'message'];

export function isAddress(value: string): boolean {
  return IPV4_WHOLE.test(value) || IPV6_WHOLE.test(value);
}

export function recordAddresses(record: LogRecord): string[] {
  const out: string[] = [];
  const add = (a: string) => {
    if (!out.includes(a)) out.push(a);
  };
  for (const [field, value] of Object.entries(record)) {
    if (field === '_time' || MESSAGE_FIELDS.includes(field) || typeof value !== 'string') continue;
    if (isAddress(value.trim())) add(value.trim());
  }
  for (const field of MESSAGE_FIELDS) {
    const text = record[field];
    if (typeof text !== 'string') continue;
    for (const m of text.matchAll(IPV4_IN_TEXT)) add(m[0]);
  }
  return out;
}
