// `routersh sim`: both simulators in the foreground, for trainees and demos. Unless told
// not to, it saves a profile 'sim' for them (secrets in 0600 files), so `routersh --profile
// sim`, or any command naming the simulator's URL, logs in without more flags.
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { COMMAND_HELP } from '../cli/command-help.js';
import { SIM_OPTIONS } from '../cli/command-options.js';
import type { Command } from './command.js';
import { type Ending, OK, usageError } from '../errors.js';
import type { CommandIo } from '../contract/command-io.js';
import { sanitizeLine } from '../term/sanitize.js';
import { saveProfile, writeSecretFile } from '../config/profiles.js';
import { stateDir } from '../config/paths.js';
import { fleetSize, type SimFleet, type Sims, startSimFleet, startSims } from '../session/demo.js';
import { fleetBanner, networkWarning, simBanner } from './sim-banner.js';
import { simSeed, simSeedPath } from './sim-seed.js';
import { MAX_ELEMENTS, MAX_SEED_INTERFACES, type RouterSeed } from '../../sim/router/index.js';

const USAGE = COMMAND_HELP.sim.usage[0];

/** A listen error as one line that says what to do; undefined for other errors. */
export function listenError(e: unknown, flags: { port: number; telemetryPort: number }, host: string) {
  const err = e as NodeJS.ErrnoException & { port?: number };
  const flag = err.port !== undefined && err.port === flags.telemetryPort ? '--telemetry-port' : '--port';
  switch (err.code) {
    case 'EADDRINUSE':
      return usageError(`port ${err.port} is in use; pick another with ${flag} N`);
    case 'EACCES':
      return usageError(`port ${err.port} needs privileges; pick another with ${flag} N (above 1023)`);
    case 'EADDRNOTAVAIL':
      return usageError(`address ${host} is not on this machine; pick another with --host H`);
    default:
      return undefined;
  }
}

function saveSimProfile(sims: Sims, env: NodeJS.ProcessEnv): string {
  const users = sims.router.users;
  const state = stateDir(env);
  const passwordFile = writeSecretFile(join(state, 'sim-admin.password'), users.admin.password);
  const telemetryKeyFile = writeSecretFile(join(state, 'sim-telemetry.key'), sims.telemetry.keys.demo);
  const path = saveProfile(
    'sim',
    {
      router: sims.router.url,
      user: users.admin.user,
      passwordFile,
      telemetry: sims.telemetry.url,
      telemetryKeyFile,
    },
    env,
  );
  return `Saved profile 'sim' in ${path}: \`routersh --profile sim\`, or any routersh command naming ${sims.router.url}, logs in as ${users.admin.user}.\n`;
}

interface SimArgs {
  host: string;
  port: number;
  telemetryPort: number;
  variant: 'default' | 'reference' | 'shaped';
  save: boolean;
  /** `--seed-interfaces N`, `--seed-members N` (the blacklist's): a router at size. */
  seed: RouterSeed;
  /** `--routers N`: a fleet instead of one router. */
  routers?: number;
  /** `--inventory-out FILE` (with --routers); default STATE/sim-fleet.yml. */
  inventoryOut?: string;
}

function seedOf(interfaces: string | undefined, members: string | undefined): RouterSeed {
  const count = (s: string | undefined, flag: string, max: number) => {
    if (s === undefined) return undefined;
    const n = Number(s);
    if (!/^\d+$/.test(s) || n > max) throw usageError(`${flag} wants a count from 0 to ${max}, not '${s}'`);
    return n;
  };
  const n = count(interfaces, '--seed-interfaces', MAX_SEED_INTERFACES);
  const m = count(members, '--seed-members', MAX_ELEMENTS);
  return {
    ...(n !== undefined ? { interfaces: n } : {}),
    ...(m !== undefined ? { members: { list: 'blacklist', count: m } } : {}),
  };
}

export function parseSimArgs(argv: string[]): SimArgs {
  let v: {
    host?: string | undefined;
    port?: string | undefined;
    'telemetry-port'?: string | undefined;
    variant?: string | undefined;
    'seed-interfaces'?: string | undefined;
    'seed-members'?: string | undefined;
    'no-save'?: boolean | undefined;
    routers?: string | undefined;
    'inventory-out'?: string | undefined;
    help?: boolean | undefined; // `--help` never gets here: commands/index.ts prints the help
  };
  try {
    v = parseArgs({
      args: argv,
      options: SIM_OPTIONS,
      strict: true,
    }).values;
  } catch (e) {
    throw usageError(`${(e as Error).message.split('\n')[0]} (${USAGE})`);
  }
  const port = (s: string | undefined, what: string, fallback: number) => {
    if (s === undefined) return fallback;
    const n = Number(s);
    if (!Number.isInteger(n) || n < 0 || n > 65535)
      throw usageError(`${what} wants a port number, not '${s}'`);
    return n;
  };
  const variant = v.variant ?? 'default';
  if (variant !== 'default' && variant !== 'reference' && variant !== 'shaped')
    throw usageError(`--variant wants default, reference or shaped, not '${variant}'`);
  const ports = {
    port: port(v.port, '--port', 8080),
    telemetryPort: port(v['telemetry-port'], '--telemetry-port', 8428),
  };
  if (ports.port !== 0 && ports.port === ports.telemetryPort)
    throw usageError(`--port and --telemetry-port are both ${ports.port}: give them different ports`);
  const seed = seedOf(v['seed-interfaces'], v['seed-members']);
  const fleet = fleetOf(v.routers, v['inventory-out'], v.port, seed);
  return { host: v.host ?? '127.0.0.1', ...ports, variant, save: !v['no-save'], seed, ...fleet };
}

/** `--routers N [--inventory-out FILE]`: judged against the flags that are one router's. */
function fleetOf(
  routers: string | undefined,
  inventoryOut: string | undefined,
  port: string | undefined,
  seed: RouterSeed,
): { routers?: number; inventoryOut?: string } {
  if (routers === undefined) {
    if (inventoryOut !== undefined)
      throw usageError('--inventory-out needs --routers N (the fleet it describes)');
    return {};
  }
  if (port !== undefined)
    throw usageError("--port is one router's: a fleet's routers each listen on a free port");
  if (Object.keys(seed).length > 0)
    throw usageError("--seed-interfaces and --seed-members are one router's, not a fleet's");
  if (inventoryOut === '') throw usageError('--inventory-out wants a file name');
  return { routers: fleetSize(routers), ...(inventoryOut !== undefined ? { inventoryOut } : {}) };
}

/** `routersh sim --routers N`: the fleet until Ctrl-C, its inventory written first. */
async function runFleet(args: SimArgs, io: CommandIo, secretSeed: string | undefined): Promise<Ending> {
  const { host, telemetryPort, variant } = args;
  const inventoryOut = args.inventoryOut ?? join(stateDir(io.env), 'sim-fleet.yml');
  let fleet: SimFleet;
  try {
    fleet = await startSimFleet({
      host,
      telemetryPort,
      variant,
      secretSeed,
      routers: args.routers!,
      inventoryOut,
    });
  } catch (e) {
    const err = e as NodeJS.ErrnoException;
    if (err.syscall === 'open' || err.syscall === 'mkdir' || err.syscall === 'chmod')
      throw usageError(
        `cannot write the inventory ${sanitizeLine(inventoryOut)}: ${err.code ?? err.message}`,
      );
    throw listenError(e, { port: -1, telemetryPort }, host) ?? e;
  }
  const warning = networkWarning(host);
  if (warning) io.err(`${warning}\n`);
  io.out(fleetBanner(fleet));
  io.out('Press Ctrl-C to stop.\n');
  await untilStopped(io);
  await fleet.close();
  return OK;
}

/** Ctrl-C or SIGTERM. */
function untilStopped(io: CommandIo): Promise<void> {
  return new Promise<void>((resolve) => {
    const stop = io.onInterrupt(() => {
      stop();
      resolve();
    });
    process.once('SIGTERM', () => resolve());
  });
}

export const command: Command<SimArgs> = {
  parse: parseSimArgs,
  async run(args, io) {
    const { host, port, telemetryPort, variant, seed } = args;
    const secretSeed = simSeed(io.env, (m) => io.err(`warning: ${m}\n`));
    if (args.routers !== undefined) return runFleet(args, io, secretSeed);
    let sims: Sims;
    try {
      sims = await startSims({ host, port, telemetryPort, variant, secretSeed, seed });
    } catch (e) {
      throw listenError(e, { port, telemetryPort }, host) ?? e;
    }
    // Off loopback, anyone on the network can reach it: said before the banner.
    const warning = networkWarning(host);
    if (warning) io.err(`${warning}\n`);
    io.out(await simBanner(sims, host));
    io.out(`Demo secrets are derived from ${simSeedPath(io.env)} (the same key after a restart).\n`);
    if (args.save) {
      try {
        io.out(saveSimProfile(sims, io.env));
      } catch (e) {
        io.err(`warning: profile not saved: ${(e as Error).message}\n`);
      }
    }
    io.out('Press Ctrl-C to stop.\n');
    await untilStopped(io);
    await sims.close();
    return OK;
  },
};
