// IP addresses and networks of both families, as router values and the connection write them
// (`10.0.0.1`, `10.0.0.0/24`, `10.0.0.1/24` for an interface address, `::1`, `2001:db8::/32`,
// `2001:db8::1/64`, `fe80::1%eth0`): parsing and containment, for the own-path check
// (features/changes/own-path.ts). Pure and hand-written (no node:net): lang/ loads no I/O.
//
//   IPv4   four dotted decimals 0–255 (`127.0.0.1`; no shorthands like `127.1` or hex).
//   IPv6   RFC 4291 text: eight groups of 1–4 hex digits, at most one `::` for a run of zero
//          groups, the last 32 bits optionally dotted (`::ffff:1.2.3.4`), then an optional
//          zone id (`%eth0`, RFC 4007). Shown canonically as RFC 5952 says (lower case, the
//          longest run of two or more zero groups as `::`, IPv4-mapped ones as `::ffff:a.b.c.d`).
//   NET    an address alone (a single host: /32, /128) or ADDRESS/PREFIX (0–32, 0–128); the
//          address keeps its host bits (an interface's address with its subnet's prefix).
//
// An IPv4-mapped IPv6 address (`::ffff:a.b.c.d`, how a dual-stack socket reports an IPv4 peer)
// IS the IPv4 address a.b.c.d on the wire: containment reads it as that, on either side (a
// mapped network `::ffff:a.b.c.d/(96+n)` as a.b.c.d/n). Otherwise the families never match:
// `::/0` holds no IPv4 address. Zone ids are kept but do not affect containment (which link
// a zone names cannot be told from its text; the own-path check rather warns once too often).

export type IpFamily = 4 | 6;

export interface IpAddress {
  family: IpFamily;
  /** The address as a number: 32 bits for IPv4, 128 for IPv6. */
  value: bigint;
  /** The canonical text (without the zone): `10.0.0.1`, `2001:db8::1`, `::ffff:127.0.0.1`. */
  text: string;
  /** An IPv6 address's zone id: `eth0` of `fe80::1%eth0`. */
  zone?: string;
}

export interface IpNet {
  /** The address as written, host bits kept. */
  address: IpAddress;
  /** The prefix length: 32 (IPv4) or 128 (IPv6) for a single host. */
  bits: number;
}

const WIDTH = { 4: 32, 6: 128 } as const;
const V4 = /^(\d{1,3})\.(\d{1,3})\.(\d{1,3})\.(\d{1,3})$/;
const GROUP = /^[0-9a-f]{1,4}$/i;
const ZONE = /^[^\s%/]+$/;
const MAPPED_PREFIX = 0xffffn; // the 96 bits above an IPv4-mapped address's 32: ::ffff:0:0/96

function v4Value(text: string): bigint | undefined {
  const m = V4.exec(text);
  if (!m) return undefined;
  const octets = m.slice(1).map(Number);
  if (octets.some((o) => o > 255)) return undefined;
  return BigInt(octets.reduce((acc, o) => acc * 256 + o, 0));
}

const v4Text = (v: bigint): string => [24n, 16n, 8n, 0n].map((s) => String((v >> s) & 0xffn)).join('.');

/** The 16-bit groups of one side of `::` (or of the whole address); IPv4 only at the very end. */
function groups(text: string, v4Last: boolean): number[] | undefined {
  if (text === '') return [];
  const parts = text.split(':');
  const out: number[] = [];
  for (const [i, p] of parts.entries()) {
    if (v4Last && i === parts.length - 1 && p.includes('.')) {
      const v = v4Value(p);
      if (v === undefined) return undefined;
      out.push(Number(v >> 16n), Number(v & 0xffffn));
    } else if (GROUP.test(p)) {
      out.push(Number.parseInt(p, 16));
    } else {
      return undefined;
    }
  }
  return out;
}

function v6Value(text: string): bigint | undefined {
  const halves = text.split('::');
  if (halves.length > 2) return undefined;
  let all: number[];
  if (halves.length === 1) {
    const g = groups(text, true);
    if (g?.length !== 8) return undefined;
    all = g;
  } else {
    const head = groups(halves[0]!, false);
    const tail = groups(halves[1]!, true);
    if (!head || !tail || head.length + tail.length > 7) return undefined;
    all = [...head, ...new Array<number>(8 - head.length - tail.length).fill(0), ...tail];
  }
  return all.reduce((acc, g) => (acc << 16n) | BigInt(g), 0n);
}

const isMapped = (v: bigint): boolean => v >> 32n === MAPPED_PREFIX;

function v6Text(v: bigint): string {
  if (isMapped(v)) return `::ffff:${v4Text(v & 0xffffffffn)}`;
  const g = [112n, 96n, 80n, 64n, 48n, 32n, 16n, 0n].map((s) => Number((v >> s) & 0xffffn));
  // The longest run of two or more zero groups, the first of equal ones, becomes `::`.
  let at = -1;
  let len = 1;
  for (let i = 0; i < 8; ) {
    let j = i;
    while (j < 8 && g[j] === 0) j++;
    if (j - i > len) [at, len] = [i, j - i];
    i = j === i ? i + 1 : j;
  }
  const hex = g.map((x) => x.toString(16));
  if (at < 0) return hex.join(':');
  return `${hex.slice(0, at).join(':')}::${hex.slice(at + len).join(':')}`;
}

/** The address `text` writes (IPv4, or IPv6 with an optional `%zone`), or undefined. */
export function parseIp(text: string): IpAddress | undefined {
  const v4 = v4Value(text);
  if (v4 !== undefined) return { family: 4, value: v4, text: v4Text(v4) };
  const pct = text.indexOf('%');
  const addr = pct < 0 ? text : text.slice(0, pct);
  const zone = pct < 0 ? undefined : text.slice(pct + 1);
  if (!addr.includes(':') || (zone !== undefined && !ZONE.test(zone))) return undefined;
  const v6 = v6Value(addr);
  if (v6 === undefined) return undefined;
  return { family: 6, value: v6, text: v6Text(v6), ...(zone !== undefined ? { zone } : {}) };
}

/** An IPv4-mapped IPv6 address (`::ffff:a.b.c.d`) as the IPv4 address it is; any other as is. */
export function unmapIp(a: IpAddress): IpAddress {
  if (a.family !== 6 || !isMapped(a.value)) return a;
  const value = a.value & 0xffffffffn;
  return { family: 4, value, text: v4Text(value) };
}

/** `address` or `address/prefix` of either family (surrounding blanks ignored); undefined for anything else. */
export function parseIpNet(text: string): IpNet | undefined {
  const [addr = '', len, extra] = text.trim().split('/');
  if (extra !== undefined) return undefined;
  const address = parseIp(addr);
  if (!address) return undefined;
  const max = WIDTH[address.family];
  if (len === undefined) return { address, bits: max };
  const digits = address.family === 4 ? /^\d{1,2}$/ : /^\d{1,3}$/;
  const bits = digits.test(len) ? Number(len) : Number.NaN;
  return bits >= 0 && bits <= max ? { address, bits } : undefined;
}

export const isIpNet = (text: string): boolean => parseIpNet(text) !== undefined;

/** A net read as IPv4 when it lies inside ::ffff:0:0/96 (see the top of the file). */
function unmapNet(n: IpNet): IpNet {
  const address = unmapIp(n.address);
  return address === n.address || n.bits < 96 ? n : { address, bits: n.bits - 96 };
}

/**
 * Whether the address `ip` lies in `net` (a network, or an interface's address with its prefix;
 * one without a prefix is a single host). IPv4-mapped IPv6 addresses count as IPv4, on either
 * side; otherwise addresses of the other family, and texts that are no address or net, are not in it.
 */
export function netContains(net: string, ip: string): boolean {
  const parsedNet = parseIpNet(net);
  const parsedIp = parseIp(ip);
  if (!parsedNet || !parsedIp) return false;
  const n = unmapNet(parsedNet);
  const a = unmapIp(parsedIp);
  if (n.address.family !== a.family) return false;
  const host = BigInt(WIDTH[a.family] - n.bits);
  return n.address.value >> host === a.value >> host;
}

/** How routersh shows an address it read from its connection: an IPv4-mapped one as its IPv4
 *  address (`::ffff:127.0.0.1` → `127.0.0.1`), any other text as written. */
export function showIp(text: string): string {
  const a = parseIp(text);
  return a && a.family === 6 && isMapped(a.value) ? unmapIp(a).text : text;
}

// Canonical forms (moved from features/match-list/input.ts: the change journal compares a list's
// entries as the router stores them too, features/changes/journal/projection.ts).

const DOTTED = /(?:^|:)(\d+)\.(\d+)\.(\d+)\.(\d+)(?:\/|%|$)/;

/**
 * An IPv4 address written with a leading zero in an octet (`010.0.0.1`): some tools read it as
 * octal (8.0.0.1), others as decimal (10.0.0.1). routersh does not guess: the line is refused.
 */
export function leadingZeroOctet(net: string): boolean {
  const m = DOTTED.exec(net);
  return m?.slice(1, 5).some((o) => o.length > 1 && o.startsWith('0')) === true;
}

const v6Full = (v: bigint): string =>
  [112n, 96n, 80n, 64n, 48n, 32n, 16n, 0n].map((s) => ((v >> s) & 0xffffn).toString(16)).join(':');

/** A dotted quad as a feed usually holds it: octets 0–255 without leading zeros, no prefix. */
export const PLAIN_V4 = /^(?:(?:25[0-5]|2[0-4]\d|1\d\d|[1-9]?\d)\.){3}(?:25[0-5]|2[0-4]\d|1\d\d|[1-9]?\d)$/;

/**
 * How routers store a net, so two spellings of one entry compare equal: host bits cleared, a
 * single host without its prefix (`/32`, `/128`), IPv6 as RFC 5952 writes it (lower case,
 * zeros compressed: `2001:DB8:0:0::0001/128` is `2001:db8::1`). Anything else — not an address,
 * a zone id, an octet with a leading zero — is kept as written (equal only to itself).
 */
export function canonicalNet(net: string): string {
  // The common case is its own canonical form: no parse (a 65,536-line feed pays for it).
  if (PLAIN_V4.test(net)) return net;
  if (leadingZeroOctet(net)) return net;
  const n = parseIpNet(net);
  if (!n || n.address.zone !== undefined) return net;
  const width = n.address.family === 4 ? 32 : 128;
  if (n.bits === width) return n.address.text;
  const host = BigInt(width - n.bits);
  const v = (n.address.value >> host) << host;
  const text = n.address.family === 4 ? v4Text(v) : (parseIp(v6Full(v))?.text ?? v6Full(v));
  return `${text}/${n.bits}`;
}
