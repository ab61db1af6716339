// The names, groups and own configuration of a simulated fleet's routers, from their index
// alone (pure, deterministic): edges and a core per ten, split over two sites, so Ansible
// patterns like `edge:&dc1:!edge-03` select something worth selecting.
import type { Interface, RouterState } from '../router/state.js';

/** Far above any bench (1,000), low enough that a typo is refused, not a machine filled. */
export const MAX_FLEET_ROUTERS = 10_000;

export interface FleetMember {
  readonly index: number;
  /** `edge-01`, `core-01`: the router's hostname and its inventory name. */
  readonly name: string;
  /** Its role group first (`edge` or `core`), then its site (`dc1` or `dc2`). */
  readonly groups: readonly [string, string];
}

/** The fleet's groups in the order an inventory lists them. */
export const FLEET_GROUPS = ['edge', 'core', 'dc1', 'dc2'] as const;

/** N members: the edges first, then the cores (one per ten routers, none below three). */
export function fleetMembers(n: number): FleetMember[] {
  if (!Number.isInteger(n) || n < 1 || n > MAX_FLEET_ROUTERS)
    throw new RangeError(`routers must be 1-${MAX_FLEET_ROUTERS}, not ${n}`);
  const cores = n >= 3 ? Math.max(1, Math.floor(n / 10)) : 0;
  const edges = n - cores;
  const width = Math.max(2, String(edges).length);
  const member = (index: number, role: string, k: number): FleetMember => ({
    index,
    name: `${role}-${String(k).padStart(width, '0')}`,
    groups: [role, k % 2 === 1 ? 'dc1' : 'dc2'],
  });
  const out: FleetMember[] = [];
  for (let k = 1; k <= edges; k++) out.push(member(out.length, 'edge', k));
  for (let k = 1; k <= cores; k++) out.push(member(out.length, 'core', k));
  return out;
}

/** Members named by the caller (a class's trainees), in order: each an edge, sites alternating. */
export function namedMembers(names: readonly string[], n: number): FleetMember[] {
  if (names.length !== n) throw new RangeError(`names: ${names.length} for ${n} routers`);
  if (n < 1 || n > MAX_FLEET_ROUTERS)
    throw new RangeError(`routers must be 1-${MAX_FLEET_ROUTERS}, not ${n}`);
  if (new Set(names).size !== n) throw new RangeError('names: each router a name of its own');
  return names.map((name, index) => ({ index, name, groups: ['edge', index % 2 === 0 ? 'dc1' : 'dc2'] }));
}

const hex = (n: number) => (n & 255).toString(16).padStart(2, '0');

/** Router i's interface: a MAC of its own, up for a number of days of its own (counters differ). */
const ifaceOf =
  (i: number, now: number) =>
  (name: string, mtu: number, address: string, description?: string): Interface => ({
    name,
    mtu,
    addresses: [address],
    shutdown: false,
    createdAt: now - (1 + (i % 7)) * 86_400_000,
    mac: `52:54:${hex(i >> 8)}:${hex(i)}:00:${hex(Number(name.replace(/\D/g, '')))}`,
    ...(description ? { description } : {}),
  });

/**
 * The member's own configuration over the demo state: its hostname, addresses of its own on
 * eth0/eth1, MTU 9000 on every third, downlinks on the cores and an eth7 on every fifth edge
 * (so completion across the fleet has interfaces only some routers have).
 */
export function prepareMember(m: FleetMember, state: RouterState, now: number): void {
  const i = m.index;
  const [role, site] = m.groups;
  state.hostname = m.name;
  const at = (base: number) => `${base + (i >> 8)}.${i & 255}`;
  const iface = ifaceOf(i, now);
  state.interfaces.set('eth0', iface('eth0', 1500, `10.${at(1)}.1/24`, `uplink ${site}`));
  state.interfaces.set('eth1', iface('eth1', i % 3 === 0 ? 9000 : 1500, `172.${at(16)}.1/24`, 'lan'));
  if (role === 'core') {
    for (let k = 2; k <= 5; k++)
      state.interfaces.set(`eth${k}`, iface(`eth${k}`, 9000, `10.${at(100)}.${k}/31`, 'downlink'));
  } else if (i % 5 === 0) {
    state.interfaces.set('eth7', iface('eth7', 1500, `192.0.2.${(i % 250) + 1}/32`, 'peering'));
  }
  state.routes = [{ dest: '0.0.0.0/0', via: `10.${at(1)}.254` }];
}
