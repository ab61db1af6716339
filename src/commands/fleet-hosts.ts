// The hosts a fleet command runs on: `-i FILE` (or ROUTERSH_INVENTORY) read and `--limit` applied.
// STAND-IN until INV's loadInventory/selectHosts land (features/fleet/inventory/): reads the
// Ansible YAML shape `routersh sim --routers` writes (all.children.GROUP.hosts.NAME.vars) and a
// --limit of host or group names separated by `,` or `:`. Replaced by INV's call, not extended.
import type { Flags } from '../config/flags.js';
import { MAX_SCRIPT_BYTES, readFailure, readFileBoundedSync } from '../config/read-bounded.js';
import type { CommandIo } from '../contract/command-io.js';
import type { FleetHost } from '../contract/fleet.js';
import { configError, usageError } from '../errors.js';
import { sanitizeLine } from '../term/sanitize.js';

/** The inventory named by -i or ROUTERSH_INVENTORY, if any. */
export const inventoryOf = (flags: Flags, io: CommandIo): string | undefined =>
  flags.fleet?.inventory ?? (io.env.ROUTERSH_INVENTORY || undefined);

type Vars = Record<string, unknown>;
interface Node {
  hosts?: Record<string, Vars | null>;
  children?: Record<string, Node | null>;
  vars?: Vars;
}

export async function fleetHosts(flags: Flags, io: CommandIo): Promise<FleetHost[] | undefined> {
  const file = inventoryOf(flags, io);
  if (file === undefined) return undefined;
  let text: string;
  try {
    text = readFileBoundedSync(file, MAX_SCRIPT_BYTES);
  } catch (e) {
    throw configError(`cannot read inventory ${sanitizeLine(file)}: ${readFailure(e)}`);
  }
  const { parse } = await import('yaml');
  const doc = parse(text) as Record<string, Node> | null;
  const hosts = new Map<string, { vars: Vars; groups: Set<string> }>();
  const walk = (name: string, node: Node | null, inherited: Vars, groups: string[]) => {
    const vars = { ...inherited, ...(node?.vars ?? {}) };
    const path = [...groups, name];
    for (const [h, hv] of Object.entries(node?.hosts ?? {})) {
      const seen = hosts.get(h) ?? { vars: {}, groups: new Set<string>() };
      Object.assign(seen.vars, vars, hv ?? {});
      for (const g of path) seen.groups.add(g);
      hosts.set(h, seen);
    }
    for (const [c, child] of Object.entries(node?.children ?? {})) walk(c, child, vars, path);
  };
  for (const [name, node] of Object.entries(doc ?? {})) walk(name, node, {}, []);
  const all: FleetHost[] = [...hosts].map(([name, h]) => {
    const str = (k: string) => (typeof h.vars[k] === 'string' ? (h.vars[k] as string) : undefined);
    const router = str('routersh_router');
    if (!router)
      throw configError(`${sanitizeLine(file)}: host ${sanitizeLine(name)} names no routersh_router`);
    const user = str('routersh_user') ?? str('ansible_user');
    const passwordFile = str('routersh_password_file');
    const tokenFile = str('routersh_token_file');
    const telemetryUrl = str('routersh_telemetry_url');
    return {
      name,
      router,
      ...(user !== undefined ? { user } : {}),
      ...(passwordFile !== undefined ? { passwordFile } : {}),
      ...(tokenFile !== undefined ? { tokenFile } : {}),
      ...(telemetryUrl !== undefined ? { telemetryUrl } : {}),
      groups: [...h.groups],
      vars: h.vars,
      origin: {},
    };
  });
  const limit = flags.fleet?.limit;
  if (limit === undefined) return all;
  const words = new Set(limit.split(/[,:]/).filter(Boolean));
  const chosen = all.filter((h) => words.has(h.name) || h.groups.some((g) => words.has(g)));
  if (chosen.length === 0)
    throw usageError(`--limit ${sanitizeLine(limit)} selects no host of ${sanitizeLine(file)}`);
  return chosen;
}
