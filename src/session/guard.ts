// The guard of a confirmed-change window: a detached routersh (`routersh __guard`) that reverts
// the window's changes at its end unless they were confirmed, whether or not the shell that
// opened it still runs (exit, SIGKILL, a lost SSH session: it has its own session, no terminal).
// The credentials reach it through a pipe — never argv, the environment or a file; its log is
// JOURNAL.WINDOW.guard.log (0600).
import { closeSync, existsSync, openSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Config } from '../config/config.js';
import type { GuardIdentity } from '../contract/journal.js';
import type { WindowGuardPort } from '../contract/services.js';
import { processStart } from '../features/changes/process-alive.js';
import type { ClockSpec } from './clock.js';

/** What the guard needs to reach the router as the session did. */
export interface GuardCredentials {
  router: string;
  user?: string | undefined;
  password?: string | undefined;
  token?: string | undefined;
  auth: Config['auth'];
  caPem?: string | undefined;
  certPem?: string | undefined;
  keyPem?: string | undefined;
  insecure: boolean;
  /** The session's proxy variables: the guard's environment has none (it gets PATH and HOME). */
  proxies?: Config['proxies'];
  timeoutMs: number;
  /** A test's clock (session/clock.ts, set only by code); absent: the system clock. */
  clock?: ClockSpec | undefined;
}

// node:child_process (with dgram, net's socket list, spawn_sync) is required only when a window
// opens: every session holds this port, and loading it cost ~3 ms of a one-shot start (measured).
const spawnChild = (...a: Parameters<typeof import('node:child_process').spawn>) =>
  (createRequire(import.meta.url)('node:child_process') as typeof import('node:child_process')).spawn(...a);

/** bin/routersh.cjs of this installation: found upwards from this module (dist/ or src/). */
export function binPath(): string | undefined {
  let dir = dirname(fileURLToPath(import.meta.url));
  for (let i = 0; i < 5; i++) {
    const bin = join(dir, 'bin', 'routersh.cjs');
    if (existsSync(bin) && existsSync(join(dir, 'dist', 'main.cjs'))) return bin;
    dir = dirname(dir);
  }
  return undefined;
}

export function guardPort(cfg: Readonly<Config>, env: NodeJS.ProcessEnv, clock?: ClockSpec): WindowGuardPort {
  return Object.freeze({
    start({
      journal,
      window,
    }: {
      journal: string;
      window: string;
      deadline: number;
    }): GuardIdentity | undefined {
      if (!cfg.router) return undefined;
      const creds = guardCredentials(cfg, clock);
      return spawnGuard(
        ['__guard', '--journal', journal, '--window', window],
        `${journal}.${window}.guard.log`,
        creds,
        env,
      );
    },
  });
}

/**
 * Spawns a guard (`routersh ARGS`) detached, its log at `logFile` (0600), `payload` (the
 * credentials) through its stdin pipe: the process it is, or undefined when none could start.
 */
export function spawnGuard(
  args: string[],
  logFile: string,
  payload: unknown,
  env: NodeJS.ProcessEnv,
): GuardIdentity | undefined {
  const bin = binPath();
  if (!bin) return undefined;
  let log: number | undefined;
  try {
    log = openSync(logFile, 'a', 0o600);
    const child = spawnChild(process.execPath, [bin, ...args], {
      detached: true,
      stdio: ['pipe', log, log],
      // Only what it needs of the environment: where state lives; no secret travels here.
      env: {
        PATH: env.PATH ?? '',
        HOME: env.HOME ?? '',
        ...(env.XDG_STATE_HOME ? { XDG_STATE_HOME: env.XDG_STATE_HOME } : {}),
      },
    });
    child.stdin?.end(`${JSON.stringify(payload)}\n`);
    child.unref();
    if (child.pid === undefined) return undefined;
    // Read now: its start names it (a pid reused later is not it); it lives until it settles.
    const pidStart = processStart(child.pid);
    return { pid: child.pid, ...(pidStart ? { pidStart } : {}) };
  } catch {
    return undefined;
  } finally {
    if (log !== undefined) closeSync(log);
  }
}

/** What a fleet run's one guard gets through its pipe: each host's credentials, by host name. */
export interface RunGuardCredentials {
  hosts: Record<string, GuardCredentials>;
  clock?: ClockSpec | undefined;
}

/** The credentials the guard needs to reach a router as `cfg` does (secrets included: pipe only). */
export function guardCredentials(cfg: Readonly<Config>, clock?: ClockSpec): GuardCredentials {
  return {
    router: cfg.router ?? '',
    user: cfg.user,
    password: cfg.password,
    token: cfg.token,
    auth: cfg.auth,
    caPem: cfg.caPem,
    certPem: cfg.certPem,
    keyPem: cfg.keyPem,
    insecure: cfg.insecure,
    proxies: cfg.proxies,
    timeoutMs: cfg.timeoutMs,
    ...(clock ? { clock } : {}),
  };
}

/** The configuration a guard reaches its router with, from what its pipe brought. */
export function configOfCredentials(c: GuardCredentials): Config {
  return {
    router: c.router,
    auth: c.auth,
    insecure: c.insecure,
    timeoutMs: c.timeoutMs,
    json: false,
    color: false,
    keepGoing: false,
    ...(c.user !== undefined ? { user: c.user } : {}),
    ...(c.password !== undefined ? { password: c.password } : {}),
    ...(c.token !== undefined ? { token: c.token } : {}),
    ...(c.caPem !== undefined ? { caPem: c.caPem } : {}),
    ...(c.certPem !== undefined ? { certPem: c.certPem } : {}),
    ...(c.keyPem !== undefined ? { keyPem: c.keyPem } : {}),
    ...(c.proxies !== undefined ? { proxies: c.proxies } : {}),
  };
}
