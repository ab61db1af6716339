// `protocols static route <net>` with `next-hop <addr>` (option `distance`) and the Token flag
// `blackhole`: four words of nesting below the top (protocols static route X next-hop Y).
import { bad } from '../api-error.js';
import { IP4NET_RE, IP4_RE, canonicalNet } from '../net.js';
import { arg, numOption, numberIn, opt, token, value } from '../tree/helpers.js';
import type { Ctx, NodeDef } from '../tree/types.js';
import { type StaticRoute, shaped } from './state.js';

const maybeRoute = (c: Ctx): StaticRoute | undefined =>
  shaped(c).routes.get(canonicalNet(c.args['dest'] ?? '0.0.0.0/0'));

function route(c: Ctx): StaticRoute {
  const r = maybeRoute(c);
  if (!r) throw bad(`No static route ${arg(c, 'dest')}`);
  return r;
}

/** A next-hop or the blackhole flag set under a route that is not there creates it, as routers do. */
function routeFor(c: Ctx): StaticRoute {
  const dest = canonicalNet(arg(c, 'dest'));
  const routes = shaped(c).routes;
  const r = routes.get(dest) ?? { nextHops: new Map(), blackhole: false };
  routes.set(dest, r);
  return r;
}

const nextHop = token('next-hop', 'Gateways of the route (several)', {
  children: [
    value('%IP4', 'via', '<x.x.x.x>', IP4_RE, 'Gateway address', {
      multiValue: true,
      options: { distance: numOption('Administrative distance, 1-255 (default 1)') },
      setValues: (c) => {
        const hops = [...(maybeRoute(c)?.nextHops ?? [])];
        if (!hops.length) return null;
        return {
          values: hops.map(([via]) => via),
          options: hops.map(([, d]) => (d === undefined ? {} : { distance: [String(d)] })),
        };
      },
      set: (c) => {
        const r = routeFor(c);
        const d = opt(c, 'distance');
        const old = r.nextHops.get(arg(c, 'via'));
        r.nextHops.set(arg(c, 'via'), d === undefined ? old : numberIn(d, 1, 255, 'Distance'));
        return `next-hop ${arg(c, 'via')}`;
      },
      unset: (c) => {
        if (!route(c).nextHops.delete(arg(c, 'via'))) throw bad(`No next-hop ${arg(c, 'via')}`);
        return `next-hop ${arg(c, 'via')} removed`;
      },
    }),
  ],
});

const blackhole = token('blackhole', 'Drop what the route matches (a flag)', {
  setValues: (c) => (maybeRoute(c)?.blackhole ? { values: ['blackhole'] } : null),
  set: (c) => {
    routeFor(c).blackhole = true;
    return 'blackhole';
  },
  unset: (c) => {
    route(c).blackhole = false;
    return 'blackhole removed';
  },
});

const staticNode = token('static', 'Static routing', {
  show: (c) => ({
    format: 'table',
    output: [...shaped(c).routes].flatMap(([dest, r]) => [
      ...[...r.nextHops].map(([via, d]) => ({ Route: dest, 'Next hop': via, Distance: d ?? 1 })),
      ...(r.blackhole ? [{ Route: dest, 'Next hop': 'blackhole', Distance: 1 }] : []),
    ]),
  }),
  children: [
    token('route', 'Static routes', {
      children: [
        value('%IP4NET', 'dest', '<x.x.x.x/x>', IP4NET_RE, 'Destination network', {
          multiValue: true,
          setValues: (c) => {
            const dests = [...shaped(c).routes.keys()];
            return dests.length ? { values: dests } : null;
          },
          set: (c) => {
            const dest = canonicalNet(arg(c, 'dest'));
            const routes = shaped(c).routes;
            if (!routes.has(dest)) routes.set(dest, { nextHops: new Map(), blackhole: false });
            return `route ${dest}`;
          },
          unset: (c) => {
            const dest = canonicalNet(arg(c, 'dest'));
            if (!shaped(c).routes.delete(dest)) throw bad(`No static route ${dest}`);
            return `route ${dest} deleted`;
          },
          children: [nextHop, blackhole],
        }),
      ],
    }),
  ],
});

export const protocolsNode: NodeDef = token('protocols', 'Routing protocols', { children: [staticNode] });
