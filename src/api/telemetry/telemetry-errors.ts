// Turns telemetry HTTP failures into RoutershErrors: one line, sanitized, and never holding
// the API key (a server that echoes it back is redacted too: src/api/redact.ts).
import { protocolError, RoutershError } from '../../errors.js';
import { sanitizeLine } from '../../term/sanitize.js';
import { nestedDeeperThan } from '../json-depth.js';
import { redactDeep } from '../redact.js';
import { isObj } from './decode.js';

const clip = (s: string, n = 300) => (s.length > n ? `${s.slice(0, n)}…` : s);

/**
 * A non-2xx answer. The documented body is `{error:{code,message,details,request_id}}`; a
 * body without it still yields a telemetry error named `http_<status>`, so the status (and
 * the retry decision taken on it) is never lost behind a proxy's HTML page.
 */
export function httpError(
  status: number,
  bodyText: string,
  secret: string,
  opts: { extra?: Record<string, unknown>; note?: string; headerRequestId?: string | undefined } = {},
) {
  const { extra = {}, note = '' } = opts;
  let body: unknown;
  try {
    body = JSON.parse(bodyText);
  } catch {
    body = undefined;
  }
  if (nestedDeeperThan(body)) body = undefined; // error.details is walked for redaction
  const e = isObj(body) ? body.error : undefined;
  const code = isObj(e) && typeof e.code === 'string' ? e.code : `http_${status}`;
  let message = isObj(e) && typeof e.message === 'string' ? e.message : typeof e === 'string' ? e : '';
  const requestId = isObj(e) && typeof e.request_id === 'string' ? e.request_id : opts.headerRequestId;
  if (message === '') message = body === undefined ? 'the response had no JSON error body' : 'no message';
  if (status === 401) message = `could not authenticate (the API key is invalid or expired): ${message}`;
  const line = sanitizeLine(clip(redactDeep(`${code}: ${message}`, secret)) + note);
  const suffix =
    requestId !== undefined ? ` (request_id ${sanitizeLine(clip(redactDeep(requestId, secret), 80))})` : '';
  const details: Record<string, unknown> = { status, code: redactDeep(code, secret), ...extra };
  if (requestId !== undefined) details.requestId = redactDeep(requestId, secret);
  if (isObj(e) && e.details !== undefined) details.details = redactDeep(e.details, secret);
  return new RoutershError(status === 401 ? 'telemetry_auth' : 'telemetry', line + suffix, details);
}

/** A 3xx: redirects are never followed, so the key never reaches another origin. */
export function redirectError(status: number, location: string | undefined, base: URL) {
  let where = 'an unknown location';
  if (location !== undefined) {
    try {
      where = new URL(location, base).origin;
    } catch {
      where = 'an invalid location';
    }
  }
  return new RoutershError(
    'telemetry_redirect',
    sanitizeLine(
      `redirect: the telemetry API redirected (HTTP ${status}) to ${where}; redirects are not followed and the API key was not sent there (check the telemetry URL)`,
    ),
    { status, code: 'redirect', location: sanitizeLine(where) },
  );
}

export function garbageError(what: string, status: number) {
  return protocolError(`telemetry API answered HTTP ${status} with ${what}`, { status });
}
