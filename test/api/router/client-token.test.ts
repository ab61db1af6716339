// Token access against the simulator: /token through its redirect, renewal at 80 % of the lifetime on a
// manual clock, create-token renewal of a pre-issued token, shared renewals.
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { RouterClient, type RouterClientConfig } from '../../../src/api/router/client.js';
import { ManualClock } from '../../../sim/clock.js';
import { DEMO_USERS, startRouterSim } from '../../../sim/router/index.js';
import { failure, secretsIn } from '../../helpers/expect-error.js';
import { exitStatusOf } from '../../../src/exit-status.js';

type Sim = Awaited<ReturnType<typeof startRouterSim>>;
let sim: Sim;
let clock: ManualClock;
const clients: RouterClient[] = [];

function client(over: Partial<RouterClientConfig> = {}): RouterClient {
  const c = new RouterClient({
    baseUrl: sim.url,
    user: DEMO_USERS.admin.user,
    password: DEMO_USERS.admin.password,
    auth: 'token',
    timeoutMs: 5000,
    now: () => clock.now(),
    ...over,
  });
  clients.push(c);
  return c;
}

beforeAll(async () => {
  clock = new ManualClock();
  sim = await startRouterSim({ host: '127.0.0.1', port: 0, clock });
});
afterEach(async () => {
  sim.faults.clear();
  sim.requests.length = 0;
  await Promise.all(clients.splice(0).map((c) => c.close()));
});
afterAll(async () => {
  await sim.close();
});

const paths = () => sim.requests.map((r) => `${r.method} ${r.url.replace(/\?.*/, '')}`);
const tokenFetches = () => sim.requests.filter((r) => r.url.startsWith('/token')).length;
const bearerOf = (i: number) => String(sim.requests[i]?.headers['authorization'] ?? '');

describe('token mode with a password', () => {
  it('gets a JWT from /token (following its redirect) and uses /api-oauth/ with Bearer', async () => {
    const c = client();
    const env = await c.get(['interface']);
    expect(env.nodeInfo?.name).toBe('interface');
    const p = paths();
    expect(p[0]).toBe('GET /token');
    expect(p.at(-1)).toBe('GET /api-oauth/interface');
    // the redirect was followed on the same origin, with the credentials
    expect(p.length).toBeGreaterThanOrEqual(3);
    expect(bearerOf(p.length - 1)).toMatch(/^Bearer [\w-]+\.[\w-]+\.[\w-]+$/);
  });

  it('renews once 80 % of the lifetime has passed, on the manual clock', async () => {
    const c = client();
    await c.get(['interface']);
    await c.get(['interface']);
    expect(tokenFetches()).toBeGreaterThanOrEqual(1);
    const first = tokenFetches();
    const oldBearer = bearerOf(sim.requests.length - 1);
    clock.advance(1400 * 1000); // 1400 s of 1800 passed: under 80 % (1440 s)
    await c.get(['interface']);
    expect(tokenFetches()).toBe(first);
    clock.advance(50 * 1000); // 1450 s passed: renew
    await c.get(['interface']);
    expect(tokenFetches()).toBeGreaterThan(first);
    expect(bearerOf(sim.requests.length - 1)).not.toBe(oldBearer);
  });

  it('concurrent requests share one token fetch and one renewal', async () => {
    const c = client();
    await Promise.all(Array.from({ length: 6 }, () => c.get(['interface'])));
    const first = tokenFetches();
    clock.advance(1790 * 1000);
    await Promise.all(Array.from({ length: 6 }, () => c.get(['interface'])));
    expect(tokenFetches()).toBe(first * 2);
  });

  it('a wrong password gives an auth error without the password', async () => {
    const e = await failure(client({ password: 'Wr0ng-pass' }).get(['interface']));
    expect(e.code).toBe('auth');
    expect(exitStatusOf(e)).toBe(3);
    expect(e.message).toBe(`authentication failed for user admin at ${sim.url}`);
    expect(secretsIn(e, 'Wr0ng-pass')).toEqual([]);
  });

  it('one 401 on the token route renews and retries exactly once', async () => {
    const c = client();
    await c.get(['interface']);
    sim.requests.length = 0;
    sim.faults.set({ status: { code: 401, count: 1 } });
    const env = await c.get(['interface']);
    expect(env.ok).toBe(true);
    const p = paths();
    expect(p[0]).toBe('GET /api-oauth/interface');
    expect(p[1]).toBe('GET /token');
    expect(p.at(-1)).toBe('GET /api-oauth/interface');
    expect(p.filter((x) => x === 'GET /api-oauth/interface')).toHaveLength(2);
  });
});

describe('a pre-issued token (user without password)', () => {
  it('is used as is, and renewed through create-token with the current bearer', async () => {
    const token = await sim.issueToken(DEMO_USERS.tokenOnly.user, 600);
    const c = client({ user: undefined, password: undefined, token, auth: 'token' });
    expect(c.displayUser).toBe('automation');
    await c.get(['interface']);
    expect(paths()).toEqual(['GET /api-oauth/interface']);
    expect(bearerOf(0)).toBe(`Bearer ${token}`);
    clock.advance((600 - 50) * 1000); // 550 s of 600 passed: over 80 %
    await c.get(['interface']);
    const p = paths();
    expect(p[1]).toBe('POST /api-oauth/system/user/automation/api/create-token');
    expect(bearerOf(1)).toBe(`Bearer ${token}`);
    expect(p[2]).toBe('GET /api-oauth/interface');
    expect(bearerOf(2)).not.toBe(`Bearer ${token}`);
    expect(tokenFetches()).toBe(0);
  });

  it('an expired token that cannot be renewed is an auth error, exit 3', async () => {
    const token = await sim.issueToken(DEMO_USERS.tokenOnly.user, 60);
    clock.advance(120 * 1000);
    const c = client({ user: undefined, password: undefined, token });
    const e = await failure(c.get(['interface']));
    expect(e.code).toBe('auth');
    expect(exitStatusOf(e)).toBe(3);
    expect(secretsIn(e, token)).toEqual([]);
    // one renewal attempt, no loop
    expect(paths().filter((x) => x.endsWith('/create-token')).length).toBeLessThanOrEqual(1);
  });

  it('forces /api-oauth/ even when auth is basic', async () => {
    const token = await sim.issueToken(DEMO_USERS.tokenOnly.user);
    const c = client({ user: undefined, password: undefined, token, auth: 'basic' });
    await c.get([]);
    expect(paths()).toEqual(['GET /api-oauth/']);
  });
});
