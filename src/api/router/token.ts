// What the client may know about a JWT without its key: the claims, read but NOT verified
// (the router signs them; only the router can check). Used only to renew before expiry and
// to learn the user name of a pre-issued token.
import { decodeJwt } from 'jose';

export interface TokenInfo {
  token: string;
  /** Expiry in ms since the epoch, when the token says. */
  expiresAt?: number;
  /** Lifetime in ms: exp − iat, or exp − when we got it. */
  lifetimeMs?: number;
  /** `sub` claim, when present. */
  subject?: string;
}

export function readToken(token: string, now: number): TokenInfo {
  const info: TokenInfo = { token };
  let claims: Record<string, unknown>;
  try {
    claims = decodeJwt(token);
  } catch {
    return info; // opaque token: renew only when the router says 401
  }
  const exp = claims['exp'];
  const iat = claims['iat'];
  const sub = claims['sub'];
  if (typeof sub === 'string' && sub !== '') info.subject = sub;
  if (typeof exp === 'number' && Number.isFinite(exp)) {
    info.expiresAt = exp * 1000;
    const start = typeof iat === 'number' && Number.isFinite(iat) ? iat * 1000 : now;
    info.lifetimeMs = Math.max(0, info.expiresAt - start);
  }
  return info;
}

/** Renew when less than max(30 s, 10 % of the lifetime) remains. */
export function needsRenewal(t: TokenInfo, now: number): boolean {
  if (t.expiresAt === undefined) return false;
  const margin = Math.max(30_000, 0.1 * (t.lifetimeMs ?? 0));
  return t.expiresAt - now < margin;
}
