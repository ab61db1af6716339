// Entries a threat feed hardly means: a network far broader than a blocklist entry (0.0.0.0/0
// would drop everything), or one covering routersh's own address (it would cut routersh off
// the router it is feeding). Refused unless the flag named for it is given; `--yes` does not count.
import { netContains, PLAIN_V4, parseIpNet, showIp, unmapIp } from '../../lang/ip.js';

/** The shortest prefix an entry may have without --allow-broad: /8 for IPv4, /32 for IPv6. */
export const BROADEST = { 4: 8, 6: 32 } as const;

export interface Allow {
  /** --allow-broad */
  broad: boolean;
  /** --allow-own-address */
  ownAddress: boolean;
}

/** The prefix of `net` as its family reads it (an IPv4-mapped IPv6 net as the IPv4 net it is). */
function familyBits(net: string): { family: 4 | 6; bits: number } | undefined {
  const n = parseIpNet(net);
  if (!n) return undefined;
  const a = unmapIp(n.address);
  if (a !== n.address && n.bits >= 96) return { family: 4, bits: n.bits - 96 };
  return { family: n.address.family, bits: n.bits };
}

/**
 * Why `net` is refused, or undefined. `own` is routersh's address on its connection to the
 * router (undefined before a request was made: then that rule cannot be judged).
 */
export function refusal(net: string, own: string | undefined, allow: Allow): string | undefined {
  // A plain dotted quad (the common feed line) is one host: never broad, and it covers only itself.
  if (PLAIN_V4.test(net)) {
    const mine = own !== undefined && shownOwn(own) === net;
    return !allow.ownAddress && mine ? ownRefusal(net, own) : undefined;
  }
  const f = familyBits(net);
  if (!f) return undefined;
  const limit = BROADEST[f.family];
  if (!allow.broad && f.bits < limit) {
    return `${net} is broader than /${limit} (IPv${f.family}): it would block far more than a feed means to (--allow-broad sends it)`;
  }
  if (!allow.ownAddress && own !== undefined && netContains(net, own)) {
    return ownRefusal(net, own);
  }
  return undefined;
}

/** `own` as shown (an IPv4-mapped address as IPv4), parsed once per run, not per entry. */
let lastOwn: { own: string; shown: string } | undefined;
function shownOwn(own: string): string {
  if (lastOwn?.own !== own) lastOwn = { own, shown: showIp(own) };
  return lastOwn.shown;
}

const ownRefusal = (net: string, own: string) =>
  `${net} covers routersh's own address ${showIp(own)}: it could cut routersh off the router (--allow-own-address sends it)`;
