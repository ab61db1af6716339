// The fleet for the fleet Tab bench (bench/fleet-tab-bench.ts), in its own process: N simulated
// routers (sim/fleet, distinct interfaces per router) and the Ansible YAML inventory naming them.
// Prints one JSON line with the inventory's path. Usage: node --import tsx bench/fleet-tab-sim.ts N DIR
import { join } from 'node:path';
import { startFleetSim } from '../sim/fleet/index.js';

if (process.argv[1]?.endsWith('fleet-tab-sim.ts')) {
  const n = Number(process.argv[2]);
  const fleet = await startFleetSim({ routers: n, host: '127.0.0.1' });
  const { file } = fleet.writeInventory(join(process.argv[3] ?? '.', 'fleet.yml'));
  process.stdout.write(`${JSON.stringify({ inventory: file })}\n`);
  const stop = () => {
    setTimeout(() => process.exit(0), 300).unref();
    void fleet.close().then(() => process.exit(0));
  };
  process.on('SIGTERM', stop);
  process.on('SIGINT', stop);
}
