// `interface <%IF>` with description, mtu, ip address (several) and shutdown.
import { bad } from '../api-error.js';
import { IP4NET_RE, hash32 } from '../net.js';
import { DEFAULT_MTU, type Interface } from '../state.js';
import { IF_RE, NUM_RE, STR_RE, arg, numberIn, token, value } from './helpers.js';
import type { Ctx, NodeDef } from './types.js';

function iface(c: Ctx): Interface {
  const name = arg(c, 'ifname');
  const i = c.state.interfaces.get(name);
  if (!i) throw bad(`Interface ${name} does not exist`);
  return i;
}

const maybeIface = (c: Ctx): Interface | undefined => c.state.interfaces.get(c.args['ifname'] ?? '');

/** Synthetic counters that grow while the interface is up. */
export function ifCounters(i: Interface, now: number) {
  const secs = Math.max(0, ((i.downAt ?? now) - i.createdAt) / 1000);
  const h = hash32(i.name);
  const rate = i.name === 'lo' ? 2 : 20 + (h % 80);
  const rxPackets = Math.floor(secs * rate);
  const txPackets = Math.floor(secs * rate * 0.8);
  return { rxPackets, txPackets, rxBytes: rxPackets * 612, txBytes: txPackets * 388 };
}

function detail(i: Interface, now: number): string {
  const c = ifCounters(i, now);
  const flags = i.name === 'lo' ? 'LOOPBACK' : 'BROADCAST,MULTICAST';
  const up = i.shutdown ? '' : ',UP,LOWER_UP';
  const mac =
    i.mac ??
    `52:54:00:${[16, 8, 0].map((s) => ((hash32(i.name) >>> s) & 255).toString(16).padStart(2, '0')).join(':')}`;
  return [
    `${i.name}: <${flags}${up}> mtu ${i.mtu} state ${i.shutdown ? 'DOWN' : 'UP'}`,
    ...(i.description ? [`    description: ${i.description}`] : []),
    `    link/${i.name === 'lo' ? 'loopback 00:00:00:00:00:00' : `ether ${mac}`}`,
    ...i.addresses.map((a) => `    inet ${a}`),
    `    RX: packets ${c.rxPackets} bytes ${c.rxBytes}`,
    `    TX: packets ${c.txPackets} bytes ${c.txBytes}`,
  ].join('\n');
}

const description = token('description', 'Free text describing the interface', {
  unset: (c) => {
    delete iface(c).description;
    return `Description of ${arg(c, 'ifname')} removed`;
  },
  children: [
    value('%STR', 'text', '<str>', STR_RE, 'Description text', {
      setValues: (c) => {
        const d = maybeIface(c)?.description;
        return d ? { values: [d] } : null;
      },
      set: (c) => {
        iface(c).description = arg(c, 'text');
        return `Description of ${arg(c, 'ifname')} set`;
      },
      unset: (c) => {
        delete iface(c).description;
        return `Description of ${arg(c, 'ifname')} removed`;
      },
    }),
  ],
});

const resetMtu = (c: Ctx) => {
  const i = iface(c);
  i.mtu = i.name === 'lo' ? 65536 : DEFAULT_MTU;
  return `MTU of ${i.name} reset to ${i.mtu}`;
};

const mtu = token('mtu', 'Maximum transmission unit in bytes', {
  unset: resetMtu,
  children: [
    value('%NUM', 'mtu', '<num>', NUM_RE, 'MTU, 68-9216', {
      setValues: (c) => {
        const i = maybeIface(c);
        return i ? { values: [String(i.mtu)] } : null;
      },
      set: (c) => {
        const i = iface(c);
        i.mtu = numberIn(arg(c, 'mtu'), 68, 9216, 'MTU');
        return `MTU of ${i.name} set to ${i.mtu}`;
      },
      unset: resetMtu,
    }),
  ],
});

const ipAddress = token('ip', 'IPv4 settings of the interface', {
  children: [
    token('address', 'IPv4 addresses of the interface', {
      children: [
        value('%IP4NET', 'addr', '<x.x.x.x/x>', IP4NET_RE, 'Address with prefix length', {
          multiValue: true,
          setValues: (c) => {
            const a = maybeIface(c)?.addresses ?? [];
            return a.length ? { values: [...a] } : null;
          },
          set: (c) => {
            const i = iface(c);
            const a = arg(c, 'addr');
            if (i.addresses.includes(a)) return `Address ${a} already configured on ${i.name}`;
            i.addresses.push(a);
            return `Address ${a} added to ${i.name}`;
          },
          unset: (c) => {
            const i = iface(c);
            const a = arg(c, 'addr');
            const at = i.addresses.indexOf(a);
            if (at < 0) throw bad(`Address ${a} is not configured on ${i.name}`);
            i.addresses.splice(at, 1);
            return `Address ${a} removed from ${i.name}`;
          },
        }),
      ],
    }),
  ],
});

const shutdown = token('shutdown', 'Administratively disable the interface', {
  // Shown in the metadata like every change the simulator accepts (undo reads it there).
  setValues: (c) => (maybeIface(c)?.shutdown ? { values: ['shutdown'] } : null),
  set: (c) => {
    const i = iface(c);
    if (!i.shutdown) {
      i.shutdown = true;
      i.downAt = c.now;
    }
    return `Interface ${i.name} shut down`;
  },
  unset: (c) => {
    const i = iface(c);
    // Counters resume from where they stopped.
    if (i.shutdown && i.downAt !== undefined) i.createdAt += c.now - i.downAt;
    i.shutdown = false;
    delete i.downAt;
    return `Interface ${i.name} enabled`;
  },
});

/** A reference router's row: cells of every JSON type (the spec only says "table"). */
function referenceRow(i: Interface, k: ReturnType<typeof ifCounters>) {
  return {
    Name: i.name,
    Up: !i.shutdown,
    MTU: i.mtu,
    Addresses: [...i.addresses],
    Counters: { rx_packets: k.rxPackets, tx_packets: k.txPackets },
    Description: i.description ?? null,
  };
}

export const interfaceNode: NodeDef = token('interface', 'Network interfaces', {
  show: (c) => ({
    format: 'table',
    output: [...c.state.interfaces.values()].map((i) => {
      const k = ifCounters(i, c.now);
      if (c.variant === 'reference') return referenceRow(i, k);
      return {
        Name: i.name,
        State: i.shutdown ? 'DOWN' : 'UP',
        MTU: i.mtu,
        Addresses: i.addresses.join(' '),
        'RX packets': k.rxPackets,
        'TX packets': k.txPackets,
      };
    }),
  }),
  children: [
    value('%IF', 'ifname', '<ifname.vlanid>', IF_RE, 'Interface name (a VLAN as name.vlanid)', {
      multiValue: true,
      setValues: (c) => ({ values: [...c.state.interfaces.keys()] }),
      set: (c) => {
        const name = arg(c, 'ifname');
        if (c.state.interfaces.has(name)) return `Interface ${name} already exists, nothing changed`;
        c.state.interfaces.set(name, {
          name,
          mtu: DEFAULT_MTU,
          addresses: [],
          shutdown: false,
          createdAt: c.now,
        });
        return `Interface ${name} created`;
      },
      unset: (c) => {
        const i = iface(c);
        if (i.name === 'lo') throw bad('Interface lo cannot be deleted');
        c.state.interfaces.delete(i.name);
        return `Interface ${i.name} deleted`;
      },
      show: (c) => ({ format: 'text', output: detail(iface(c), c.now) }),
      children: [description, mtu, ipAddress, shutdown],
    }),
  ],
});
