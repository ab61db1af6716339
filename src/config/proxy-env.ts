// Proxies from the environment, read as curl reads them (curl(1), ENVIRONMENT), so routersh
// goes where curl goes from the same shell:
// - `https_proxy`/`HTTPS_PROXY` for https:// URLs; `http_proxy` for http:// — lower case only,
//   as curl: a CGI program gets `HTTP_PROXY` from a request's `Proxy:` header ("httpoxy");
// - `all_proxy`/`ALL_PROXY` when the scheme's own is not set; lower case wins;
// - `no_proxy`/`NO_PROXY`: `*`, host names matched as themselves or a domain that contains the
//   host (`lab` matches `r1.lab`; a leading `.` or `*.` is the same), IP addresses and CIDR
//   ranges matched against an IP-literal URL (IPv6 with or without brackets), and — beyond
//   curl, which never matches such an entry — `host:port` matching that port only.
// A proxy is `[http://|https://][user:password@]host[:port]`; without a port, 1080 (http) or
// 443 (https) as curl. Its credentials go only to the proxy, as Proxy-Authorization.
// A value is never echoed in a message: it may hold the proxy's password.
import { createRequire } from 'node:module';
import { configError } from '../errors.js';

// node:net's ESM face evaluates all its exports (BlockList loads two more internal modules):
// required here only when a proxy is set.
// Made on first use: createRequire costs ~0.1 ms, paid at start-up by every run otherwise.
let required: NodeJS.Require | undefined;
const requireAtRuntime = (id: string): unknown => {
  required ??= createRequire(import.meta.url);
  return required(id);
};
const net = () => requireAtRuntime('node:net') as typeof import('node:net');

/** The proxy for one target, as the transport uses it. */
export interface ProxySetting {
  /** scheme://host:port of the proxy, without credentials. */
  uri: string;
  /** `Basic …` from the proxy URL's user:password: sent to the proxy only. */
  authorization?: string;
  /** The variable it came from, for messages (`https_proxy`). */
  from: string;
}

/** The proxy variables as read at start; plain data (it travels to a window's guard as JSON). */
export interface ProxyEnv {
  http?: ProxySetting;
  https?: ProxySetting;
  all?: ProxySetting;
  /** no_proxy's entries, lower case. */
  noProxy: string[];
}

const DEFAULT_PROXY_PORT: Record<string, string> = { 'http:': '1080', 'https:': '443' };

function parseProxy(value: string, from: string): ProxySetting {
  const text = /^[a-z][a-z0-9+.-]*:\/\//i.test(value) ? value : `http://${value}`;
  let url: URL;
  try {
    url = new URL(text);
  } catch {
    throw configError(`${from} is not a proxy URL: want [http://|https://][user:password@]host[:port]`);
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') {
    throw configError(
      `${from}: routersh uses http:// and https:// proxies, not ${url.protocol.replace(/:$/, '')}://`,
    );
  }
  const port = url.port || DEFAULT_PROXY_PORT[url.protocol];
  const out: ProxySetting = { uri: `${url.protocol}//${url.hostname}:${port}`, from };
  if (url.username || url.password) {
    let user: string;
    let password: string;
    try {
      user = decodeURIComponent(url.username);
      password = decodeURIComponent(url.password);
    } catch {
      throw configError(`${from}: the proxy's user or password is not valid percent-encoding`);
    }
    out.authorization = `Basic ${Buffer.from(`${user}:${password}`).toString('base64')}`;
  }
  return out;
}

/** The first of `names` that is set (the environment given has no empty variables). */
function first(env: NodeJS.ProcessEnv, names: string[]): ProxySetting | undefined {
  for (const name of names) {
    const v = env[name]?.trim();
    if (v) return parseProxy(v, name);
  }
  return undefined;
}

/** The proxy variables, checked; undefined when no proxy is set (the common case: nothing loads). */
export function readProxyEnv(env: NodeJS.ProcessEnv): ProxyEnv | undefined {
  const http = first(env, ['http_proxy']);
  const https = first(env, ['https_proxy', 'HTTPS_PROXY']);
  const all = first(env, ['all_proxy', 'ALL_PROXY']);
  if (!http && !https && !all) return undefined;
  const noProxy = (env.no_proxy ?? env.NO_PROXY ?? '')
    .split(/[,\s]+/)
    .map((e) => e.trim().toLowerCase())
    .filter(Boolean);
  return { ...(http ? { http } : {}), ...(https ? { https } : {}), ...(all ? { all } : {}), noProxy };
}

/** The proxy `target` (a base URL) is reached through, or undefined: straight to it. */
export function proxyFor(p: ProxyEnv | undefined, target: string): ProxySetting | undefined {
  if (!p) return undefined;
  const url = new URL(target);
  const port = Number(url.port || (url.protocol === 'https:' ? 443 : 80));
  if (p.noProxy.some((entry) => bypasses(entry, url.hostname, port))) return undefined;
  return (url.protocol === 'https:' ? p.https : p.http) ?? p.all;
}

/** `host`, `host:port`, `[v6]:port`, `v6`, `net/bits`: the host part and the port, if any. */
function splitPort(entry: string): { host: string; port?: number } {
  const bracketed = /^\[([^\]]+)\](\/\d+)?(?::(\d+))?$/.exec(entry);
  if (bracketed) {
    const host = `${bracketed[1] ?? ''}${bracketed[2] ?? ''}`;
    return { host, ...(bracketed[3] ? { port: Number(bracketed[3]) } : {}) };
  }
  const hostPort = /^([^:]+):(\d+)$/.exec(entry);
  if (hostPort) return { host: hostPort[1] ?? '', port: Number(hostPort[2]) };
  return { host: entry };
}

/** Whether one no_proxy entry sends `hostname` (a URL's: IPv6 in brackets) straight. */
export function bypasses(entry: string, hostname: string, port: number): boolean {
  if (entry === '*') return true;
  const e = splitPort(entry);
  if (e.port !== undefined && e.port !== port) return false;
  const host = hostname
    .replace(/^\[(.*)\]$/, '$1')
    .replace(/\.$/, '')
    .toLowerCase();
  const family = net().isIP(host);
  if (family !== 0) return ipMatches(e.host, host, family === 4 ? 'ipv4' : 'ipv6');
  const name = e.host.replace(/^\*?\./, '').replace(/\.$/, '');
  return name !== '' && (host === name || host.endsWith(`.${name}`));
}

/** An IP literal against an address or a CIDR range of its family (curl compares no names here). */
function ipMatches(pattern: string, ip: string, type: 'ipv4' | 'ipv6'): boolean {
  const [address = '', bits] = pattern.split('/');
  if (net().isIP(address) !== (type === 'ipv4' ? 4 : 6)) return false;
  const max = type === 'ipv4' ? 32 : 128;
  // As curl: no bits, or 0, compare the whole address.
  const prefix = bits === undefined || Number(bits) === 0 ? max : Number(bits);
  if (!Number.isInteger(prefix) || prefix < 0 || prefix > max) return false;
  const list = new (net().BlockList)();
  list.addSubnet(address, prefix, type);
  return list.check(ip, type);
}
