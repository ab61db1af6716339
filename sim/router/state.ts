// The router's mutable configuration. Each simulator instance owns one, seeded with a small
// realistic setup so a demo has something to look at.
import { MatchList } from './match-list.js';
import type { ShapedState } from './tree-shaped/state.js';

export interface Interface {
  name: string;
  description?: string;
  mtu: number;
  addresses: string[];
  shutdown: boolean;
  createdAt: number;
  /** When shut down: counters stop growing here. */
  downAt?: number;
  /** Its own link address (a fleet's routers each have theirs); default: derived from the name. */
  mac?: string;
}

export interface User {
  name: string;
  /** Absent for token-only users. Never returned by any read. */
  password?: string;
  tokenExpiration: number;
}

export interface ForwardRule {
  num: number;
  action?: 'DROP' | 'ACCEPT' | 'REJECT';
  matchList?: string;
  src: boolean;
  dst: boolean;
}

export interface Route {
  dest: string;
  via: string;
}

export const DEFAULT_TOKEN_EXPIRATION = 1800;
export const DEFAULT_MTU = 1500;

export interface RouterState {
  hostname: string;
  bootAt: number;
  interfaces: Map<string, Interface>;
  users: Map<string, User>;
  matchLists: Map<string, MatchList>;
  rules: Map<number, ForwardRule>;
  routes: Route[];
  /** The shaped variant's own configuration (tree-shaped/); absent on the other variants. */
  shaped?: ShapedState;
}

export function seedState(now: number): RouterState {
  const iface = (name: string, mtu: number, addresses: string[], description?: string): Interface => ({
    name,
    mtu,
    addresses,
    shutdown: false,
    // Pretend the box has been up for a while so counters are not all zero.
    createdAt: now - 3 * 86_400_000,
    ...(description ? { description } : {}),
  });
  const blacklist = new MatchList('blacklist', 3600, 'net');
  blacklist.add({ net: '203.0.113.7' }, now - 120_000);
  blacklist.add({ net: '198.51.100.0/24' }, now - 600_000);
  return {
    hostname: 'router',
    bootAt: now - (3 * 86_400 + 4 * 3600 + 12 * 60) * 1000,
    interfaces: new Map([
      ['eth0', iface('eth0', DEFAULT_MTU, ['10.0.0.1/24'], 'uplink')],
      ['eth1', iface('eth1', DEFAULT_MTU, ['192.168.1.1/24'], 'lan')],
      ['lo', iface('lo', 65536, ['127.0.0.1/8'])],
    ]),
    users: new Map<string, User>([
      ['admin', { name: 'admin', password: 'admin', tokenExpiration: DEFAULT_TOKEN_EXPIRATION }],
      ['operator', { name: 'operator', password: 'operator', tokenExpiration: DEFAULT_TOKEN_EXPIRATION }],
      ['automation', { name: 'automation', tokenExpiration: DEFAULT_TOKEN_EXPIRATION }],
    ]),
    matchLists: new Map([['blacklist', blacklist]]),
    rules: new Map([[10, { num: 10, action: 'DROP', matchList: 'blacklist', src: true, dst: false }]]),
    routes: [{ dest: '0.0.0.0/0', via: '10.0.0.254' }],
  };
}

/** How many forward rules name the list. */
export function referencedCount(state: RouterState, list: string): number {
  let n = 0;
  for (const r of state.rules.values()) if (r.matchList === list) n++;
  return n;
}
