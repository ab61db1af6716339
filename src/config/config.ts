// One configuration: defaults < profile file < environment < flags; read once, frozen.
// Secrets come only from files or the environment (never argv, never inline in a profile).
import { colorWanted } from './color.js';
import type { Flags } from './flags.js';
import { usageError } from '../errors.js';
import { readFileBoundedSync } from './read-bounded.js';
import type { PaneLinkSetting } from './profile-schema.js';
import { type Profile, profileByName, profileForRouter } from './profiles.js';
import { type ProxyEnv, proxyFor, readProxyEnv } from './proxy-env.js';
import { readSecretFile } from './secret-file.js';
import { resolveTls, type TlsSetting } from './tls-config.js';

/** The most a profile or a secret file may hold. */
const MAX_CONFIG_BYTES = 1 << 20;
import { serverUrl } from './router-url.js';

export interface Config {
  router?: string;
  user?: string;
  password?: string;
  token?: string;
  auth: 'basic' | 'token';
  /** The router's TLS (PEM text, checked at start): a CA, a client certificate and its key. */
  caPem?: string;
  certPem?: string;
  keyPem?: string;
  insecure: boolean;
  timeoutMs: number;
  telemetryUrl?: string;
  telemetryKey?: string;
  /** The telemetry API's TLS (absent: the system's CAs, verified, no client certificate). */
  telemetryTls?: TlsSetting;
  /** The proxy variables (curl's rules); absent: none is set. */
  proxies?: ProxyEnv;
  profile?: string;
  json: boolean;
  color: boolean;
  /** Long interactive output goes through `--More--` (absent: yes). */
  pager?: boolean;
  /** The profile's `paneLinks` (absent: the panes' defaults). */
  paneLinks?: readonly PaneLinkSetting[];
  keepGoing: boolean;
}

export interface ConfigDeps {
  env: NodeJS.ProcessEnv;
  readFile?: (path: string) => string;
  isTTY?: boolean;
}

function parseTimeout(v: string | number | undefined): number {
  if (v === undefined) return 30_000;
  const n = typeof v === 'number' ? v : Number(v);
  if (!Number.isFinite(n) || n <= 0 || n > 3600)
    throw usageError(`--timeout wants seconds between 0 and 3600, not '${v}'`);
  return Math.round(n * 1000);
}

function checkUrl(u: string, what: string): string {
  let url: URL;
  try {
    url = new URL(u);
  } catch {
    throw usageError(`${what} '${u}' is not a URL (want http://host:port or https://…)`);
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:')
    throw usageError(`${what} must be http:// or https://`);
  if (url.username || url.password)
    throw usageError(`${what} must not carry credentials: use --user and --password-file`);
  return u.replace(/\/+$/, '');
}

/** The environment with empty variables removed: `ROUTERSH_PASSWORD=` means unset, as in most tools. */
function nonEmpty(env: NodeJS.ProcessEnv): NodeJS.ProcessEnv {
  return Object.fromEntries(Object.entries(env).filter(([, v]) => v !== undefined && v !== ''));
}

export function resolveConfig(flags: Flags, deps: ConfigDeps): Readonly<Config> {
  const env = nonEmpty(deps.env);
  // Profiles and secret files are small: a bound keeps `--password-file /dev/zero` from reading forever.
  const read = deps.readFile ?? ((p: string) => readFileBoundedSync(p, MAX_CONFIG_BYTES));
  const profileName = flags.profile ?? env.ROUTERSH_PROFILE;
  let prof: Profile = profileName ? profileByName(profileName, env, read) : {};

  // `host:port` and a bare host mean http://, as `routersh api -s` reads them.
  const named = flags.router ?? env.ROUTERSH_ROUTER ?? prof.router;
  const router = named !== undefined ? serverUrl(named) : undefined;
  // No profile named and nothing to log in with: a profile for this router, as ~/.netrc does.
  const anyCredential =
    flags.user ??
    flags.passwordFile ??
    flags.tokenFile ??
    env.ROUTERSH_USER ??
    env.ROUTERSH_PASSWORD ??
    env.ROUTERSH_TOKEN;
  if (!profileName && router && anyCredential === undefined) prof = profileForRouter(router, env, read) ?? {};
  const user = flags.user ?? env.ROUTERSH_USER ?? prof.user;
  const authRaw = flags.auth ?? env.ROUTERSH_AUTH ?? prof.auth ?? 'basic';
  if (authRaw !== 'basic' && authRaw !== 'token')
    throw usageError(`--auth is basic or token, not '${authRaw}'`);

  // A secret from a flag's file beats the environment, which beats the profile's file.
  const password = flags.passwordFile
    ? readSecretFile(read, flags.passwordFile, 'password')
    : (env.ROUTERSH_PASSWORD ??
      (prof.passwordFile ? readSecretFile(read, prof.passwordFile, 'password') : undefined));
  const token = flags.tokenFile
    ? readSecretFile(read, flags.tokenFile, 'token')
    : (env.ROUTERSH_TOKEN ?? (prof.tokenFile ? readSecretFile(read, prof.tokenFile, 'token') : undefined));
  const telemetryKey = flags.telemetryKeyFile
    ? readSecretFile(read, flags.telemetryKeyFile, 'telemetry key')
    : (env.ROUTERSH_TELEMETRY_KEY ??
      (prof.telemetryKeyFile ? readSecretFile(read, prof.telemetryKeyFile, 'telemetry key') : undefined));
  const telemetryUrl = flags.telemetry ?? env.ROUTERSH_TELEMETRY_URL ?? prof.telemetry;
  const tls = resolveTls(flags, prof, read, { router, telemetry: telemetryUrl });
  const proxies = readProxyEnv(env);

  const color = colorWanted(flags.noColor, env, deps.isTTY === true);
  const cfg: Config = {
    auth: token && authRaw === 'basic' ? 'token' : authRaw,
    insecure: tls.router.insecure,
    timeoutMs: parseTimeout(flags.timeout ?? prof.timeout),
    json: flags.json,
    color,
    keepGoing: flags.keepGoing,
    ...(flags.noPager || prof.pager === false ? { pager: false } : {}),
    ...(prof.paneLinks ? { paneLinks: prof.paneLinks } : {}),
    ...(router ? { router: checkUrl(router, '--router') } : {}),
    ...(user ? { user } : {}),
    ...(password !== undefined ? { password } : {}),
    ...(token ? { token } : {}),
    ...(tls.router.ca ? { caPem: tls.router.ca } : {}),
    ...(tls.router.cert ? { certPem: tls.router.cert } : {}),
    ...(tls.router.key ? { keyPem: tls.router.key } : {}),
    ...(hasTls(tls.telemetry) ? { telemetryTls: tls.telemetry } : {}),
    ...(proxies ? { proxies } : {}),
    ...(telemetryUrl ? { telemetryUrl: checkUrl(telemetryUrl, '--telemetry') } : {}),
    ...(telemetryKey ? { telemetryKey } : {}),
    ...(profileName ? { profile: profileName } : {}),
  };
  return Object.freeze(cfg);
}

const hasTls = (t: TlsSetting) => t.insecure || t.ca !== undefined || t.cert !== undefined;

/** The router client's settings from the configuration (one mapping for the shell and `api`). */
export function routerConnection(cfg: Readonly<Config>, onWarning: (m: string) => void) {
  // One literal, no spread: a fleet run makes one per host, and V8's unoptimised code took
  // ~20x as long to build the same object with a conditional spread in front (measured).
  return {
    baseUrl: cfg.router ?? '',
    user: cfg.user,
    password: cfg.password,
    token: cfg.token,
    auth: cfg.auth,
    timeoutMs: cfg.timeoutMs,
    ca: cfg.caPem,
    cert: cfg.certPem,
    key: cfg.keyPem,
    insecure: cfg.insecure,
    proxy: cfg.router ? proxyFor(cfg.proxies, cfg.router) : undefined,
    onWarning,
  };
}

/** The telemetry client's TLS and proxy (its URL and key are the session's to check). */
export function telemetryConnection(cfg: Readonly<Config>) {
  return {
    tls: cfg.telemetryTls,
    proxy: cfg.telemetryUrl ? proxyFor(cfg.proxies, cfg.telemetryUrl) : undefined,
  };
}
