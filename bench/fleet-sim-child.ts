// A simulated fleet (sim/fleet/) in a process of its own, so a bench measures routersh (or a bare
// loop) against 1,000 routers without their servers in the measured process. argv[2] is JSON
// { routers, inventoryOut, telemetry?, latencyMs? }. Writes the inventory (0600 password files
// beside it) and prints one JSON line { inventory, telemetry?, routers: [{ name, url, user,
// passwordFile }], ms } (ms: the start-up); on SIGUSR2 a line { rss, maxRss } in bytes; ends on
// SIGTERM.
import { startFleetSim } from '../sim/fleet/index.js';

const o = JSON.parse(process.argv[2] ?? '{}') as {
  routers: number;
  inventoryOut: string;
  telemetry?: boolean;
  latencyMs?: number;
};
const t0 = performance.now();
const fleet = await startFleetSim({ routers: o.routers, host: '127.0.0.1', telemetry: o.telemetry === true });
if (o.latencyMs) for (const r of fleet.routers) r.sim.faults.set({ latencyMs: o.latencyMs });
const { file } = fleet.writeInventory(o.inventoryOut);
const line = (v: unknown) => process.stdout.write(`${JSON.stringify(v)}\n`);
line({
  inventory: file,
  ...(fleet.telemetry ? { telemetry: { url: fleet.telemetry.url, key: fleet.telemetry.keys.demo } } : {}),
  routers: fleet.routers.map((r) => ({
    name: r.name,
    url: r.url,
    user: r.user,
    passwordFile: r.passwordFile,
  })),
  ms: Math.round(performance.now() - t0),
});
process.on('SIGUSR2', () =>
  line({ rss: process.memoryUsage().rss, maxRss: process.resourceUsage().maxRSS * 1024 }),
);
const stop = () => {
  setTimeout(() => process.exit(0), 2000).unref();
  void fleet.close().then(() => process.exit(0));
};
process.on('SIGTERM', stop);
process.on('SIGINT', stop);
