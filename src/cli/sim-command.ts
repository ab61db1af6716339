// `routersh sim`: both simulators in the foreground, for trainees and demos. Unless told
// not to, it saves a profile 'sim' for them (secrets in 0600 files), so `routersh --profile
// sim`, or any command naming the simulator's URL, logs in without more flags.
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { type Ending, OK, usageError } from '../errors.js';
import { saveProfile, writeSecretFile } from '../config/profiles.js';
import { stateDir } from '../config/paths.js';
import { DEMO_USERS } from '../../sim/router/index.js';
import { type Sims, simBanner, startSims } from './demo.js';

const USAGE =
  'routersh sim [--host H] [--port N] [--telemetry-port M] [--variant default|reference] [--no-save]';

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
      },
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
  if (variant !== 'default' && variant !== 'reference')
    throw usageError(`--variant wants default or reference, not '${variant}'`);
  const sims = await startSims({
    host: v.host ?? '127.0.0.1',
    port: port(v.port, '--port', 8080),
    telemetryPort: port(v['telemetry-port'], '--telemetry-port', 8428),
    variant,
  });
  io.stdout(await simBanner(sims));
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
