// The only login completion may use to ask a router for the words of `-c '…'`: a saved
// profile's own router with that profile's own credentials. The profile is the one the line
// names (--profile) or ROUTERSH_PROFILE; nothing else is read. A Tab press must never send a
// password somewhere the user did not save it for, so:
// - no profile named: no request (not even the ~/.netrc-like lookup by router URL);
// - the line's --router (or ROUTERSH_ROUTER) names another router than the profile's: no
//   request — the router being typed may be half-typed, or someone else's;
// - credentials come from the profile's files only: ROUTERSH_USER, ROUTERSH_PASSWORD,
//   ROUTERSH_TOKEN and the line's --user/--password-file/--token-file are never read;
// - no password and no token in the profile: no request (completion never asks for one);
// - --demo on the line: no request (completion never starts simulators).
import { type Config, resolveConfig } from '../../config/config.js';
import { type Flags, noFlags } from '../../config/flags.js';
import { sameRouter } from '../../config/profiles.js';
import { serverUrl } from '../../config/router-url.js';
import type { Walked } from './argv-slot.js';

/** Flags that name nothing but the profile: the rest comes from the profile alone. */
const profileOnly = (profile: string): Flags => ({ ...noFlags(), profile, noColor: true, noPager: true });

/** The environment without routersh's own variables: XDG paths and HOME stay. */
export const withoutRoutershVariables = (env: NodeJS.ProcessEnv): NodeJS.ProcessEnv =>
  Object.fromEntries(Object.entries(env).filter(([k]) => !k.startsWith('ROUTERSH_')));

/** The profile completion logs in with, and its configuration. */
export interface Login {
  profile: string;
  cfg: Readonly<Config>;
}

/** The configuration to ask the router with, or undefined: then nothing is sent at all. */
export function profileLogin(line: Walked, env: NodeJS.ProcessEnv): Login | undefined {
  if (line.booleans.has('--demo')) return undefined;
  const name = line.values.get('--profile') || env.ROUTERSH_PROFILE;
  if (!name) return undefined;
  let cfg: Readonly<Config>;
  try {
    cfg = resolveConfig(profileOnly(name), { env: withoutRoutershVariables(env) });
  } catch {
    return undefined;
  }
  if (cfg.router === undefined) return undefined;
  const typed = line.values.get('--router') || env.ROUTERSH_ROUTER;
  if (typed !== undefined && !sameRouter(serverUrl(typed), cfg.router)) return undefined;
  if (cfg.password === undefined && cfg.token === undefined) return undefined;
  return { profile: name, cfg };
}
