// Basic credentials against the user table, and HS256 JWTs signed with a per-instance secret
// (random, or derived from a seed so tokens survive a restart of `routersh sim`).
// The injected clock drives both iat/exp and verification, so tests expire tokens by hand.
import { createHash, createHmac, randomBytes, randomUUID, timingSafeEqual } from 'node:crypto';
import { SignJWT, jwtVerify } from 'jose';
import type { Clock } from '../clock.js';
import { DEFAULT_TOKEN_EXPIRATION, type RouterState } from './state.js';

const ISSUER = 'routersim';
const digest = (s: string): Buffer => createHash('sha256').update(s).digest();

export type AuthResult = { user: string } | { error: string };

export class Auth {
  private readonly secret: Uint8Array;
  /** Tokens already verified once: sub and exp, so repeated requests skip the HMAC. */
  private readonly verified = new Map<string, { sub: string; exp: number }>();

  constructor(
    private readonly state: RouterState,
    private readonly clock: Clock,
    secretSeed?: string,
  ) {
    this.secret = new Uint8Array(
      secretSeed === undefined
        ? randomBytes(32)
        : createHmac('sha256', secretSeed).update('router-token-key').digest(),
    );
  }

  async issue(user: string, lifetimeSeconds?: number): Promise<string> {
    const now = Math.floor(this.clock.now() / 1000);
    const lifetime =
      lifetimeSeconds ?? this.state.users.get(user)?.tokenExpiration ?? DEFAULT_TOKEN_EXPIRATION;
    return new SignJWT({})
      .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
      .setSubject(user)
      .setIssuer(ISSUER)
      .setIssuedAt(now)
      .setExpirationTime(now + lifetime)
      .setJti(randomUUID())
      .sign(this.secret);
  }

  /** Checks `Authorization: Basic …` against users that have a password. */
  basic(header: string | undefined): AuthResult {
    const m = /^Basic\s+([A-Za-z0-9+/=]+)\s*$/i.exec(header ?? '');
    if (!m?.[1]) return { error: 'Authentication required (HTTP Basic)' };
    const decoded = Buffer.from(m[1], 'base64').toString('utf8');
    const colon = decoded.indexOf(':');
    if (colon < 0) return { error: 'Malformed Basic credentials' };
    const name = decoded.slice(0, colon);
    const given = decoded.slice(colon + 1);
    const u = this.state.users.get(name);
    // Compare digests so the time taken does not depend on the password.
    const ok = u?.password !== undefined && timingSafeEqual(digest(u.password), digest(given));
    return ok ? { user: name } : { error: 'Invalid user name or password' };
  }

  /** Checks `Authorization: Bearer <jwt>`: signature, expiry (by the clock), user still present. */
  async bearer(header: string | undefined): Promise<AuthResult> {
    const m = /^Bearer\s+(\S+)\s*$/i.exec(header ?? '');
    const token = m?.[1];
    if (!token) return { error: 'Authentication required (Bearer token)' };
    const nowSec = Math.floor(this.clock.now() / 1000);
    let claims = this.verified.get(token);
    if (!claims) {
      try {
        const { payload } = await jwtVerify(token, this.secret, {
          algorithms: ['HS256'],
          issuer: ISSUER,
          currentDate: new Date(this.clock.now()),
          requiredClaims: ['sub', 'exp'],
        });
        claims = { sub: String(payload.sub), exp: Number(payload.exp) };
        if (this.verified.size >= 1000) this.verified.clear();
        this.verified.set(token, claims);
      } catch (e) {
        const expired = e instanceof Error && 'code' in e && e.code === 'ERR_JWT_EXPIRED';
        return { error: expired ? 'Token expired' : 'Invalid token' };
      }
    }
    if (nowSec >= claims.exp) return { error: 'Token expired' };
    if (!this.state.users.has(claims.sub)) return { error: 'Invalid token: user no longer exists' };
    return { user: claims.sub };
  }
}
