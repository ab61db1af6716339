// Sessions to the hosts of an inventory (issue 39), each an ordinary session (session.ts) opened
// lazily, on first use, from its FleetHost: the host's URL, its user, and the password or token
// read from ITS OWN file, so a credential only ever goes to the host it belongs to. The base
// configuration (flags < environment < profile, --router refused by the inventory) gives the
// defaults under the host's vars: --user, --password-file, TLS, --timeout, the proxies. Nothing
// is asked on the terminal per host. Changes are journaled per host (journal 'file'), so each
// host's changes are undoable as one router's are. `each` runs work on every host with at most
// `forks` at once (features/fleet/run/pool.ts); `close` ends every session opened.
import type { Config } from '../config/config.js';
import { SharedAnswers } from '../api/router/shared-answers.js';
import { SharedResolutions } from '../lang/shared-resolutions.js';
import { readSmallFileSync } from '../config/read-bounded.js';
import { stateDir } from '../config/paths.js';
import { readSecretFile } from '../config/secret-file.js';
import type { FleetHost } from '../contract/fleet.js';
import type { WindowGuardPort } from '../contract/services.js';
import { configError } from '../errors.js';
import { type PoolOutcome, type PoolProgress, runPool } from '../features/fleet/run/pool.js';
import { sanitizeLine } from '../term/sanitize.js';
import { openSession, type Session, type SessionOptions } from './session.js';

export type {
  PoolOutcome as HostOutcome,
  PoolProgress as FleetProgress,
} from '../features/fleet/run/pool.js';

/** What every host's session is opened with (SessionOptions less what fleet.ts sets per host). */
export interface FleetOptions {
  env: NodeJS.ProcessEnv;
  /** A warning of one host's session; the host's name is put in front. */
  warn: (m: string) => void;
  /** Per-host change journal: 'file' (the default) as a script's; false: none (reads only). */
  journal?: 'file' | false;
  yes?: boolean;
  allowUnrevertable?: boolean;
  /** A confirmed window's guard process per host (default none: WAVES watches a run's windows). */
  guard?: boolean;
  /** The window guard every host's session hands its window to (a fleet run's one guard). */
  guardPort?: WindowGuardPort;
  telemetry?: SessionOptions['telemetry'];
  /** Keep-alive sockets per host (default the router client's); 1 for a run whose lines go one at a time. */
  connections?: number;
  /**
   * The hosts' identical GET answers decoded once for all (api/router/shared-answers.ts), and
   * each line resolved once against them (lang/shared-resolutions.ts).
   */
  shareAnswers?: boolean;
  /** Reads a secret file (a seam for tests; default a bounded read). */
  readFile?: (path: string) => string;
}

export interface EachOptions<T> {
  /** Hosts at work at once (`--forks`, 1..1000). */
  forks: number;
  /** Ctrl-C: aborts every host. */
  signal: AbortSignal;
  /** The most one host may take in all, every request and line included (absent: no bound). */
  hostBoundMs?: number;
  onResult?: (r: PoolOutcome<FleetHost, T>) => void;
  onProgress?: (p: PoolProgress) => void;
  /** Close each host's session as soon as its work ends (a one-shot run over 1,000 hosts). */
  closeAfter?: boolean;
  /** The next host's index, shared with another thread's run over the same hosts (pool.ts). */
  next?: Int32Array;
}

export interface Fleet {
  readonly hosts: readonly FleetHost[];
  /** The host's session, opened on first call (the same one after). */
  session(host: FleetHost | string): Promise<Session>;
  /** `work` on every host (or `only` those), at most `forks` at once; outcomes in completion order. */
  each<T>(
    work: (host: FleetHost, session: Session, signal: AbortSignal) => Promise<T>,
    o: EachOptions<T>,
    only?: readonly FleetHost[],
  ): Promise<PoolOutcome<FleetHost, T>[]>;
  /** Closes every session opened (journals flushed first, session.ts). */
  close(): Promise<void>;
}

/** A secret file is one line: a bound well above any password. */
const MAX_SECRET_BYTES = 64 * 1024;

/**
 * One host's configuration: the base's defaults under the host's own values. A host that names
 * its own password or token file uses it and nothing of the base's secrets.
 */
export function hostConfig(
  base: Readonly<Config>,
  host: FleetHost,
  read: (path: string) => string = (p) => readSmallFileSync(p, MAX_SECRET_BYTES),
): Readonly<Config> {
  const router = checkHostUrl(host);
  const own = host.passwordFile !== undefined || host.tokenFile !== undefined;
  const password = host.passwordFile ? readSecretFile(read, host.passwordFile, 'password') : undefined;
  const token = host.tokenFile ? readSecretFile(read, host.tokenFile, 'token') : undefined;
  const { password: basePassword, token: baseToken, telemetryUrl: baseTelemetry } = base;
  // Spread once, then assigned: per host, V8's unoptimised code built the same object from
  // conditional spreads many times slower (docs/benchmarks.md, "Running on many").
  const cfg: Config = { ...hostDefaults(base), router };
  if (host.user !== undefined) cfg.user = host.user;
  const pw = own ? password : basePassword;
  const tk = own ? token : baseToken;
  if (pw !== undefined) cfg.password = pw;
  if (tk !== undefined) cfg.token = tk;
  cfg.auth = tk && !pw ? 'token' : base.auth;
  const telemetryUrl = host.telemetryUrl ?? baseTelemetry;
  if (telemetryUrl) cfg.telemetryUrl = telemetryUrl;
  return Object.freeze(cfg);
}

/** The base less what each host gives itself: made once per base, not per host (an object rest is slow unoptimised). */
const defaultsOf = new WeakMap<Readonly<Config>, Omit<Config, OwnKeys>>();
type OwnKeys = 'router' | 'password' | 'token' | 'profile' | 'telemetryUrl';
function hostDefaults(base: Readonly<Config>): Omit<Config, OwnKeys> {
  let d = defaultsOf.get(base);
  if (!d) {
    const { router: _r, password: _pw, token: _t, profile: _p, telemetryUrl: _u, ...rest } = base;
    d = rest;
    defaultsOf.set(base, d);
  }
  return d;
}

/** The host's router URL, as the inventory resolved it: http(s), no credentials in it. */
function checkHostUrl(host: FleetHost): string {
  const name = () => sanitizeLine(host.name);
  let url: URL;
  try {
    url = new URL(host.router);
  } catch {
    throw configError(`host ${name()}: its router '${sanitizeLine(host.router)}' is not a URL`);
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:')
    throw configError(`host ${name()}: its router must be http:// or https://`);
  if (url.username || url.password)
    throw configError(
      `host ${name()}: its router URL must not carry credentials: use routersh_password_file`,
    );
  return host.router.replace(/\/+$/, '');
}

export function openFleet(base: Readonly<Config>, hosts: readonly FleetHost[], o: FleetOptions): Fleet {
  const byName = new Map(hosts.map((h) => [h.name, h]));
  const opened = new Map<string, Promise<Session>>();
  const sharedAnswers = o.shareAnswers ? new SharedAnswers() : undefined;
  const sharedResolutions = o.shareAnswers ? new SharedResolutions() : undefined;
  const state = stateDir(o.env);
  // The width answers are formatted for, one function for every host's session: the
  // environment is read once, not per host (a getenv each).
  const columns = Number(o.env.COLUMNS);
  const width = () => columns || process.stdout.columns || 80;
  // Assigned, not spread: made per host, where V8's unoptimised code builds an object from
  // spreads many times slower (docs/benchmarks.md, "Running on many").
  const sessionOptions = (host: FleetHost): SessionOptions => {
    const s: SessionOptions = {
      interactive: false,
      env: o.env,
      warn: (m) => o.warn(`${sanitizeLine(host.name)}: ${m}`),
      telemetry: o.telemetry ?? 'on-first-use',
    };
    if (o.journal !== false) s.journal = 'file';
    if (o.yes) s.yes = true;
    if (o.allowUnrevertable) s.allowUnrevertable = true;
    if (o.guard) s.guard = true;
    if (o.guardPort) s.guardPort = o.guardPort;
    if (o.connections !== undefined) s.connections = o.connections;
    if (sharedAnswers) s.sharedAnswers = sharedAnswers;
    if (sharedResolutions) s.sharedResolutions = sharedResolutions;
    s.stateDir = state;
    s.width = width;
    return s;
  };

  const open = (host: FleetHost): Promise<Session> => {
    let s = opened.get(host.name);
    if (!s) {
      s = (async () => openSession(hostConfig(base, host, o.readFile), sessionOptions(host)))();
      opened.set(host.name, s);
      // A failed open is not kept: the next use tries again.
      s.catch(() => opened.delete(host.name));
    }
    return s;
  };
  const closeOne = async (name: string): Promise<void> => {
    const s = opened.get(name);
    opened.delete(name);
    await s?.then((x) => x.close()).catch(() => {});
  };
  return Object.freeze({
    hosts,
    session(host: FleetHost | string) {
      const h = typeof host === 'string' ? byName.get(host) : host;
      if (!h || byName.get(h.name) !== h)
        return Promise.reject(
          configError(
            `no host ${sanitizeLine(String(typeof host === 'string' ? host : host.name))} in the inventory`,
          ),
        );
      return open(h);
    },
    each<T>(
      work: (host: FleetHost, session: Session, signal: AbortSignal) => Promise<T>,
      e: EachOptions<T>,
      only: readonly FleetHost[] = hosts,
    ) {
      return runPool(
        only,
        async (host, signal) => {
          try {
            return await work(host, await open(host), signal);
          } finally {
            if (e.closeAfter) await closeOne(host.name);
          }
        },
        {
          forks: e.forks,
          signal: e.signal,
          name: (h) => h.name,
          ...(e.hostBoundMs !== undefined ? { hostBoundMs: e.hostBoundMs } : {}),
          ...(e.onResult ? { onResult: e.onResult } : {}),
          ...(e.onProgress ? { onProgress: e.onProgress } : {}),
          ...(e.next ? { next: e.next } : {}),
        },
      );
    },
    async close() {
      await Promise.all([...opened.keys()].map(closeOne));
    },
  });
}
