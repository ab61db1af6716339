// A second router for one command of a session (`compare --profile P`, `compare --router URL`):
// its configuration resolved as a start with `--profile P` / `--router URL` would resolve it
// (flags < environment < profile; a profile for the router found as ~/.netrc finds one). A
// router given with nothing to log in with takes this session's credentials and TLS (one fleet,
// one login). Nothing is asked: the shell's terminal is the shell's, so a password must come
// from the profile's passwordFile or the environment. No journal: it is only read.
import type { Config } from '../config/config.js';
import { resolveConfig } from '../config/config.js';
import { type Flags, noFlags } from '../config/flags.js';
import type { OtherSession, Services } from '../contract/services.js';
import { configError } from '../errors.js';
import { sanitizeLine } from '../term/sanitize.js';

/** session.ts's openSession, passed in (this file is loaded by it on first use). */
type Open = (
  c: Readonly<Config>,
  o: { interactive: false; env: NodeJS.ProcessEnv; warn: (m: string) => void; telemetry: 'on-first-use' },
) => Promise<{ services: Services; close(): Promise<void> }>;

export async function openOtherRouter(
  cfg: Readonly<Config>,
  which: { profile: string } | { router: string },
  o: { env: NodeJS.ProcessEnv; warn: (m: string) => void },
  openSession: Open,
): Promise<OtherSession> {
  const flags: Flags = { ...noFlags(), ...which };
  let other = resolveConfig(flags, { env: forOther(o.env, which), isTTY: false });
  const what = 'profile' in which ? `profile ${which.profile}` : (other.router ?? which.router);
  if (!other.router) throw configError(`${sanitizeLine(what)} names no router`);
  if ('router' in which && other.user === undefined && other.password === undefined && !other.token)
    other = Object.freeze({ ...cfg, router: other.router, json: other.json, color: other.color });
  if (other.user && other.password === undefined && !other.token)
    throw configError(
      `no password for ${sanitizeLine(other.user)} at ${sanitizeLine(other.router ?? '')}: give ${
        'profile' in which ? 'the profile a passwordFile' : 'a profile for it with a passwordFile'
      }, or set ROUTERSH_PASSWORD`,
    );
  const session = await openSession(other, {
    interactive: false,
    env: o.env,
    warn: o.warn,
    telemetry: 'on-first-use',
  });
  return {
    services: session.services,
    label: 'profile' in which ? `profile ${which.profile} (${other.router})` : (other.router ?? ''),
    close: () => session.close(),
  };
}

/**
 * The environment for another router: a profile named is that profile's router, not
 * ROUTERSH_ROUTER's (which names this session's); neither names another profile.
 */
export function forOther(
  env: NodeJS.ProcessEnv,
  which: { profile: string } | { router: string },
): NodeJS.ProcessEnv {
  const { ROUTERSH_PROFILE: _, ROUTERSH_ROUTER: router, ...rest } = env;
  return 'profile' in which
    ? rest
    : { ...rest, ...(router !== undefined ? { ROUTERSH_ROUTER: router } : {}) };
}
