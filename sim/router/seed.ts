// Seeded state for tests and benches at size (issue 38): generated interfaces and a match-list
// of many members, added to the demo state without any request, so 10,000 interfaces and 65,536
// members are there in milliseconds. Deterministic: the same seed gives the same configuration.
import { MAX_ELEMENTS, MatchList } from './match-list.js';
import type { Interface, RouterState } from './state.js';

export interface RouterSeed {
  /** Adds this many interfaces after the router's own ethN (eth2 … eth(N+1) on the default tree). */
  interfaces?: number;
  /** The list (created, key net, timeout 3600, if absent) holds exactly `count` members. */
  members?: { list: string; count: number };
}

/** Far above any bench, low enough that a typo (1e9) is refused, not a machine filled. */
export const MAX_SEED_INTERFACES = 1_000_000;

function count(n: number, max: number, what: string): number {
  if (!Number.isInteger(n) || n < 0 || n > max) throw new RangeError(`${what} must be 0-${max}, not ${n}`);
  return n;
}

/** Interface k: an address of its own, MTU 9000 on every third, a description on every fourth. */
export function seededInterface(k: number, now: number): Interface {
  const address = `${10 + (k >> 16)}.${(k >> 8) & 255}.${k & 255}.1/24`;
  return {
    name: `eth${k}`,
    mtu: k % 3 === 0 ? 9000 : 1500,
    addresses: [address],
    shutdown: false,
    createdAt: now - 86_400_000,
    ...(k % 4 === 0 ? { description: `seeded port ${k}` } : {}),
  };
}

/** Member i: 100.64.0.0 + i (distinct for every i below the list's capacity). */
export const seededMember = (i: number): string => `100.${64 + (i >> 16)}.${(i >> 8) & 255}.${i & 255}`;

export function applySeed(state: RouterState, seed: RouterSeed, now: number): void {
  const n = count(seed.interfaces ?? 0, MAX_SEED_INTERFACES, 'seed.interfaces');
  let first = 0;
  for (const name of state.interfaces.keys()) {
    const m = /^eth(\d+)$/.exec(name);
    if (m) first = Math.max(first, Number(m[1]) + 1);
  }
  for (let k = first; k < first + n; k++) {
    const i = seededInterface(k, now);
    state.interfaces.set(i.name, i);
  }
  if (!seed.members) return;
  const { list: name } = seed.members;
  const members = count(seed.members.count, MAX_ELEMENTS, 'seed.members.count');
  const old = state.matchLists.get(name);
  const list = new MatchList(name, old?.timeout ?? 3600, old?.key ?? 'net');
  const net = list.key === 'net';
  list.seedFresh(
    Array.from({ length: members }, (_, i) =>
      net ? { net: seededMember(i) } : { net: seededMember(i), port: '443', protocol: 'tcp' },
    ),
    now,
  );
  state.matchLists.set(name, list);
}
