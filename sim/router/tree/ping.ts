// `ping <%IP4>` with the spec's options; SET runs it and answers at once.
import { bad } from '../api-error.js';
import { IP4_RE, canonicalNet, netContains } from '../net.js';
import { pingText } from '../ping-output.js';
import { IF_RE, arg, has, numOption, numberIn, opt, token, value } from './helpers.js';
import type { NodeDef, OptionDef } from './types.js';

const options: Record<string, OptionDef> = {
  size: numOption('Bytes of data in each packet (default 56)'),
  interval: numOption('Seconds between packets (default 1)'),
  count: numOption('Number of packets to send (default 4, at most 100)'),
  interface: {
    valueType: '%IF',
    inputRe: IF_RE,
    help: '<ifname.vlanid>',
    count: 1,
    description: 'Send from this interface',
    inSet: true,
  },
  source: {
    valueType: '%IP4',
    inputRe: IP4_RE,
    help: '<x.x.x.x>',
    count: 1,
    description: 'Source address of the packets',
    inSet: true,
  },
  numeric: { count: 1, description: 'Numeric output only, no name lookups', inSet: true },
};

export const pingNode: NodeDef = token('ping', 'Send ICMP echo requests to a host', {
  options,
  children: [
    value('%IP4', 'target', '<x.x.x.x>', IP4_RE, 'Address to ping', {
      options,
      // Hints: the gateways of static routes and the router's own addresses.
      possibleValues: (c) => [
        ...new Set([
          ...c.state.routes.map((r) => r.via),
          ...[...c.state.interfaces.values()].flatMap((i) => i.addresses.map((a) => a.split('/')[0] ?? a)),
        ]),
      ],
      set: (c) => {
        const ifname = opt(c, 'interface');
        if (ifname !== undefined && !c.state.interfaces.has(ifname)) {
          throw bad(`Interface ${ifname} does not exist`);
        }
        if (ifname !== undefined && c.state.interfaces.get(ifname)?.shutdown) {
          throw bad(`ping: connect: Network is unreachable (interface ${ifname} is shut down)`);
        }
        const count = opt(c, 'count');
        const size = opt(c, 'size');
        const interval = opt(c, 'interval');
        const target = arg(c, 'target');
        const connected = [...c.state.interfaces.values()].some(
          (i) => !i.shutdown && i.addresses.some((a) => netContains(canonicalNet(a), target)),
        );
        return pingText({
          target,
          connected,
          count: count === undefined ? 4 : numberIn(count, 1, 100, 'count'),
          size: size === undefined ? 56 : numberIn(size, 0, 65507, 'size'),
          interval: interval === undefined ? 1 : numberIn(interval, 0, 3600, 'interval'),
          numeric: has(c, 'numeric'),
          source: opt(c, 'source'),
          iface: ifname,
          now: c.now,
        });
      },
    }),
  ],
});
