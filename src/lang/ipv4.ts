// IPv4 addresses and networks as router values write them (`10.0.0.1`, `10.0.0.0/24`,
// `10.0.0.1/24` for an interface address): parsing and containment, for the own-path check.

/** The 32-bit value of a dotted address, or undefined when `text` is not one. */
export function parseIpv4(text: string): number | undefined {
  const m = /^(\d{1,3})\.(\d{1,3})\.(\d{1,3})\.(\d{1,3})$/.exec(text);
  if (!m) return undefined;
  const octets = m.slice(1).map(Number);
  if (octets.some((o) => o > 255)) return undefined;
  return octets.reduce((acc, o) => acc * 256 + o, 0);
}

export interface Ipv4Net {
  base: number;
  bits: number;
}

/** `a.b.c.d` (a /32) or `a.b.c.d/n`; undefined for anything else. */
export function parseIpv4Net(text: string): Ipv4Net | undefined {
  const [addr = '', len, extra] = text.trim().split('/');
  if (extra !== undefined) return undefined;
  const base = parseIpv4(addr);
  const bits = len === undefined ? 32 : /^\d{1,2}$/.test(len) ? Number(len) : Number.NaN;
  if (base === undefined || !(bits >= 0 && bits <= 32)) return undefined;
  return { base, bits };
}

/** Whether the address `ip` lies in `net` (a network, or an interface address with its prefix). */
export function netContains(net: string, ip: string): boolean {
  const n = parseIpv4Net(net);
  const a = parseIpv4(ip);
  if (!n || a === undefined) return false;
  const mask = n.bits === 0 ? 0 : (0xffffffff << (32 - n.bits)) >>> 0;
  return (n.base & mask) >>> 0 === (a & mask) >>> 0;
}

export const isIpv4Net = (text: string): boolean => parseIpv4Net(text) !== undefined;
