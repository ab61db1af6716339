// `routersh sim`: both simulators in the foreground, for trainees and demos. Unless told
// not to, it saves a profile 'sim' for them (secrets in 0600 files), so `routersh --profile
// sim`, or any command naming the simulator's URL, logs in without more flags.
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { type Ending, OK, usageError } from '../errors.js';
import { saveProfile, writeSecretFile } from '../config/profiles.js';
import { stateDir } from '../config/paths.js';
import { DEMO_USERS } from '../../sim/router/index.js';
import { type Sims, startSims } from '../session/demo.js';
import { simBanner } from '../cli/sim-banner.js';
import { simSeed, simSeedPath } from './sim-seed.js';

const USAGE =
  'routersh sim [--host H] [--port N] [--telemetry-port M] [--variant default|reference] [--no-save]';

const HELP = `usage: ${USAGE}

Runs the router and telemetry simulators in the foreground (Ctrl-C stops them) and prints
their URLs, the demo users, a token and the API key.

  --host H             address to listen on (default 127.0.0.1; 0.0.0.0 for a class:
                       the addresses trainees can reach are printed)
  --port N             router API port (default 8080; 0 picks a free one)
  --telemetry-port M   telemetry API port (default 8428; 0 picks a free one)
  --variant reference  show tables with cells of any JSON type, histograms as buckets
  --no-save            do not save the profile 'sim'
  -h, --help           this text

Unless --no-save is given, the profile 'sim' is saved for the simulators (the password and
the API key in 0600 files), so \`routersh --profile sim\` logs in. The API key and the token
signing key are derived from a seed kept in $XDG_STATE_HOME/routersh/sim-seed: a restarted
simulator accepts the key and tokens it printed before. Delete the file for new ones.
`;

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
  const state = stateDir(env);
  const passwordFile = writeSecretFile(join(state, 'sim-admin.password'), DEMO_USERS.admin.password);
  const telemetryKeyFile = writeSecretFile(join(state, 'sim-telemetry.key'), sims.telemetry.keys.demo);
  const path = saveProfile(
    'sim',
    {
      router: sims.router.url,
      user: DEMO_USERS.admin.user,
      passwordFile,
      telemetry: sims.telemetry.url,
      telemetryKeyFile,
    },
    env,
  );
  return `Saved profile 'sim' in ${path}: \`routersh --profile sim\`, or any routersh command naming ${sims.router.url}, logs in as ${DEMO_USERS.admin.user}.\n`;
}

export async function runSimCommand(
  argv: string[],
  io: { stdout: (s: string) => void; stderr: (s: string) => void },
): Promise<Ending> {
  let v: {
    host?: string | undefined;
    port?: string | undefined;
    'telemetry-port'?: string | undefined;
    variant?: string | undefined;
    'no-save'?: boolean | undefined;
    help?: boolean | undefined;
  };
  try {
    v = parseArgs({
      args: argv,
      options: {
        host: { type: 'string' },
        port: { type: 'string' },
        'telemetry-port': { type: 'string' },
        variant: { type: 'string' },
        'no-save': { type: 'boolean' },
        help: { type: 'boolean', short: 'h' },
      },
      strict: true,
    }).values;
  } catch (e) {
    throw usageError(`${(e as Error).message.split('\n')[0]} (${USAGE})`);
  }
  if (v.help) {
    io.stdout(HELP);
    return OK;
  }
  const port = (s: string | undefined, what: string, fallback: number) => {
    if (s === undefined) return fallback;
    const n = Number(s);
    if (!Number.isInteger(n) || n < 0 || n > 65535)
      throw usageError(`${what} wants a port number, not '${s}'`);
    return n;
  };
  const variant = v.variant ?? 'default';
  if (variant !== 'default' && variant !== 'reference')
    throw usageError(`--variant wants default or reference, not '${variant}'`);
  const host = v.host ?? '127.0.0.1';
  const ports = {
    port: port(v.port, '--port', 8080),
    telemetryPort: port(v['telemetry-port'], '--telemetry-port', 8428),
  };
  if (ports.port !== 0 && ports.port === ports.telemetryPort)
    throw usageError(`--port and --telemetry-port are both ${ports.port}: give them different ports`);
  const secretSeed = simSeed(process.env, (m) => io.stderr(`warning: ${m}\n`));
  let sims: Sims;
  try {
    sims = await startSims({ host, ...ports, variant, secretSeed });
  } catch (e) {
    throw listenError(e, ports, host) ?? e;
  }
  io.stdout(await simBanner(sims, host));
  io.stdout(`Demo secrets are derived from ${simSeedPath(process.env)} (the same key after a restart).\n`);
  if (!v['no-save']) {
    try {
      io.stdout(saveSimProfile(sims, process.env));
    } catch (e) {
      io.stderr(`warning: profile not saved: ${(e as Error).message}\n`);
    }
  }
  io.stdout('Press Ctrl-C to stop.\n');
  await new Promise<void>((resolve) => {
    process.once('SIGINT', () => resolve());
    process.once('SIGTERM', () => resolve());
  });
  await sims.close();
  return OK;
}
