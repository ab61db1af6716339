// Series for a simulated fleet (sim/fleet/, issue 39): per router, labelled `router` = its
// hostname, so a gate like `up{router=~"edge-0[1-3]"} == 0` means something. `up` is live: 0
// while the router's faults fail or hang its requests; the other series are synthetic like the
// rest of the store (pure functions of time and the router's index).
import { rand } from './hash.js';
import { ORIGIN_MS, type SeriesData } from './metrics-gen.js';

export interface FleetSeriesRouter {
  readonly name: string;
  /** Whether the router answers now (false while a fault fails or hangs its requests). */
  up(): boolean;
}

export const FLEET_METRIC_NAMES = ['up', 'router_cpu_percent', 'router_rx_bytes'] as const;

const TAU = 2 * Math.PI;

export function fleetSeries(routers: readonly FleetSeriesRouter[], seed: number): SeriesData[] {
  const out: SeriesData[] = [];
  routers.forEach((r, i) => {
    const router = r.name;
    const psi = TAU * rand(seed, 0, i, 0, 300);
    // A router's traffic in bytes/s: one of a few sizes, so top-k queries have a shape.
    const rate = 1e6 * (1 + Math.floor(rand(seed, 0, i, 0, 301) * 8));
    out.push(
      { labels: { __name__: 'up', router }, counter: false, at: () => (r.up() ? 1 : 0) },
      {
        labels: { __name__: 'router_cpu_percent', router },
        counter: false,
        at: (t) => Math.round((30 + 20 * Math.sin((TAU * t) / 3_600_000 + psi)) * 10) / 10,
      },
      {
        labels: { __name__: 'router_rx_bytes', router },
        counter: true,
        // Monotonic: a constant rate plus a bounded ripple whose slope never exceeds it.
        at: (t) =>
          Math.floor(rate * ((t - ORIGIN_MS) / 1000 + (60 / TAU) * 0.5 * Math.sin((TAU * t) / 60_000 + psi))),
      },
    );
  });
  return out;
}
