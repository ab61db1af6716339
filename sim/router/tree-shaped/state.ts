// The shaped router's own configuration (what the default tree has no place for). Interfaces,
// the host name and the users stay in RouterState: auth and seeding work on both trees.
import { bad } from '../api-error.js';
import type { Interface, RouterState } from '../state.js';
import type { Ctx } from '../tree/types.js';

export interface StaticRoute {
  /** next-hop address → its distance (absent: the default). */
  nextHops: Map<string, number | undefined>;
  blackhole: boolean;
}

export interface Community {
  authorization: 'ro' | 'rw';
  clients: string[];
}

export interface NatRule {
  sourceAddresses: string[];
  translationAddress?: string;
  outboundInterface?: string;
  description?: string;
  log: boolean;
}

export interface PortForward {
  protocol: 'tcp' | 'udp';
  port: string;
  to: string;
  toPort?: string;
}

export interface ShapedState {
  domainName?: string;
  nameServers: string[];
  routes: Map<string, StaticRoute>;
  /** name (a secret the router shows in SetValues) → what it may do. */
  communities: Map<string, Community>;
  contact?: string;
  location?: string;
  natRules: Map<number, NatRule>;
  /** `protocol/port` → the forward: an entry identified by two Key options. */
  forwards: Map<string, PortForward>;
}

export const SHAPED_HOSTNAME = 'edge-1';

export const forwardId = (protocol: string, port: string): string => `${protocol}/${port}`;

export function seedShaped(state: RouterState, now: number): void {
  const iface = (name: string, addresses: string[], extra: Partial<Interface> = {}): Interface => ({
    name,
    mtu: 1500,
    addresses,
    shutdown: false,
    createdAt: now - 86_400_000,
    ...extra,
  });
  state.hostname = SHAPED_HOSTNAME;
  state.interfaces = new Map([
    ['eth0', iface('eth0', ['192.0.2.1/24'], { description: 'WAN uplink' })],
    ['eth1', iface('eth1', ['10.1.0.1/24', '10.1.1.1/24'], { description: 'LAN', mtu: 9000 })],
    ['eth2', iface('eth2', [], { description: 'spare', shutdown: true, downAt: now - 3_600_000 })],
  ]);
  state.shaped = {
    domainName: 'example.net',
    nameServers: ['192.0.2.53', '198.51.100.53'],
    routes: new Map([
      ['0.0.0.0/0', { nextHops: new Map([['192.0.2.254', 1]]), blackhole: false }],
      [
        '10.20.0.0/16',
        {
          nextHops: new Map([
            ['10.1.0.2', 10],
            ['10.1.0.3', undefined],
          ]),
          blackhole: false,
        },
      ],
      ['203.0.113.0/24', { nextHops: new Map(), blackhole: true }],
    ]),
    communities: new Map([
      ['Pr1vate-c0mm', { authorization: 'rw', clients: ['10.1.0.50', '10.1.0.51'] }],
      ['public', { authorization: 'ro', clients: [] }],
    ]),
    contact: 'noc@example.net',
    location: 'rack 4, row B',
    natRules: new Map([
      [
        100,
        {
          sourceAddresses: ['10.1.0.0/24', '10.1.1.0/24'],
          translationAddress: '192.0.2.1',
          outboundInterface: 'eth0',
          description: 'LAN out',
          log: true,
        },
      ],
      [200, { sourceAddresses: ['10.20.0.0/16'], outboundInterface: 'eth0', log: false }],
    ]),
    forwards: new Map([
      [forwardId('tcp', '443'), { protocol: 'tcp', port: '443', to: '10.1.0.10', toPort: '8443' }],
      [forwardId('udp', '51820'), { protocol: 'udp', port: '51820', to: '10.1.0.11' }],
    ]),
  };
}

/** The shaped state of a request (only the shaped tree's handlers ask). */
export function shaped(c: Ctx): ShapedState {
  if (!c.state.shaped) throw bad('This router has no such configuration');
  return c.state.shaped;
}
