// Profiles in $XDG_CONFIG_HOME/routersh/config.json: named connection settings, secrets only
// as file paths. A profile is chosen by name (--profile), or — like ~/.netrc — by the router
// URL when no user or token was given. `routersh sim` saves one for its demo router.
import { chmodSync, mkdirSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import { dirname } from 'node:path';
import { configError } from '../errors.js';
import { configPath } from './paths.js';
import { decodeProfile, type Profile } from './profile-schema.js';
import { serverUrl } from './router-url.js';

export type { Profile } from './profile-schema.js';

type Read = (p: string) => string;

/** All profiles; undefined when there is no config file. Throws on a broken file. */
export function loadProfiles(env: NodeJS.ProcessEnv, read: Read): Record<string, unknown> | undefined {
  const path = configPath(env);
  let text: string;
  try {
    text = read(path);
  } catch {
    return undefined;
  }
  let doc: unknown;
  try {
    doc = JSON.parse(text);
  } catch {
    throw configError(`${path} is not valid JSON`);
  }
  if (doc === null || typeof doc !== 'object' || Array.isArray(doc))
    throw configError(`${path} must hold a JSON object`);
  if (!Object.hasOwn(doc, 'profiles')) return {};
  const profiles = (doc as { profiles: unknown }).profiles;
  if (!profiles || typeof profiles !== 'object' || Array.isArray(profiles))
    throw configError(`${path}: "profiles" must be an object`);
  return profiles as Record<string, unknown>;
}

export function profileByName(name: string, env: NodeJS.ProcessEnv, read: Read): Profile {
  const profiles = loadProfiles(env, read);
  if (!profiles) throw configError(`profile '${name}' requested but ${configPath(env)} cannot be read`);
  // Own names only: `--profile __proto__` or `constructor` must not find Object's members.
  if (!Object.hasOwn(profiles, name)) {
    const known = Object.keys(profiles).join(', ') || 'none';
    throw configError(`no profile '${name}' in ${configPath(env)} (profiles: ${known})`);
  }
  return decodeProfile(name, profiles[name], configPath(env));
}

const originOf = (u: string): string | undefined => {
  try {
    // `host:port` in a profile or on the command line is http://host:port (router-url.ts).
    const url = new URL(serverUrl(u));
    return `${url.origin}${url.pathname.replace(/\/+$/, '')}`;
  } catch {
    return undefined;
  }
};

/**
 * Whether two router URLs name the same router: scheme, host (any case), port (a default port
 * written or not) and path prefix (a trailing slash or not). Not a DNS lookup: `localhost` and
 * `127.0.0.1` are two names, as they are two names for a certificate.
 */
export function sameRouter(a: string, b: string): boolean {
  const x = originOf(a);
  return x !== undefined && x === originOf(b);
}

/** The first profile whose router is this URL (scheme, host, port and path prefix). */
export function profileForRouter(router: string, env: NodeJS.ProcessEnv, read: Read): Profile | undefined {
  const want = originOf(router);
  const profiles = loadProfiles(env, read) ?? {};
  const hit = Object.entries(profiles).find(([, p]) => {
    const router = p !== null && typeof p === 'object' ? (p as { router?: unknown }).router : undefined;
    return typeof router === 'string' && originOf(router) === want;
  });
  return hit ? decodeProfile(hit[0], hit[1], configPath(env)) : undefined;
}

/**
 * Saves (or replaces) one profile, keeping the others and any other keys of the file; a
 * password is written to its own file with mode 0600 beside the state. Written atomically.
 */
export function saveProfile(name: string, profile: Profile, env: NodeJS.ProcessEnv): string {
  const path = configPath(env);
  let doc: Record<string, unknown> = {};
  try {
    doc = JSON.parse(readFileSync(path, 'utf8')) as Record<string, unknown>;
  } catch (e) {
    if ((e as NodeJS.ErrnoException).code !== 'ENOENT')
      throw configError(`${path} is not valid JSON: not changed`);
  }
  const profiles = { ...((doc.profiles as Record<string, Profile> | undefined) ?? {}), [name]: profile };
  mkdirSync(dirname(path), { recursive: true, mode: 0o700 });
  const tmp = `${path}.${process.pid}.tmp`;
  writeFileSync(tmp, `${JSON.stringify({ ...doc, profiles }, null, 2)}\n`, { mode: 0o600 });
  renameSync(tmp, path);
  return path;
}

/** Writes a secret to a file only its owner can read; returns the path. */
export function writeSecretFile(path: string, secret: string): string {
  mkdirSync(dirname(path), { recursive: true, mode: 0o700 });
  writeFileSync(path, `${secret}\n`, { mode: 0o600 });
  chmodSync(path, 0o600);
  return path;
}
