// Log message templates per service. Each template takes uniform numbers and, when it is about
// a customer, the customer; the customer's id lands in the customer_id field too.
import type { Customer, Incident } from './profile.js';

export type Level = 'info' | 'warning' | 'error' | 'debug';

export interface Template {
  service: string;
  level: Level;
  weight: number;
  /** True when the message is about a customer. */
  customer: boolean;
  msg(r: (i: number) => number, c: Customer): string;
}

const int = (r: number, lo: number, hi: number) => lo + Math.floor(r * (hi - lo + 1));
const mac = (r: (i: number) => number) =>
  [0, 1, 2, 3, 4, 5]
    .map((i) =>
      int(r(20 + i), 0, 255)
        .toString(16)
        .padStart(2, '0'),
    )
    .join(':');
const ext = (r: (i: number) => number) => `203.0.113.${int(r(30), 1, 254)}`;
const custIp = (c: Customer, r: (i: number) => number) =>
  c.prefix.includes('/') ? c.prefix.replace(/\.0\/\d+$/, `.${int(r(31), 2, 60)}`) : c.prefix;
const peer = (r: (i: number) => number) => `192.0.2.${int(r(32), 1, 4)}`;

export const TEMPLATES: Template[] = [
  {
    service: 'bras',
    level: 'info',
    weight: 14,
    customer: true,
    msg: (r, c) => `PPPoE session up for customer ${c.id} prefix ${c.prefix} on ge-0/0/${int(r(1), 0, 7)}`,
  },
  {
    service: 'bras',
    level: 'info',
    weight: 8,
    customer: true,
    msg: (r, c) => `session ${int(r(1), 10000, 99999)} for customer ${c.id} terminated: idle-timeout`,
  },
  {
    service: 'bras',
    level: 'info',
    weight: 5,
    customer: true,
    msg: (r, c) =>
      `shaper ${c.shaperId} applied ${[50, 100, 250, 500, 1000][int(r(1), 0, 4)]} Mbit/s to customer ${c.id}`,
  },
  {
    service: 'bras',
    level: 'debug',
    weight: 3,
    customer: true,
    msg: (_r, c) => `RADIUS accounting interim update for customer ${c.id}`,
  },
  {
    service: 'nat',
    level: 'info',
    weight: 10,
    customer: true,
    msg: (r, c) => {
      const p = int(r(1), 2, 120) * 512;
      return `port block ${p}-${p + 511} allocated to customer ${c.id}`;
    },
  },
  {
    service: 'nat',
    level: 'info',
    weight: 5,
    customer: false,
    msg: (r) => `NAT pool pool-${int(r(1), 1, 3)} usage ${int(r(2), 20, 80)}%`,
  },
  {
    service: 'nat',
    level: 'warning',
    weight: 1,
    customer: false,
    msg: (r) => `NAT pool pool-${int(r(1), 1, 3)} usage ${int(r(2), 86, 95)}% above the 85% threshold`,
  },
  {
    service: 'firewall',
    level: 'info',
    weight: 12,
    customer: true,
    msg: (r, c) =>
      `accept tcp ${ext(r)}:443 -> ${custIp(c, r)}:${int(r(1), 1024, 65535)} rule allow-established`,
  },
  {
    service: 'firewall',
    level: 'warning',
    weight: 6,
    customer: true,
    msg: (r, c) =>
      `deny tcp ${ext(r)}:${int(r(1), 1024, 65535)} -> ${custIp(c, r)}:${[22, 23, 445, 3389][int(r(2), 0, 3)]} rule block-inbound`,
  },
  {
    service: 'firewall',
    level: 'debug',
    weight: 2,
    customer: false,
    msg: (r) => `conntrack table usage ${int(r(1), 20000, 90000)} entries`,
  },
  {
    service: 'dhcp',
    level: 'info',
    weight: 8,
    customer: true,
    msg: (r, c) => `DHCPACK ${custIp(c, r)} to ${mac(r)} for customer ${c.id}`,
  },
  {
    service: 'dhcp',
    level: 'debug',
    weight: 5,
    customer: false,
    msg: (r) => `DHCPDISCOVER from ${mac(r)} via ge-0/0/${int(r(1), 0, 7)}`,
  },
  {
    service: 'dhcp',
    level: 'info',
    weight: 2,
    customer: false,
    msg: (r) => `lease 100.66.${int(r(1), 1, 3)}.${int(r(2), 2, 250)} expired for ${mac(r)}`,
  },
  {
    service: 'bgp',
    level: 'info',
    weight: 3,
    customer: false,
    msg: (r) => `keepalive received from neighbor ${peer(r)}`,
  },
  {
    service: 'bgp',
    level: 'info',
    weight: 1,
    customer: false,
    msg: (r) => `neighbor ${peer(r)} prefix count ${int(r(1), 900000, 960000)}`,
  },
  {
    service: 'bgp',
    level: 'warning',
    weight: 0.4,
    customer: false,
    msg: (r) => `neighbor ${peer(r)} hold timer ${int(r(1), 5, 20)}s from expiry`,
  },
  {
    service: 'bgp',
    level: 'error',
    weight: 0.1,
    customer: false,
    msg: (r) => `neighbor ${peer(r)} session reset: hold timer expired`,
  },
  {
    service: 'system',
    level: 'info',
    weight: 4,
    customer: false,
    msg: (r) => `ntp synchronized to 192.0.2.123 offset ${(r(1) * 4 - 2).toFixed(3)} ms`,
  },
  {
    service: 'system',
    level: 'debug',
    weight: 5,
    customer: false,
    msg: (r) => `cpu core ${int(r(1), 0, 3)} load ${int(r(2), 5, 70)}%`,
  },
  {
    service: 'system',
    level: 'info',
    weight: 0.5,
    customer: false,
    msg: (r) => `configuration committed by admin: ${int(r(1), 1, 9)} changes`,
  },
  {
    service: 'system',
    level: 'warning',
    weight: 0.4,
    customer: false,
    msg: (r) => `fan ${int(r(1), 1, 4)} speed ${int(r(2), 1800, 2400)} rpm below threshold`,
  },
  {
    service: 'system',
    level: 'error',
    weight: 0.1,
    customer: false,
    msg: () => 'disk /var/log usage 91% above the 90% threshold',
  },
];

/** A message about an incident: the same customer, prefix and drop rate the metrics show. */
export function incidentMessage(
  inc: Incident,
  r: (i: number) => number,
): { service: string; level: Level; msg: string } {
  const c = inc.customer;
  const drops = Math.round(inc.severity * 0.15 * c.pktsDown * (0.8 + 0.4 * r(1)));
  const kind = r(2);
  if (kind < 0.45) {
    return {
      service: 'bras',
      level: 'warning',
      msg: `drops rising for customer ${c.id} prefix ${c.prefix}: ${drops} pkts/s dropped on shaper ${c.shaperId}`,
    };
  }
  if (kind < 0.8) {
    return {
      service: 'bras',
      level: 'error',
      msg: `queue overflow on shaper ${c.shaperId}: customer ${c.id} prefix ${c.prefix} dropped ${drops * 10} packets`,
    };
  }
  return {
    service: 'system',
    level: 'warning',
    msg: `high packet loss towards ${c.prefix} (customer ${c.id}): ${(inc.severity * 15).toFixed(1)}%`,
  };
}
