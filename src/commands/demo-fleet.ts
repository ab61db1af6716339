// `routersh --demo --routers N -c ...|-f FILE`: the commands on a simulated fleet in this process,
// as `-i INVENTORY` runs them (the fleet shell is the terminal's: SHELL's). The routers live only
// as long as this process; their password files are removed with them.
import type { Flags } from '../config/flags.js';
import type { CommandIo } from '../contract/command-io.js';
import { type Ending, usageError } from '../errors.js';

export async function runDemoFleetBatch(flags: Flags, io: CommandIo): Promise<Ending> {
  if (flags.fleet?.inventory !== undefined || io.env.ROUTERSH_INVENTORY)
    throw usageError('--demo --routers N is its own inventory: drop -i (or ROUTERSH_INVENTORY)');
  const { startDemoFleet } = await import('../session/demo.js');
  const demo = await startDemoFleet({ routers: flags.fleet?.routers ?? '' });
  try {
    const { selectHosts } = await import('../features/fleet/inventory/index.js');
    const hosts = await selectHosts(demo.inventory, flags.fleet?.limit);
    // The hosts' telemetry is the demo's one service: its key, whatever the environment says.
    const env = { ...io.env, ROUTERSH_TELEMETRY_KEY: demo.telemetryKey };
    const { runFleetBatch } = await import('./fleet-batch.js');
    return await runFleetBatch({ ...flags, demo: false }, { ...io, env }, hosts);
  } finally {
    await demo.close();
  }
}
