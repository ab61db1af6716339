// The configuration of a session logged in to a router simulator as admin (no colour, no
// --json): the one base the shell and runner tests build sessions from.
import type { Config } from '../../src/config/config.js';

export function simConfig(router: string, extra: Partial<Config> = {}): Config {
  return {
    router,
    user: 'admin',
    password: 'admin',
    auth: 'basic',
    insecure: false,
    timeoutMs: 5000,
    json: false,
    color: false,
    keepGoing: false,
    ...extra,
  };
}

/** The flags' defaults with no router (a fleet's base, under each host's own values). */
export const BASE_CONFIG: Config = {
  auth: 'basic',
  insecure: false,
  timeoutMs: 30_000,
  json: false,
  color: false,
  keepGoing: false,
};
