// THE errno → error map of both APIs: one wording, naming the service and its host:port
// ("connection refused by the router at 127.0.0.1:8080"). Messages carry the service, the host
// and the failure kind only: never a header, a URL query or a secret; anything a server or
// the socket layer wrote goes through sanitizeLine.
import { protocolError, type RoutershError, timeoutError, transportError } from '../errors.js';
import { sanitizeLine } from '../term/sanitize.js';
import { isTlsCode, ROUTER_FIXES, type TlsFixes, type TlsGiven, tlsMeaning } from './tls-errors.js';

export type { TlsFixes } from './tls-errors.js';

/** Who an exchange talks to, for messages: `service` is e.g. 'router' or 'telemetry API'. */
export interface Peer {
  service: string;
  /** host:port (the port only when it is not the scheme's default). */
  host: string;
  /** The proxy on the way (its host:port and the variable that named it). */
  proxy?: { host: string; from: string };
  /** The flags a TLS failure names as its fix (default: the router's). */
  fixes?: TlsFixes;
  /** What this side brought to TLS (default: nothing). */
  given?: TlsGiven;
}

const TIMEOUT_CODES = new Set(['UND_ERR_HEADERS_TIMEOUT', 'UND_ERR_BODY_TIMEOUT', 'UND_ERR_CONNECT_TIMEOUT']);
const RESET_CODES = new Set(['ECONNRESET', 'EPIPE', 'UND_ERR_SOCKET', 'ECONNABORTED']);
const DNS_CODES = new Set(['ENOTFOUND', 'EAI_AGAIN', 'EAI_FAIL', 'EAI_NONAME', 'EAI_NODATA']);

const at = (p: Peer) => `the ${p.service} at ${sanitizeLine(p.host)}`;

function errCode(e: unknown): string {
  if (typeof e !== 'object' || e === null) return '';
  const c = (e as { code?: unknown }).code;
  return typeof c === 'string' ? c : '';
}

function errMessage(e: unknown): string {
  return e instanceof Error ? e.message : String(e);
}

/** The innermost cause (undici wraps socket errors). */
function rootCause(e: unknown): unknown {
  let cur = e;
  for (let i = 0; i < 5; i++) {
    const next = typeof cur === 'object' && cur !== null ? (cur as { cause?: unknown }).cause : undefined;
    if (next === undefined || next === null) break;
    cur = next;
  }
  return cur;
}

export function isTimeoutCode(e: unknown): boolean {
  return TIMEOUT_CODES.has(errCode(e)) || TIMEOUT_CODES.has(errCode(rootCause(e)));
}

export function describeSeconds(ms: number): string {
  const s = ms / 1000;
  return `${Number.isInteger(s) ? s : Number(s.toFixed(3))} s`;
}

export function timeoutFor(peer: Peer, timeoutMs: number): RoutershError {
  return timeoutError(`no answer from ${at(peer)} within ${describeSeconds(timeoutMs)}`, { timeoutMs });
}

export function tooLarge(peer: Peer, maxBodyBytes: number): RoutershError {
  return protocolError(`response from ${at(peer)} is larger than ${maxBodyBytes} bytes`, { maxBodyBytes });
}

/** `target` is the origin a redirect pointed to (server-supplied). */
export function redirectRefused(peer: Peer, target: string): RoutershError {
  const where = sanitizeLine(target);
  return transportError(`refused a redirect from ${at(peer)} to another origin (${where})`, {
    redirect: where,
  });
}

/** Redirects a `same-origin` call follows (transport.ts). */
export const MAX_REDIRECTS = 3;

/**
 * A same-origin redirect chain that comes back to an address it visited (`hops` undefined), or
 * still redirects after `hops` redirects: one line, not the library's text.
 */
export function redirectLoop(peer: Peer, path: string, hops?: number): RoutershError {
  const how =
    hops === undefined
      ? 'redirects back to an address already visited'
      : `still redirects after ${hops} redirects`;
  return transportError(`redirect loop at ${at(peer)}: ${sanitizeLine(path)} ${how}`, { redirect: 'loop' });
}

/** undici's error for a redirect to an address the chain already visited. */
export const isRedirectLoop = (e: unknown): boolean =>
  e instanceof Error && /^Redirect loop detected\b/.test(e.message);

/** Marks an error of the hop to the proxy itself (proxy-agent.ts sets it). */
export const PROXY_HOP = Symbol('proxy hop');

/** Whether `e` or one of its causes failed on the hop to the proxy. */
function onProxyHop(e: unknown): boolean {
  let cur = e;
  for (let i = 0; i < 6 && typeof cur === 'object' && cur !== null; i++) {
    if ((cur as { [PROXY_HOP]?: unknown })[PROXY_HOP] === true) return true;
    cur = (cur as { cause?: unknown }).cause;
  }
  return false;
}

/** A proxy's answer other than 200 to CONNECT, or its 407 to a plain request (undici's texts). */
function proxyStatus(e: unknown): number | undefined {
  const m =
    /^Proxy (?:response \((\d{3})\) !== 200 when HTTP Tunneling|Authentication Required \((407)\))/.exec(
      errMessage(e),
    );
  return m ? Number(m[1] ?? m[2]) : undefined;
}

const PROXY_FIXES: TlsFixes = {
  ca: 'NODE_EXTRA_CA_CERTS=FILE',
  insecure: 'an http:// proxy URL',
  cert: 'a proxy that does not ask for one',
};

const PROXY_STATUS: Record<number, string> = {
  407: 'it wants credentials: put user:password in the proxy URL',
  403: 'it does not allow that destination',
  502: 'it could not reach it',
  503: 'it could not reach it',
  504: 'it could not reach it in time',
};

/** Failures of the hop to the proxy itself: the only connection routersh makes when one is set. */
function proxyFailure(e: unknown, code: string, peer: Peer): RoutershError | undefined {
  const proxy = peer.proxy;
  if (!proxy) return undefined;
  const via = `the proxy at ${sanitizeLine(proxy.host)} (${proxy.from})`;
  const details = { errno: code, service: peer.service, host: peer.host, proxy: proxy.host };
  const status = proxyStatus(e) ?? proxyStatus(rootCause(e));
  if (status !== undefined) {
    const why = PROXY_STATUS[status] ?? 'it refused';
    return transportError(`${via} answered HTTP ${status} for ${at(peer)}: ${why}`, { ...details, status });
  }
  if (code === 'ECONNREFUSED') return transportError(`connection refused by ${via}`, details);
  if (DNS_CODES.has(code)) return transportError(`cannot resolve the host of ${via}`, details);
  if (code === 'UND_ERR_PRX_TLS' || (onProxyHop(e) && isTlsCode(code))) {
    // The proxy is verified against the system's CAs (plus NODE_EXTRA_CA_CERTS), not --ca.
    const what = tlsMeaning(code, rootCause(e), proxy.host, PROXY_FIXES, { ca: false, cert: false });
    return transportError(
      `TLS failed with ${via}: ${what ?? sanitizeLine(errMessage(rootCause(e)))}`,
      details,
    );
  }
  if (onProxyHop(e))
    return transportError(`cannot talk to ${via}: ${sanitizeLine(errMessage(rootCause(e)))}`, details);
  return undefined;
}

/** What undici or node threw, as one typed line. */
export function mapTransportError(e: unknown, peer: Peer, timeoutMs: number): RoutershError {
  const cause = rootCause(e);
  const code = errCode(e) || errCode(cause);
  const details = { errno: code, service: peer.service, host: peer.host };
  if (TIMEOUT_CODES.has(code)) return timeoutFor(peer, timeoutMs);
  const viaProxy = proxyFailure(e, errCode(cause) || code, peer);
  if (viaProxy) return viaProxy;
  if (code === 'ECONNREFUSED') return transportError(`connection refused by ${at(peer)}`, details);
  if (DNS_CODES.has(code)) return transportError(`cannot resolve the host of ${at(peer)}`, details);
  const tlsCode = isTlsCode(errCode(cause)) ? errCode(cause) : code;
  if (isTlsCode(tlsCode) || /\b(ssl|tls|certificate)\b/i.test(errMessage(cause))) {
    const given = peer.given ?? { ca: false, cert: false };
    const meaning =
      tlsMeaning(tlsCode, cause, peer.host, peer.fixes ?? ROUTER_FIXES, given) ??
      sanitizeLine(errMessage(cause));
    return transportError(`TLS failed with ${at(peer)}: ${meaning}`, details);
  }
  if (RESET_CODES.has(code)) return transportError(`connection reset by ${at(peer)}`, details);
  if (code === 'EHOSTUNREACH' || code === 'ENETUNREACH') {
    return transportError(`cannot reach ${at(peer)}: host unreachable`, details);
  }
  return transportError(`cannot talk to ${at(peer)}: ${sanitizeLine(errMessage(cause))}`, details);
}
