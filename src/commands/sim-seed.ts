// The secret the simulators derive their API keys and token signing key from — and, when they
// listen beyond loopback, the random passwords of admin and operator (sim/router's
// demoCredentials) — kept in $XDG_STATE_HOME/routersh/sim-seed (0600) and made on first use: a
// restarted `routersh sim` accepts the key, tokens and passwords it printed before, so the
// shells of a class stay connected.
import { randomBytes } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { stateDir } from '../config/paths.js';
import { writeSecretFile } from '../config/profiles.js';
import { stateFiles } from '../config/state-dir.js';

export const simSeedPath = (env: NodeJS.ProcessEnv): string => join(stateDir(env), 'sim-seed');

/** The stored seed, or a new one saved for next time; undefined when neither works (keys are then random). */
export function simSeed(env: NodeJS.ProcessEnv, warn: (m: string) => void): string | undefined {
  const path = simSeedPath(env);
  // A seed someone else could have written would give them the keys (config/state-dir.ts).
  const unsafe = stateFiles.trouble(path);
  if (unsafe) {
    warn(`demo secrets not kept: unsafe state: ${unsafe}: new keys at every start`);
    return randomBytes(32).toString('hex');
  }
  try {
    const stored = readFileSync(path, 'utf8').trim();
    if (/^[0-9a-f]{64}$/.test(stored)) return stored;
  } catch {
    // first run: make one
  }
  const seed = randomBytes(32).toString('hex');
  try {
    writeSecretFile(path, seed);
    return seed;
  } catch (e) {
    warn(
      `cannot keep the demo secrets in ${path} (${(e as NodeJS.ErrnoException).code ?? 'error'}): new keys at every start`,
    );
    return seed;
  }
}
