// `hostname <str>` and static routes `ip route <x.x.x.x/x> via <x.x.x.x>`.
import { bad } from '../api-error.js';
import { IP4NET_RE, IP4_RE, canonicalNet } from '../net.js';
import { arg, token, value } from './helpers.js';
import type { Ctx, NodeDef } from './types.js';

const resetHostname = (c: Ctx) => {
  c.state.hostname = 'router';
  return 'Hostname reset to router';
};

export const hostnameNode: NodeDef = token('hostname', 'Name of the router', {
  show: (c) => ({ format: 'text', output: c.state.hostname }),
  unset: resetHostname,
  children: [
    value('%STR', 'hostname', '<str>', '([A-Za-z0-9][A-Za-z0-9\\-\\.]*)', 'Host name', {
      setValues: (c) => ({ values: [c.state.hostname] }),
      set: (c) => {
        c.state.hostname = arg(c, 'hostname');
        return `Hostname set to ${c.state.hostname}`;
      },
      unset: resetHostname,
    }),
  ],
});

function deleteRoute(c: Ctx): string {
  const dest = canonicalNet(arg(c, 'dest'));
  const via = c.args['via'];
  const before = c.state.routes.length;
  c.state.routes = c.state.routes.filter((r) => r.dest !== dest || (via !== undefined && r.via !== via));
  if (c.state.routes.length === before) throw bad(`No static route to ${dest}${via ? ` via ${via}` : ''}`);
  return `Route to ${dest} deleted`;
}

/** Connected routes come from interface addresses, like the kernel's `proto kernel` routes. */
function routeTable(c: Ctx) {
  const connected = [...c.state.interfaces.values()]
    .filter((i) => !i.shutdown)
    .flatMap((i) => i.addresses.map((a) => ({ dest: canonicalNet(a), iface: i.name })));
  return [
    ...c.state.routes.map((r) => ({
      Destination: r.dest,
      Gateway: r.via,
      Interface: null,
      Protocol: 'static',
    })),
    ...connected.map((r) => ({
      Destination: r.dest,
      Gateway: null,
      Interface: r.iface,
      Protocol: 'connected',
    })),
  ];
}

export const ipNode: NodeDef = token('ip', 'IPv4 routing', {
  children: [
    token('route', 'Static routes', {
      show: (c) => ({ format: 'table', output: routeTable(c) }),
      children: [
        value('%IP4NET', 'dest', '<x.x.x.x/x>', IP4NET_RE, 'Destination network', {
          multiValue: true,
          setValues: (c) => {
            const dests = [...new Set(c.state.routes.map((r) => r.dest))];
            return dests.length ? { values: dests } : null;
          },
          unset: deleteRoute,
          children: [
            token('via', 'Next hop', {
              children: [
                value('%IP4', 'via', '<x.x.x.x>', IP4_RE, 'Gateway address', {
                  setValues: (c) => {
                    const dest = canonicalNet(c.args['dest'] ?? '0.0.0.0/0');
                    const vias = c.state.routes.filter((r) => r.dest === dest).map((r) => r.via);
                    return vias.length ? { values: vias } : null;
                  },
                  set: (c) => {
                    const dest = canonicalNet(arg(c, 'dest'));
                    const via = arg(c, 'via');
                    if (c.state.routes.some((r) => r.dest === dest && r.via === via)) {
                      return `Route to ${dest} via ${via} already exists, nothing changed`;
                    }
                    c.state.routes.push({ dest, via });
                    return `Route to ${dest} via ${via} added`;
                  },
                  unset: deleteRoute,
                }),
              ],
            }),
          ],
        }),
      ],
    }),
  ],
});
