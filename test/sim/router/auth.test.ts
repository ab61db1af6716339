import { describe, expect, it } from 'vitest';
import { ManualClock } from '../../../sim/clock.js';
import { DEMO_USERS } from '../../../sim/router/index.js';
import { basic, call, get, post, sim } from './sim-http.js';

const bearer = (t: string) => `Bearer ${t}`;

describe('router sim: authentication', () => {
  it('Basic works for users with a password; missing or wrong credentials give 401 with a challenge', async () => {
    const s = await sim();
    expect(
      (await get(s, '/api/', basic(DEMO_USERS.operator.user, DEMO_USERS.operator.password))).status,
    ).toBe(200);
    const none = await get(s, '/api/', null);
    expect(none.status).toBe(401);
    expect(none.headers.get('www-authenticate')).toBe('Basic realm="router"');
    expect(none.body.ErrorStatus).toBe('Authentication required (HTTP Basic)');
    const wrong = await post(s, '/api/interface/eth9', {}, basic('admin', 'nope'));
    expect(wrong).toMatchObject({
      status: 401,
      body: { RequestStatus: 'ERROR', ErrorStatus: 'Invalid user name or password' },
    });
    expect((await get(s, '/api/', basic('automation', ''))).status).toBe(401);
    // The 401 text never echoes the password.
    expect(JSON.stringify(wrong.body)).not.toContain('nope');
  });

  it('GET /token redirects same-origin, then answers a token that opens /api-oauth/', async () => {
    const s = await sim();
    const first = await call(s, 'GET', '/token', undefined, basic('admin', 'admin'));
    expect(first.status).toBe(302);
    expect(first.headers.get('location')).toBe('/token/issue');
    // A client that follows the redirect (same origin keeps Authorization).
    const res = await fetch(`${s.url}/token`, { headers: { authorization: basic('admin', 'admin') } });
    expect(res.status).toBe(200);
    const { token } = (await res.json()) as { token: string };
    expect(token.split('.')).toHaveLength(3);
    const r = await get(s, '/api-oauth/interface', bearer(token));
    expect(r.status).toBe(200);
    expect(r.body.NodeInfo?.Name).toBe('interface');
    expect((await call(s, 'GET', '/token', undefined, basic('automation', ''))).status).toBe(401);
    expect((await call(s, 'GET', '/token', undefined, null)).status).toBe(401);
  });

  it('bearer tokens expire by the injected clock after the user token-expiration', async () => {
    const clock = new ManualClock();
    const s = await sim({ clock });
    const token = await s.issueToken('automation');
    expect((await get(s, '/api-oauth/', bearer(token))).status).toBe(200);
    clock.advance(1799_000);
    expect((await get(s, '/api-oauth/', bearer(token))).status).toBe(200);
    clock.advance(1000);
    const expired = await get(s, '/api-oauth/', bearer(token));
    expect(expired.status).toBe(401);
    expect(expired.body.ErrorStatus).toBe('Token expired');
    expect(expired.headers.get('www-authenticate')).toContain('Bearer');
    // A fresh token verified for the first time after expiry is refused by jose too.
    const short = await s.issueToken('automation', 60);
    clock.advance(61_000);
    expect((await get(s, '/api-oauth/', bearer(short))).body.ErrorStatus).toBe('Token expired');
  });

  it('rejects garbage, foreign and Basic credentials on /api-oauth/', async () => {
    const s = await sim();
    const other = await sim();
    const foreign = await other.issueToken('admin');
    expect((await get(s, '/api-oauth/', bearer('abc.def.ghi'))).body.ErrorStatus).toBe('Invalid token');
    expect((await get(s, '/api-oauth/', bearer(foreign))).status).toBe(401);
    expect((await get(s, '/api-oauth/', basic('admin', 'admin'))).status).toBe(401);
  });

  it('create-token returns a new token in Message[0] and "\\n" in Message[1]', async () => {
    const clock = new ManualClock();
    const s = await sim({ clock });
    const t1 = await s.issueToken('automation');
    const r = await post(s, '/api-oauth/system/user/automation/api/create-token', undefined, bearer(t1));
    expect(r.status).toBe(200);
    expect(r.body.Message).toHaveLength(2);
    expect(r.body.Message?.[1]).toBe('\n');
    const t2 = r.body.Message?.[0] ?? '';
    expect(t2).not.toBe(t1);
    expect((await get(s, '/api-oauth/', bearer(t2))).status).toBe(200);
    // The old one is not changed.
    expect((await get(s, '/api-oauth/', bearer(t1))).status).toBe(200);
    // Another user's tokens: only admin may.
    const op = await s.issueToken('operator');
    const denied = await post(s, '/api-oauth/system/user/automation/api/create-token', undefined, bearer(op));
    expect(denied.status).toBe(403);
    const viaBasic = await post(s, '/api/system/user/automation/api/create-token', undefined);
    expect(viaBasic.body.Message?.[0]?.split('.')).toHaveLength(3);
  });

  it('token lifetime follows token-expiration; deleting the user voids its tokens', async () => {
    const clock = new ManualClock();
    const s = await sim({ clock });
    await post(s, '/api/system/user/automation/token-expiration/120');
    const t = await s.issueToken('automation');
    clock.advance(121_000);
    expect((await get(s, '/api-oauth/', bearer(t))).status).toBe(401);
    const t2 = await s.issueToken('automation');
    await call(s, 'DELETE', '/api/system/user/automation');
    expect((await get(s, '/api-oauth/', bearer(t2))).body.ErrorStatus).toContain('user no longer exists');
  });
});
