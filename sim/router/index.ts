// Public entry of the router simulator: a real node:http server implementing the router
// configuration API (router-config-api.md) with fresh state per instance.
import { createHmac, randomBytes } from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { type Clock, systemClock } from '../clock.js';
import type { Faults } from '../faults.js';
import { urlHost } from '../url-host.js';
import { type RouterSeed, applySeed } from './seed.js';
import { type RecordedRequest, createSimServer } from './server.js';
import { restoreState, type SavedRouterState, saveState } from './snapshot.js';
import { DEFAULT_TOKEN_EXPIRATION, type RouterState } from './state.js';
import type { RouterVariant } from './tree/types.js';

export { MAX_SEED_INTERFACES, type RouterSeed } from './seed.js';
export { MAX_ELEMENTS } from './match-list.js';
export type { RecordedRequest } from './server.js';
export type { SavedRouterState } from './snapshot.js';
export type { RouterVariant } from './tree/types.js';

export interface RouterSimOptions {
  host?: string;
  port?: number;
  clock?: Clock;
  /**
   * 'reference': show tables hold arrays, objects, null and booleans; 'shaped': a tree of its own
   * (interfaces ethernet, protocols static, snmp community, nat rule/port-forward). Default 'default'.
   */
  variant?: RouterVariant;
  /** Derive the token signing key from this secret, so tokens outlive a restart; default: random. */
  secretSeed?: string;
  /** Generated state at size (interfaces, a match-list's members): tests and benches. */
  seed?: RouterSeed;
  /** A fleet member's own first configuration (sim/fleet/): applied after `seed`. */
  prepare?: (state: RouterState, now: number) => void;
  /** The admin's password instead of the demo one: each router of a fleet has its own. */
  adminPassword?: string;
  /** How many of the last requests `requests` keeps (default 10,000; a fleet's routers fewer). */
  maxRecorded?: number;
  /** false: nothing listens (url is ''); requests come through `handle` (a class server's port). */
  listen?: boolean;
}

export interface RouterSim {
  url: string;
  port: number;
  clock: Clock;
  faults: Faults;
  requests: RecordedRequest[];
  /** Who can log in: DEMO_USERS on loopback; elsewhere the writers' passwords are random. */
  users: DemoCredentials;
  issueToken(user: string, lifetimeSeconds?: number): Promise<string>;
  /** Answers a request whose path is the router's without `prefix` (e.g. `/t/NAME`), in process. */
  handle(req: IncomingMessage, res: ServerResponse, prefix?: string): void;
  /** The whole state (tree, users, match-lists) as JSON (snapshot.ts). */
  save(): SavedRouterState;
  /** The state back to `saved`, in place (every request after sees it). */
  restore(saved: SavedRouterState): void;
  /** A user that logs in with Basic `name:password` (created, or its password replaced). */
  setUser(name: string, password: string): void;
  close(): Promise<void>;
}

export const DEMO_USERS = {
  admin: { user: 'admin', password: 'admin' },
  operator: { user: 'operator', password: 'operator' },
  tokenOnly: { user: 'automation' },
} as const satisfies {
  admin: { user: 'admin'; password: 'admin' };
  operator: { user: 'operator'; password: 'operator' };
  tokenOnly: { user: 'automation' };
};

export interface DemoCredentials {
  admin: { user: 'admin'; password: string };
  operator: { user: 'operator'; password: string };
  tokenOnly: { user: 'automation' };
}

/** An address only this machine reaches: 127.0.0.0/8, ::1 (also IPv4-mapped), `localhost`. */
export function isLoopbackHost(host: string): boolean {
  const h = host.replace(/^\[(.*)\]$/, '$1').toLowerCase();
  return h === 'localhost' || h === '::1' || /^(::ffff:)?127\.\d{1,3}\.\d{1,3}\.\d{1,3}$/.test(h);
}

/**
 * The users and passwords of a simulator listening on `host`. On loopback the fixed demo ones
 * (DEMO_USERS: tests, `--demo` and lessons rely on admin/admin). Reachable from the network,
 * the users that can write (admin, operator) get random passwords instead — derived from
 * `secretSeed` when given (like the API keys and the token key), so a restart keeps them.
 */
export function demoCredentials(host: string, secretSeed?: string): DemoCredentials {
  if (isLoopbackHost(host)) return DEMO_USERS;
  const password = (user: string) =>
    (secretSeed === undefined
      ? randomBytes(12)
      : createHmac('sha256', secretSeed).update(`router-password:${user}`).digest()
    )
      .subarray(0, 12)
      .toString('base64url');
  return {
    admin: { user: 'admin', password: password('admin') },
    operator: { user: 'operator', password: password('operator') },
    tokenOnly: DEMO_USERS.tokenOnly,
  };
}

export async function startRouterSim(opts: RouterSimOptions = {}): Promise<RouterSim> {
  const clock = opts.clock ?? systemClock;
  const host = opts.host ?? '127.0.0.1';
  const core = createSimServer(clock, opts.variant, opts.secretSeed, opts.maxRecorded);
  if (opts.seed) applySeed(core.state, opts.seed, clock.now());
  opts.prepare?.(core.state, clock.now());
  const demo = demoCredentials(host, opts.secretSeed);
  const users: DemoCredentials =
    opts.adminPassword === undefined
      ? demo
      : { ...demo, admin: { user: 'admin', password: opts.adminPassword } };
  for (const u of [users.admin, users.operator]) {
    const known = core.state.users.get(u.user);
    if (known) known.password = u.password;
  }
  const { server } = core;
  // Longer than any starvation of a loaded test worker: a simulator in the same thread as its
  // client (the unit tests) closing an idle connection just as the client, late by seconds,
  // sends on it is a race of the machine's load, not of the product (whose reads are sent
  // again on a new connection, http/transport.ts). A router's own timeout is often 5 s.
  server.keepAliveTimeout = 65_000;
  const listen = opts.listen !== false;
  if (listen)
    await new Promise<void>((resolve, reject) => {
      server.once('error', reject);
      server.listen(opts.port ?? 0, host, () => {
        server.off('error', reject);
        resolve();
      });
    });
  const port = listen ? (server.address() as AddressInfo).port : 0;
  let closing: Promise<void> | undefined;
  return {
    url: listen ? `http://${urlHost(host)}:${port}` : '',
    port,
    clock,
    faults: core.faults,
    requests: core.requests,
    users,
    issueToken: (user, lifetimeSeconds) => core.auth.issue(user, lifetimeSeconds),
    handle: core.dispatch,
    save: () => saveState(core.state),
    restore: (saved) => restoreState(core.state, saved),
    setUser(name, password) {
      const known = core.state.users.get(name);
      if (known) known.password = password;
      else core.state.users.set(name, { name, password, tokenExpiration: DEFAULT_TOKEN_EXPIRATION });
    },
    close() {
      closing ??= new Promise<void>((resolve) => {
        core.faults.releaseAll();
        if (!listen) return resolve();
        server.close(() => resolve());
        server.closeAllConnections();
      });
      return closing;
    },
  };
}
