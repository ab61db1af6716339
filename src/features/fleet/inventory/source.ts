// Where the inventory is, without reading it: -i, else ROUTERSH_INVENTORY, else the `inventory`
// key of the profile in use (relative to the config file's folder). Apart from index.ts so a
// command can ask whether there is one (the -c path) without loading the readers or RE2.
import { dirname, resolve as resolvePath } from 'node:path';
import { configPath } from '../../../config/paths.js';
import { configError } from '../../../errors.js';
import { readProfiles } from './profile-inventory.js';

/** The flags loadInventory reads (a subset of config/flags.ts Flags). */
export interface InventoryFlags {
  router?: string;
  user?: string;
  passwordFile?: string;
  tokenFile?: string;
  profile?: string;
  fleet?: { inventory?: string; limit?: string };
}

export interface InventorySpec {
  /** The inventory (overrides the flags and the environment). */
  file?: string;
  env: NodeJS.ProcessEnv;
  flags: InventoryFlags;
  signal?: AbortSignal;
}

/** Where the inventory is: -i, ROUTERSH_INVENTORY, the profile's `inventory` (relative to the config file). */
export function inventorySource(spec: InventorySpec): string | undefined {
  const given = spec.file ?? spec.flags.fleet?.inventory ?? (spec.env.ROUTERSH_INVENTORY || undefined);
  if (given !== undefined) return given;
  const profile = spec.flags.profile ?? (spec.env.ROUTERSH_PROFILE || undefined);
  if (!profile) return undefined;
  const cfg = configPath(spec.env);
  const p = readProfiles(cfg)[profile] as { inventory?: unknown } | undefined;
  if (p?.inventory === undefined) return undefined;
  if (typeof p.inventory !== 'string')
    throw configError(`profile '${profile}' in ${cfg}: 'inventory' must be a string`);
  return resolvePath(dirname(cfg), p.inventory);
}
