import { decodeJwt } from 'jose';
import { describe, expect, it } from 'vitest';
import { isExpired, needsRenewal, readToken, refreshDelay } from '../../../src/api/router/token.js';

function jwt(claims: Record<string, unknown>): string {
  const enc = (o: unknown) => Buffer.from(JSON.stringify(o)).toString('base64url');
  return `${enc({ alg: 'HS256', typ: 'JWT' })}.${enc(claims)}.c2ln`;
}

describe('token claims', () => {
  const t0 = 1_800_000_000_000;
  it('reads exp, iat and sub without verifying', () => {
    const t = readToken(jwt({ sub: 'automation', iat: t0 / 1000, exp: t0 / 1000 + 1800 }), t0);
    expect(t).toMatchObject({ subject: 'automation', expiresAt: t0 + 1_800_000, lifetimeMs: 1_800_000 });
  });
  it('is due once 80 % of its lifetime (exp − iat) has passed, whatever the lifetime', () => {
    const long = readToken(jwt({ iat: t0 / 1000, exp: t0 / 1000 + 1800 }), t0);
    expect(needsRenewal(long, t0)).toBe(false);
    expect(needsRenewal(long, t0 + 1_439_000)).toBe(false);
    expect(needsRenewal(long, t0 + 1_440_000)).toBe(true);
    // a 5 s token: not due at once (the old fixed 30 s margin renewed it before every request)
    const short = readToken(jwt({ iat: t0 / 1000, exp: t0 / 1000 + 5 }), t0);
    expect(needsRenewal(short, t0)).toBe(false);
    expect(needsRenewal(short, t0 + 3_900)).toBe(false);
    expect(needsRenewal(short, t0 + 4_000)).toBe(true);
  });
  it('without iat, the lifetime runs from when we got it', () => {
    const t = readToken(jwt({ exp: t0 / 1000 + 10 }), t0);
    expect(t.lifetimeMs).toBe(10_000);
    expect(t.renewAt).toBe(t0 + 8_000);
  });
  it('an expired pre-issued token is due and expired', () => {
    const t = readToken(jwt({ iat: t0 / 1000 - 120, exp: t0 / 1000 - 60 }), t0);
    expect(needsRenewal(t, t0)).toBe(true);
    expect(isExpired(t, t0)).toBe(true);
    expect(refreshDelay(t, t0, 0)).toBeUndefined();
  });
  it('a fresh token from a router whose clock is off is put on our clock', () => {
    // the router is 1 h behind: its token looks expired on arrival
    const t = readToken(jwt({ iat: t0 / 1000 - 3600, exp: t0 / 1000 - 3600 + 300 }), t0, { fresh: true });
    expect(t.expiresAt).toBe(t0 + 300_000);
    expect(t.renewAt).toBe(t0 + 240_000);
    expect(needsRenewal(t, t0 + 1_000)).toBe(false);
  });
  it('plans the keep-alive timer at 80 %, then a bounded backoff while the token is valid', () => {
    const t = readToken(jwt({ iat: t0 / 1000, exp: t0 / 1000 + 1800 }), t0);
    expect(refreshDelay(t, t0, 0)).toBe(1_440_000);
    expect(refreshDelay(t, t0 + 1_500_000, 0)).toBe(100); // overdue: at once (never a spin)
    expect(refreshDelay(t, t0 + 1_500_000, 1)).toBe(1_000);
    expect(refreshDelay(t, t0 + 1_500_000, 3)).toBe(4_000);
    expect(refreshDelay(t, t0 + 1_500_000, 40)).toBe(30_000);
    expect(refreshDelay(t, t0 + 1_800_000, 1)).toBeUndefined(); // expired: the next request decides
    const tiny = readToken(jwt({ iat: t0 / 1000, exp: t0 / 1000 }), t0);
    expect(refreshDelay(tiny, t0, 0)).toBeUndefined(); // no lifetime: no timer
  });
  it('treats an opaque token as never expiring locally', () => {
    const t = readToken('opaque', t0);
    expect(t.expiresAt).toBeUndefined();
    expect(needsRenewal(t, t0 + 1e12)).toBe(false);
  });
});

describe('claims are read without jose (start-up), as jose reads them', () => {
  const enc = (v: unknown) =>
    Buffer.from(typeof v === 'string' ? v : JSON.stringify(v)).toString('base64url');
  const header = enc({ alg: 'HS256' });
  it.each([
    ['claims', `${header}.${enc({ sub: 'ops', exp: 2_000_000_000 })}.c2ln`],
    ['an array', `${header}.${enc([1, 2])}.c2ln`],
    ['null', `${header}.${enc(null)}.c2ln`],
    ['not JSON', `${header}.${enc('{nope')}.c2ln`],
    ['two parts', `${header}.${enc({ sub: 'ops' })}`],
    ['five parts (JWE)', `${header}.${enc({ sub: 'ops' })}.a.b.c`],
    ['an empty payload', `${header}..c2ln`],
    ['not base64url', `${header}.e30=+/.c2ln`],
    ['opaque', 'opaque'],
  ])('%s', (_what, token) => {
    let subject: string | undefined;
    try {
      const sub = decodeJwt(token).sub;
      subject = typeof sub === 'string' && sub !== '' ? sub : undefined;
    } catch {
      subject = undefined;
    }
    expect(readToken(token, 0).subject).toBe(subject);
    if (subject === undefined) expect(readToken(token, 0).expiresAt).toBeUndefined();
  });
});
