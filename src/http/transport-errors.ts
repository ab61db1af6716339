// THE errno → error map of both APIs: one wording, naming the service and its host:port
// ("connection refused by the router at 127.0.0.1:8080"). Messages carry the service, the host
// and the failure kind only: never a header, a URL query or a secret; anything a server or
// the socket layer wrote goes through sanitizeLine.
import { protocolError, type RoutershError, timeoutError, transportError } from '../errors.js';
import { sanitizeLine } from '../term/sanitize.js';

/** Who an exchange talks to, for messages: `service` is e.g. 'router' or 'telemetry API'. */
export interface Peer {
  service: string;
  /** host:port (the port only when it is not the scheme's default). */
  host: string;
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

function isTlsCode(code: string): boolean {
  return (
    code.startsWith('ERR_TLS') ||
    code.startsWith('ERR_SSL') ||
    code.startsWith('CERT_') ||
    code.includes('SELF_SIGNED') ||
    code.startsWith('UNABLE_TO_') ||
    code === 'HOSTNAME_MISMATCH'
  );
}

/** What undici or node threw, as one typed line. */
export function mapTransportError(e: unknown, peer: Peer, timeoutMs: number): RoutershError {
  const cause = rootCause(e);
  const code = errCode(e) || errCode(cause);
  const details = { errno: code, service: peer.service, host: peer.host };
  if (TIMEOUT_CODES.has(code)) return timeoutFor(peer, timeoutMs);
  if (code === 'ECONNREFUSED') return transportError(`connection refused by ${at(peer)}`, details);
  if (DNS_CODES.has(code)) return transportError(`cannot resolve the host of ${at(peer)}`, details);
  if (isTlsCode(code) || /\b(ssl|tls|certificate)\b/i.test(errMessage(cause))) {
    return transportError(`TLS failed with ${at(peer)}: ${sanitizeLine(errMessage(cause))}`, details);
  }
  if (RESET_CODES.has(code)) return transportError(`connection reset by ${at(peer)}`, details);
  if (code === 'EHOSTUNREACH' || code === 'ENETUNREACH') {
    return transportError(`cannot reach ${at(peer)}: host unreachable`, details);
  }
  return transportError(`cannot talk to ${at(peer)}: ${sanitizeLine(errMessage(cause))}`, details);
}
