// `interfaces ethernet <ethN>` with a multi-value `address`, `description`, `mtu` and the Token
// flag `disable` (VyOS-like words where the default tree has `interface`).
import { bad } from '../api-error.js';
import { IP4NET_RE } from '../net.js';
import { DEFAULT_MTU, type Interface } from '../state.js';
import { IF_RE, NUM_RE, STR_RE, arg, numberIn, token, value } from '../tree/helpers.js';
import { ifCounters } from '../tree/interface.js';
import type { Ctx, NodeDef } from '../tree/types.js';

function iface(c: Ctx): Interface {
  const name = arg(c, 'ifname');
  const i = c.state.interfaces.get(name);
  if (!i) throw bad(`Interface ${name} does not exist`);
  return i;
}

const maybe = (c: Ctx): Interface | undefined => c.state.interfaces.get(c.args['ifname'] ?? '');

/** A single-value leaf: `WORD <value>`, SET replaces, DELETE on either node clears. */
function leaf(
  word: string,
  description: string,
  v: {
    help: string;
    re: string;
    get: (i: Interface) => string | undefined;
    set: (i: Interface, s: string) => void;
  },
  clear: (i: Interface) => void,
): NodeDef {
  const unset = (c: Ctx) => {
    clear(iface(c));
    return `${word} of ${arg(c, 'ifname')} cleared`;
  };
  return token(word, description, {
    unset,
    children: [
      value(v.help === '<num>' ? '%NUM' : '%STR', word, v.help, v.re, description, {
        setValues: (c) => {
          const i = maybe(c);
          const got = i && v.get(i);
          return got === undefined ? null : { values: [got] };
        },
        set: (c) => {
          v.set(iface(c), arg(c, word));
          return `${word} of ${arg(c, 'ifname')} set`;
        },
        unset,
      }),
    ],
  });
}

const address = token('address', 'IPv4 addresses (several)', {
  children: [
    value('%IP4NET', 'addr', '<x.x.x.x/x>', IP4NET_RE, 'Address with prefix length', {
      multiValue: true,
      setValues: (c) => {
        const a = maybe(c)?.addresses ?? [];
        return a.length ? { values: [...a] } : null;
      },
      set: (c) => {
        const i = iface(c);
        const a = arg(c, 'addr');
        if (!i.addresses.includes(a)) i.addresses.push(a);
        return `address ${a} on ${i.name}`;
      },
      unset: (c) => {
        const i = iface(c);
        const at = i.addresses.indexOf(arg(c, 'addr'));
        if (at < 0) throw bad(`Address ${arg(c, 'addr')} is not configured on ${i.name}`);
        i.addresses.splice(at, 1);
        return `address ${arg(c, 'addr')} removed from ${i.name}`;
      },
    }),
  ],
});

const disable = token('disable', 'Administratively down (a flag)', {
  setValues: (c) => (maybe(c)?.shutdown ? { values: ['disable'] } : null),
  set: (c) => {
    const i = iface(c);
    if (!i.shutdown) Object.assign(i, { shutdown: true, downAt: c.now });
    return `${i.name} disabled`;
  },
  unset: (c) => {
    const i = iface(c);
    i.shutdown = false;
    delete i.downAt;
    return `${i.name} enabled`;
  },
});

const ethernet = token('ethernet', 'Ethernet interfaces', {
  show: (c) => ({
    format: 'table',
    output: [...c.state.interfaces.values()].map((i) => ({
      Interface: i.name,
      'IP Address': i.addresses.join(' ') || '-',
      'S/L': i.shutdown ? 'A/D' : 'u/u',
      Description: i.description ?? '',
      'RX packets': ifCounters(i, c.now).rxPackets,
    })),
  }),
  children: [
    value('%IF', 'ifname', '<ethN>', IF_RE, 'Interface name', {
      multiValue: true,
      setValues: (c) => ({ values: [...c.state.interfaces.keys()] }),
      set: (c) => {
        const name = arg(c, 'ifname');
        if (!c.state.interfaces.has(name)) {
          c.state.interfaces.set(name, {
            name,
            mtu: DEFAULT_MTU,
            addresses: [],
            shutdown: false,
            createdAt: c.now,
          });
        }
        return `ethernet ${name}`;
      },
      unset: (c) => {
        c.state.interfaces.delete(iface(c).name);
        return `ethernet ${arg(c, 'ifname')} deleted`;
      },
      children: [
        address,
        leaf(
          'description',
          'Free text',
          {
            help: '<str>',
            re: STR_RE,
            get: (i) => i.description,
            set: (i, s) => {
              i.description = s;
            },
          },
          (i) => {
            delete i.description;
          },
        ),
        leaf(
          'mtu',
          'Maximum transmission unit, 68-9216 (default 1500)',
          {
            help: '<num>',
            re: NUM_RE,
            get: (i) => (i.mtu === DEFAULT_MTU ? undefined : String(i.mtu)),
            set: (i, s) => {
              i.mtu = numberIn(s, 68, 9216, 'MTU');
            },
          },
          (i) => {
            i.mtu = DEFAULT_MTU;
          },
        ),
        disable,
      ],
    }),
  ],
});

export const interfacesNode: NodeDef = token('interfaces', 'Network interfaces', { children: [ethernet] });
