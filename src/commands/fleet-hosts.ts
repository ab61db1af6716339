// The hosts a fleet command runs on: the inventory (-i, ROUTERSH_INVENTORY, a profile's
// `inventory`) read by features/fleet/inventory and --limit applied.
import type { Flags } from '../config/flags.js';
import type { CommandIo } from '../contract/command-io.js';
import type { FleetHost } from '../contract/fleet.js';

export async function fleetHosts(flags: Flags, io: CommandIo, signal?: AbortSignal): Promise<FleetHost[]> {
  const { loadInventory, selectHosts } = await import('../features/fleet/inventory/index.js');
  const inventory = await loadInventory({ env: io.env, flags, ...(signal ? { signal } : {}) });
  return await selectHosts(inventory, flags.fleet?.limit);
}
