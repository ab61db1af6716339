// What the client may know about a JWT without its key: the claims, read but NOT verified
// (the router signs them; only the router can check). Used only to renew before expiry and
// to learn the user name of a pre-issued token. The renewal plan is pure (times in, times out).
import { MAX_TIMER_MS } from '../../http/transport.js';

/**
 * The claims of a compact JWS, not verified: what jose's decodeJwt does, in a few lines, so a
 * run does not load jose (start-up of every one-shot command, issue 9); jose stays for the
 * simulator, which signs. Throws on anything that is not header.payload.signature with a JSON
 * object for payload.
 */
function decodeClaims(token: string): Record<string, unknown> {
  const parts = token.split('.');
  const payload = parts[1];
  if (parts.length !== 3 || payload === undefined || !/^[A-Za-z0-9_-]+$/.test(payload))
    throw new TypeError('not a compact JWS');
  const v: unknown = JSON.parse(Buffer.from(payload, 'base64url').toString('utf8'));
  if (typeof v !== 'object' || v === null || Array.isArray(v))
    throw new TypeError('claims are not an object');
  return v as Record<string, unknown>;
}

export interface TokenInfo {
  token: string;
  /** Expiry in ms since the epoch, on our clock, when the token says. */
  expiresAt?: number;
  /** Lifetime in ms: exp − iat, or exp − when we got it. */
  lifetimeMs?: number;
  /** When about 80 % of the lifetime has passed (our clock): renew from then on. */
  renewAt?: number;
  /** `sub` claim, when present (raw: server text, sanitize before showing it). */
  subject?: string;
}

/** Share of the lifetime after which a token is renewed (a 5 s token: after 4 s). */
export const RENEW_AFTER = 0.8;
// A router clock further off than this from ours is not trusted for a token it just issued.
const SKEW_TOLERANCE_MS = 5_000;

/**
 * Reads the claims. `fresh`: the router issued it just now (/token, create-token), so its `iat`
 * is now; when the router's clock disagrees with ours by more than a few seconds, the token's
 * times are moved onto our clock — otherwise a router with a wrong clock would hand out tokens
 * that look expired on arrival (renewed before every request) or that never look due.
 */
export function readToken(token: string, now: number, o: { fresh?: boolean } = {}): TokenInfo {
  const info: TokenInfo = { token };
  let claims: Record<string, unknown>;
  try {
    claims = decodeClaims(token);
  } catch {
    return info; // opaque token: renew only when the router says 401
  }
  const exp = claims['exp'];
  const iat = claims['iat'];
  const sub = claims['sub'];
  if (typeof sub === 'string' && sub !== '') info.subject = sub;
  if (typeof exp !== 'number' || !Number.isFinite(exp)) return info;
  let expiresAt = exp * 1000;
  const issuedAt = typeof iat === 'number' && Number.isFinite(iat) ? iat * 1000 : undefined;
  let start = issuedAt ?? now;
  if (o.fresh && issuedAt !== undefined && Math.abs(issuedAt - now) > SKEW_TOLERANCE_MS) {
    expiresAt += now - issuedAt;
    start = now;
  }
  const lifetimeMs = Math.max(0, expiresAt - start);
  return { ...info, expiresAt, lifetimeMs, renewAt: expiresAt - (1 - RENEW_AFTER) * lifetimeMs };
}

/** About 80 % of the lifetime has passed (a token without `exp` is never due locally). */
export function needsRenewal(t: TokenInfo, now: number): boolean {
  return t.renewAt !== undefined && now >= t.renewAt;
}

export function isExpired(t: TokenInfo, now: number): boolean {
  return t.expiresAt !== undefined && now >= t.expiresAt;
}

// The keep-alive timer: never sooner than this (a token of no lifetime must not spin it), and
// not at all for tokens shorter than a second (renewed by requests only).
const MIN_DELAY_MS = 100;
const MIN_TIMED_LIFETIME_MS = 1_000;
const MAX_BACKOFF_MS = 30_000;

/**
 * When the keep-alive timer should next renew `t`, in ms from now; undefined: no timer.
 * After `failures` failed attempts it retries with a doubling delay (from 1/40 of the
 * lifetime, at most 1 s, so that a few retries fit in the last 20 %; never over 30 s), and
 * only while the token is still valid — an expired token is renewed (or given up) by the
 * next request.
 */
export function refreshDelay(t: TokenInfo, now: number, failures: number): number | undefined {
  if (t.renewAt === undefined || t.expiresAt === undefined) return undefined;
  const lifetime = t.lifetimeMs ?? 0;
  if (lifetime < MIN_TIMED_LIFETIME_MS || isExpired(t, now)) return undefined;
  // A token valid for decades (its `exp` is the server's) renews after ~24.8 days: a longer
  // delay would overflow the timer and fire at once, renewing in a loop.
  if (failures === 0) return Math.min(MAX_TIMER_MS, Math.max(MIN_DELAY_MS, t.renewAt - now));
  const base = Math.min(1_000, lifetime / 40);
  const backoff = Math.min(MAX_BACKOFF_MS, base * 2 ** (failures - 1));
  return Math.max(MIN_DELAY_MS, backoff);
}
