// The embedded simulators: `routersh sim` runs them in the foreground, `routersh --demo`
// in-process on ephemeral loopback ports.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { DEMO_USERS, type RouterSeed, type RouterSim, startRouterSim } from '../../sim/router/index.js';
import type { Config } from '../config/config.js';
import type { FleetHost, Inventory } from '../contract/fleet.js';
import { usageError } from '../errors.js';
import { sanitizeLine } from '../term/sanitize.js';
import { type TelemetrySim, startTelemetrySim } from '../../sim/telemetry/index.js';
import {
  FLEET_GROUPS,
  type FleetSim,
  type FleetSimOptions,
  MAX_FLEET_ROUTERS,
  type WrittenInventory,
  startFleetSim,
} from '../../sim/fleet/index.js';

export interface Sims {
  router: RouterSim;
  telemetry: TelemetrySim;
  close(): Promise<void>;
}

export async function startSims(o: {
  host: string;
  port: number;
  telemetryPort: number;
  /**
   * 'reference': routers and telemetry servers shaped unlike ours (table cells of any JSON type,
   * histogram buckets); 'shaped': a router whose tree has other words (docs/configuration.md).
   */
  variant?: 'default' | 'reference' | 'shaped';
  /** Derive keys and the token signing key from it (stable across restarts); default random. */
  secretSeed?: string | undefined;
  /** Generated interfaces and members (`routersh sim --seed-interfaces N --seed-members N`). */
  seed?: RouterSeed | undefined;
}): Promise<Sims> {
  const seed = o.secretSeed !== undefined ? { secretSeed: o.secretSeed } : {};
  const reference = o.variant === 'reference';
  const router = await startRouterSim({
    host: o.host,
    port: o.port,
    ...seed,
    ...(o.variant && o.variant !== 'default' ? { variant: o.variant } : {}),
    ...(o.seed ? { seed: o.seed } : {}),
  });
  const shape = reference ? { histogram: 'buckets' as const } : {};
  const telemetry = await startTelemetrySim({ host: o.host, port: o.telemetryPort, ...shape, ...seed }).catch(
    async (e) => {
      await router.close();
      throw e;
    },
  );
  return {
    router,
    telemetry,
    close: async () => {
      await Promise.all([router.close(), telemetry.close()]);
    },
  };
}

/** `--demo`: the simulators on ephemeral loopback ports, and the configuration that logs in to them. */
export async function demoConfig(
  cfg: Readonly<Config>,
): Promise<{ cfg: Readonly<Config>; close: () => Promise<void> }> {
  const sims = await startSims({ host: '127.0.0.1', port: 0, telemetryPort: 0 });
  // The simulators run in this process, on loopback: no proxy stands between.
  const { proxies: _, ...direct } = cfg;
  return {
    cfg: Object.freeze({
      ...direct,
      router: sims.router.url,
      user: DEMO_USERS.admin.user,
      password: DEMO_USERS.admin.password,
      telemetryUrl: sims.telemetry.url,
      telemetryKey: sims.telemetry.keys.demo,
    }),
    close: () => sims.close(),
  };
}

/** `--routers N` (`--demo` and `routersh sim`): a count from 1 to the fleet simulator's maximum. */
export function fleetSize(s: string): number {
  const n = Number(s);
  if (!/^\d+$/.test(s) || n < 1 || n > MAX_FLEET_ROUTERS)
    throw usageError(`--routers wants a count from 1 to ${MAX_FLEET_ROUTERS}, not '${sanitizeLine(s)}'`);
  return n;
}

/** startFleetSim, out of file descriptors said in one line (a listening socket per router). */
async function startFleet(o: FleetSimOptions): Promise<FleetSim> {
  try {
    return await startFleetSim(o);
  } catch (e) {
    const code = (e as NodeJS.ErrnoException).code;
    if (code === 'EMFILE' || code === 'ENFILE')
      throw usageError(
        `${o.routers} routers need more open files than this process may have (ulimit -n): start fewer, or raise the limit`,
      );
    throw e;
  }
}

export interface SimFleet {
  readonly fleet: FleetSim;
  readonly written: WrittenInventory;
  close(): Promise<void>;
}

/** `routersh sim --routers N`: the routers and their telemetry, the inventory written for them. */
export async function startSimFleet(o: {
  host: string;
  telemetryPort: number;
  routers: number;
  variant?: 'default' | 'reference' | 'shaped';
  secretSeed?: string | undefined;
  inventoryOut: string;
}): Promise<SimFleet> {
  const fleet = await startFleet({
    routers: o.routers,
    host: o.host,
    telemetry: true,
    telemetryPort: o.telemetryPort,
    ...(o.variant && o.variant !== 'default' ? { variant: o.variant } : {}),
    ...(o.secretSeed !== undefined ? { secretSeed: o.secretSeed } : {}),
  });
  try {
    return { fleet, written: fleet.writeInventory(o.inventoryOut), close: () => fleet.close() };
  } catch (e) {
    await fleet.close();
    throw e;
  }
}

export interface DemoFleet {
  readonly inventory: Inventory;
  /** The one telemetry service's API key (every host's routersh_telemetry_url is that service). */
  readonly telemetryKey: string;
  /** Stops the routers and removes the password files. */
  close(): Promise<void>;
}

/**
 * `--demo --routers N`: N simulated routers in this process, as the Inventory the fleet shell
 * opens; their passwords in 0600 files of a private temporary directory, removed on close.
 */
export async function startDemoFleet(flags: { routers: string }): Promise<DemoFleet> {
  const n = fleetSize(flags.routers);
  const fleet = await startFleet({ routers: n, host: '127.0.0.1', telemetry: true });
  const dir = mkdtempSync(join(tmpdir(), 'routersh-demo-fleet-'));
  const close = async () => {
    await fleet.close();
    rmSync(dir, { recursive: true, force: true });
  };
  try {
    const { file } = fleet.writeInventory(join(dir, 'demo.yml'));
    return { inventory: demoInventory(fleet, file, n), telemetryKey: fleet.telemetry!.keys.demo, close };
  } catch (e) {
    await close();
    throw e;
  }
}

function demoInventory(fleet: FleetSim, file: string, n: number): Inventory {
  const origin = `--demo --routers ${n}`;
  const telemetryUrl = fleet.telemetry?.url;
  const hosts = fleet.routers.map((r): FleetHost => {
    const vars: Record<string, string> = {
      routersh_router: r.url,
      routersh_user: r.user,
      routersh_password_file: r.passwordFile!,
      ...(telemetryUrl ? { routersh_telemetry_url: telemetryUrl } : {}),
    };
    return {
      name: r.name,
      router: r.url,
      user: r.user,
      passwordFile: r.passwordFile!,
      ...(telemetryUrl ? { telemetryUrl } : {}),
      groups: ['all', ...r.groups],
      vars,
      origin: Object.fromEntries(Object.keys(vars).map((k) => [k, origin])),
    };
  });
  const groups = FLEET_GROUPS.map((name) => ({
    name,
    hosts: hosts.filter((h) => h.groups.includes(name)).map((h) => h.name),
    children: [],
  })).filter((g) => g.hosts.length > 0);
  return {
    source: file,
    hosts,
    groups: [{ name: 'all', hosts: [], children: groups.map((g) => g.name) }, ...groups],
  };
}
