// Turns what undici/node throw into one-line typed errors that say which failure it was.
// Messages carry the host and the failure kind only: never a header, URL query or secret.
import { type RoutershError, timeoutError, transportError } from '../errors.js';
import { sanitizeLine } from '../term/sanitize.js';

const TIMEOUT_CODES = new Set(['UND_ERR_HEADERS_TIMEOUT', 'UND_ERR_BODY_TIMEOUT', 'UND_ERR_CONNECT_TIMEOUT']);
const RESET_CODES = new Set(['ECONNRESET', 'EPIPE', 'UND_ERR_SOCKET', 'ECONNABORTED']);
const DNS_CODES = new Set(['ENOTFOUND', 'EAI_AGAIN', 'EAI_FAIL', 'EAI_NONAME', 'EAI_NODATA']);

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

export function timeoutFor(origin: string, timeoutMs: number): RoutershError {
  return timeoutError(`no answer from ${origin} within ${describeSeconds(timeoutMs)}`, { timeoutMs });
}

function isTlsCode(code: string): boolean {
  return (
    code.startsWith('ERR_TLS') ||
    code.startsWith('ERR_SSL') ||
    code.startsWith('CERT_') ||
    code.includes('SELF_SIGNED') ||
    code.startsWith('UNABLE_TO_') ||
    code === 'HOSTNAME_MISMATCH' ||
    code === 'ERR_TLS_CERT_ALTNAME_INVALID'
  );
}

/** `host` is host:port of the router. */
export function mapTransportError(
  e: unknown,
  host: string,
  origin: string,
  timeoutMs: number,
): RoutershError {
  const cause = rootCause(e);
  const code = errCode(e) || errCode(cause);
  const details = { errno: code };
  if (TIMEOUT_CODES.has(code)) return timeoutFor(origin, timeoutMs);
  if (code === 'ECONNREFUSED') return transportError(`connection refused by ${host}`, details);
  if (DNS_CODES.has(code)) return transportError(`cannot resolve host ${host.replace(/:\d+$/, '')}`, details);
  if (isTlsCode(code) || /\b(ssl|tls|certificate)\b/i.test(errMessage(cause))) {
    return transportError(`TLS: ${sanitizeLine(errMessage(cause))}`, details);
  }
  if (RESET_CODES.has(code)) return transportError(`connection reset by ${host}`, details);
  if (code === 'EHOSTUNREACH' || code === 'ENETUNREACH') {
    return transportError(`host ${host} is unreachable`, details);
  }
  return transportError(`cannot talk to ${host}: ${sanitizeLine(errMessage(cause))}`, details);
}
