import { describe, expect, it } from 'vitest';
import { needsRenewal, readToken } from '../../../src/api/router/token.js';

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
  it('renews when less than max(30 s, 10 % of the lifetime) remains', () => {
    const long = readToken(jwt({ iat: t0 / 1000, exp: t0 / 1000 + 1800 }), t0);
    expect(needsRenewal(long, t0)).toBe(false);
    expect(needsRenewal(long, t0 + 1_800_000 - 181_000)).toBe(false);
    expect(needsRenewal(long, t0 + 1_800_000 - 179_000)).toBe(true);
    const short = readToken(jwt({ iat: t0 / 1000, exp: t0 / 1000 + 60 }), t0);
    expect(needsRenewal(short, t0 + 29_000)).toBe(false);
    expect(needsRenewal(short, t0 + 31_000)).toBe(true);
  });
  it('treats an opaque token as never expiring locally', () => {
    const t = readToken('opaque', t0);
    expect(t.expiresAt).toBeUndefined();
    expect(needsRenewal(t, t0 + 1e12)).toBe(false);
  });
});
