// IPv4 text helpers shared by the tree definitions and the match-list.

const OCTET = '(25[0-5]|2[0-4]\\d|1\\d\\d|[1-9]?\\d)';
const PREFIX = '(3[0-2]|[12]?\\d)';
/** Dotted IPv4 address. */
export const IP4_RE = `(${OCTET}\\.){3}${OCTET}`;
/** Address with a prefix length, a.b.c.d/n. */
export const IP4NET_RE = `${IP4_RE}/${PREFIX}`;
/** Address or network. */
export const IP4_OR_NET_RE = `${IP4_RE}(/${PREFIX})?`;

export function ip4ToInt(ip: string): number {
  return ip.split('.').reduce((acc, o) => acc * 256 + Number(o), 0);
}

export function intToIp4(n: number): string {
  return [n >>> 24, (n >>> 16) & 255, (n >>> 8) & 255, n & 255].join('.');
}

/** Canonical form the router stores: host bits cleared, `/32` dropped. */
export function canonicalNet(net: string): string {
  const [addr = '', len] = net.split('/');
  if (len === undefined || len === '32') return addr;
  const bits = Number(len);
  const mask = bits === 0 ? 0 : (0xffffffff << (32 - bits)) >>> 0;
  return `${intToIp4((ip4ToInt(addr) & mask) >>> 0)}/${bits}`;
}

/** True when `ip` lies inside `net` (a.b.c.d/n or a plain address). */
export function netContains(net: string, ip: string): boolean {
  const [addr = '', len = '32'] = net.split('/');
  const bits = Number(len);
  const mask = bits === 0 ? 0 : (0xffffffff << (32 - bits)) >>> 0;
  return (ip4ToInt(addr) & mask) >>> 0 === (ip4ToInt(ip) & mask) >>> 0;
}

/** Small deterministic hash (FNV-1a) for synthetic counters and ping timings. */
export function hash32(s: string): number {
  let h = 0x811c9dc5;
  for (let i = 0; i < s.length; i++) {
    h ^= s.charCodeAt(i);
    h = Math.imul(h, 0x01000193) >>> 0;
  }
  return h >>> 0;
}
