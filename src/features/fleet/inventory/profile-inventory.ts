// routersh's own profiles as an inventory (`-i profiles:`): each profile that names a router is
// a host of that name in the group `profiles`, its router, user and secret files its vars
// (routersh_router, routersh_user, routersh_password_file, routersh_token_file,
// routersh_telemetry_url). TLS settings of a profile are not carried: give --ca/--insecure.
import { readFailure, readFileBoundedSync } from '../../../config/read-bounded.js';
import { configError } from '../../../errors.js';
import type { InventoryBuilder } from './model.js';

/** The `-i` value that names the profiles. */
export const PROFILES_SOURCE = 'profiles:';
const MAX_CONFIG_BYTES = 1 << 20;

const FIELDS: Record<string, string> = {
  router: 'routersh_router',
  user: 'routersh_user',
  passwordFile: 'routersh_password_file',
  tokenFile: 'routersh_token_file',
  telemetry: 'routersh_telemetry_url',
};

/** The profiles of the config file (JSON, `{"profiles": {...}}`); absent file: none. */
export function readProfiles(configFile: string): Record<string, unknown> {
  let text: string;
  try {
    text = readFileBoundedSync(configFile, MAX_CONFIG_BYTES);
  } catch (e) {
    if ((e as NodeJS.ErrnoException).code === 'ENOENT') return {};
    throw configError(`${configFile}: cannot read: ${readFailure(e)}`);
  }
  let doc: unknown;
  try {
    doc = JSON.parse(text);
  } catch {
    throw configError(`${configFile} is not valid JSON`);
  }
  const profiles = (doc as { profiles?: unknown } | null)?.profiles;
  if (profiles === undefined) return {};
  if (!profiles || typeof profiles !== 'object' || Array.isArray(profiles))
    throw configError(`${configFile}: "profiles" must be an object`);
  return profiles as Record<string, unknown>;
}

export function readProfileInventory(configFile: string, inv: InventoryBuilder): void {
  inv.group('profiles');
  for (const [name, raw] of Object.entries(readProfiles(configFile))) {
    if (!raw || typeof raw !== 'object') continue;
    const p = raw as Record<string, unknown>;
    if (typeof p.router !== 'string') continue;
    const at = `${configFile} profile ${name}`;
    inv.host(name, 'profiles', at);
    for (const [field, key] of Object.entries(FIELDS))
      if (typeof p[field] === 'string') inv.setHostVar(name, key, p[field], at);
  }
}
