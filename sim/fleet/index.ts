// Public entry of the fleet simulator (issue 39): N router simulators in one process, each its
// own node:http server on an ephemeral port with its own hostname, addresses and password, some
// slow, failing or hanging when a test asks; optionally one telemetry service whose series
// carry each router's hostname as `router`; and an Ansible YAML inventory naming them.
import { randomBytes } from 'node:crypto';
import { type RouterSim, type RouterVariant, startRouterSim } from '../router/index.js';
import type { FaultPlan } from '../faults.js';
import { type TelemetrySim, startTelemetrySim } from '../telemetry/index.js';
import { type FleetMember, fleetMembers, namedMembers, prepareMember } from './names.js';
import { type WrittenInventory, writeFleetInventory } from './inventory.js';

export { FLEET_GROUPS, MAX_FLEET_ROUTERS, fleetMembers } from './names.js';
export type { WrittenInventory } from './inventory.js';

/** How one router of the fleet misbehaves (from its first request on; `sim.faults` changes it). */
export interface FleetRouterOptions {
  variant?: RouterVariant;
  /** Every request waits this long before it is answered: a slow router. */
  latencyMs?: number;
  /** Every request fails: with this HTTP status (503), its connection reset, or a body not JSON. */
  fail?: number | 'reset' | 'malformed';
  /** No request is ever answered (until close). */
  hang?: boolean;
  /** Every request is answered 307 to this URL (a router sending its clients elsewhere). */
  redirect?: string;
}

export interface FleetSimOptions {
  routers: number;
  /** Per router, by name (`edge-02`) or by index in `routers` order (`'1'`). */
  per?: Readonly<Record<string, FleetRouterOptions>>;
  /** The variant of every router without its own. */
  variant?: RouterVariant;
  /** Start the telemetry simulator too, with series for every router (`router` label). */
  telemetry?: boolean;
  host?: string;
  /** The telemetry service's port (default: ephemeral, like the routers'). */
  telemetryPort?: number;
  /** Derive the telemetry API keys from it (`routersh sim`'s seed: a restart keeps the key). */
  secretSeed?: string;
  /**
   * The routers' names instead of edge-01…/core-NN (a class's trainees: t1…tN or a roster), as
   * many as `routers`; their groups are `edge` and a site. Each is the demo router (the one a
   * lesson is written for) under its name as hostname, not a fleet member's own configuration.
   */
  names?: readonly string[];
  /**
   * Each router its own telemetry simulator (a class: every trainee's own) instead of one for
   * the fleet; with `secretSeed`, each router's token key and API keys derive from it and the
   * router's name, so a restart keeps both.
   */
  telemetryEach?: boolean;
  /** false: nothing listens; requests come through each router's `sim.handle` (and its telemetry's). */
  listen?: boolean;
}

export interface FleetRouter {
  readonly name: string;
  readonly url: string;
  readonly user: string;
  readonly password: string;
  /** Its groups: the role (`edge`, `core`) then the site (`dc1`, `dc2`). */
  readonly groups: readonly string[];
  /** Set by writeInventory: the 0600 file that holds the password. */
  passwordFile?: string;
  /** The simulator itself: its faults, recorded requests, tokens. */
  readonly sim: RouterSim;
  /** Its own telemetry (FleetSimOptions.telemetryEach). */
  readonly telemetry?: TelemetrySim;
}

export interface FleetSim {
  readonly routers: readonly FleetRouter[];
  readonly telemetry?: TelemetrySim;
  /** Writes FILE (Ansible YAML) and a 0700 directory of 0600 password files beside it. */
  writeInventory(file: string): WrittenInventory;
  close(): Promise<void>;
}

/** The requests each router keeps for tests (RouterSim.requests): the last few hundred. */
const RECORDED_PER_ROUTER = 200;

/** Routers started at once: enough to start 1,000 in a second, few enough not to hit EMFILE. */
const START_BATCH = 50;

function planOf(o: FleetRouterOptions): FaultPlan | undefined {
  const always = Number.POSITIVE_INFINITY;
  const plan: FaultPlan = {};
  if (o.latencyMs) plan.latencyMs = o.latencyMs;
  if (o.hang) plan.hang = always;
  if (o.fail === 'reset') plan.reset = always;
  else if (o.fail === 'malformed') plan.malformed = always;
  else if (o.fail !== undefined) plan.status = { code: o.fail, count: always };
  else if (o.redirect !== undefined)
    plan.status = { code: 307, count: always, body: '', headers: { location: o.redirect } };
  return Object.keys(plan).length > 0 ? plan : undefined;
}

async function startMember(m: FleetMember, o: FleetSimOptions): Promise<FleetRouter> {
  const own = o.per?.[m.name] ?? o.per?.[String(m.index)] ?? {};
  const password = randomBytes(12).toString('base64url');
  const variant = own.variant ?? o.variant;
  const seed = o.telemetryEach && o.secretSeed !== undefined ? `${o.secretSeed}:${m.name}` : undefined;
  const sim = await startRouterSim({
    ...(o.host ? { host: o.host } : {}),
    ...(variant ? { variant } : {}),
    ...(seed !== undefined ? { secretSeed: seed } : {}),
    ...(o.listen === false ? { listen: false } : {}),
    adminPassword: password,
    // 1,000 routers keeping 10,000 requests each would hold gigabytes after a few thousand runs.
    maxRecorded: RECORDED_PER_ROUTER,
    // A named member (a trainee) keeps the demo router a lesson is written for, under its name.
    prepare: o.names
      ? (state) => {
          state.hostname = m.name;
        }
      : (state, now) => prepareMember(m, state, now),
  });
  const plan = planOf(own);
  if (plan) sim.faults.set(plan);
  let telemetry: TelemetrySim | undefined;
  if (o.telemetryEach)
    telemetry = await startTelemetrySim({
      ...(o.host ? { host: o.host } : {}),
      ...(seed !== undefined ? { secretSeed: seed } : {}),
      ...(o.listen === false ? { listen: false } : {}),
      routers: [{ name: m.name, up: () => !sim.faults.failing() }],
    }).catch(async (e: unknown) => {
      await sim.close();
      throw e;
    });
  return {
    name: m.name,
    url: sim.url,
    user: 'admin',
    password,
    groups: m.groups,
    sim,
    ...(telemetry ? { telemetry } : {}),
  };
}

export async function startFleetSim(o: FleetSimOptions): Promise<FleetSim> {
  const members = o.names ? namedMembers(o.names, o.routers) : fleetMembers(o.routers);
  const known = new Set(members.flatMap((m) => [m.name, String(m.index)]));
  for (const key of Object.keys(o.per ?? {}))
    if (!known.has(key)) throw new RangeError(`per: no router '${key}' in a fleet of ${o.routers}`);
  const routers: FleetRouter[] = [];
  let telemetry: TelemetrySim | undefined;
  const close = async () => {
    await Promise.all([...routers.flatMap((r) => [r.sim.close(), r.telemetry?.close()]), telemetry?.close()]);
  };
  try {
    for (let i = 0; i < members.length; i += START_BATCH) {
      // Settled, not Promise.all: the routers of a batch that did start must be closed too.
      const batch = await Promise.allSettled(members.slice(i, i + START_BATCH).map((m) => startMember(m, o)));
      for (const b of batch) if (b.status === 'fulfilled') routers.push(b.value);
      const failed = batch.find((b) => b.status === 'rejected');
      if (failed) throw failed.reason;
    }
    if (o.telemetry)
      telemetry = await startTelemetrySim({
        ...(o.host ? { host: o.host } : {}),
        ...(o.telemetryPort !== undefined ? { port: o.telemetryPort } : {}),
        ...(o.secretSeed !== undefined ? { secretSeed: o.secretSeed } : {}),
        routers: routers.map((r) => ({ name: r.name, up: () => !r.sim.faults.failing() })),
      });
  } catch (e) {
    await close();
    throw e;
  }
  return {
    routers,
    ...(telemetry ? { telemetry } : {}),
    writeInventory: (file) => writeFleetInventory(file, routers, telemetry?.url),
    close,
  };
}
