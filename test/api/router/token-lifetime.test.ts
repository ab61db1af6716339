// Tokens live as long as the session, on real time against real servers: a short token is
// renewed at ~80 % of its lifetime (not before every request), an idle client keeps its
// pre-issued token alive with a timer, close() stops that timer, and a failed timed renewal
// is retried and reported once as a warning.
import { describe, it, type TestContext } from 'vitest';
import { RouterClient, type RouterClientConfig } from '../../../src/api/router/client.js';
import { startRouterSim } from '../../../sim/router/index.js';
import { type HostileRouter, startHostileRouter } from '../../hostile/router.js';

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** A JWT as a router would pre-issue it (the client never verifies the signature). */
function jwt(sub: string, ttlSeconds: number): string {
  const now = Math.floor(Date.now() / 1000);
  const b64 = (o: unknown) => Buffer.from(JSON.stringify(o)).toString('base64url');
  return `${b64({ alg: 'HS256', typ: 'JWT' })}.${b64({ sub, iat: now, exp: now + ttlSeconds })}.c2ln`;
}

/** Servers and clients of one test, closed when it ends (the tests run concurrently: they mostly wait). */
function rig(ctx: TestContext) {
  const own = <T extends { close(): Promise<unknown> }>(x: T): T => {
    ctx.onTestFinished(async () => {
      await x.close();
    });
    return x;
  };
  return {
    client: (cfg: Partial<RouterClientConfig> & { baseUrl: string }) =>
      own(new RouterClient({ auth: 'token', timeoutMs: 3000, ...cfg })),
    hostile: async (ttlSeconds: number): Promise<HostileRouter> =>
      own(await startHostileRouter({ token: { ttlSeconds, sub: 'automation' } })),
    sim: async () => own(await startRouterSim()),
  };
}

const count = (r: { requests: Array<{ url: string }> }, re: RegExp) =>
  r.requests.filter((q) => re.test(q.url)).length;
const TOKEN = /^\/token/;
const CREATE = /\/create-token$/;

/** `n` requests spread over `ms`. */
async function steadyRequests(c: RouterClient, n: number, ms: number): Promise<void> {
  for (let i = 0; i < n; i++) {
    const env = await c.get(['interface']);
    if (!env.ok) throw new Error(`request ${i} failed`);
    await sleep(ms / n);
  }
}

describe.concurrent('a short token is renewed at ~80 % of its lifetime', () => {
  it('5 s token from /token: one fetch for 20 requests in 2 s, renewed again by ~4 s', async (ctx) => {
    const { expect } = ctx;
    const t = rig(ctx);
    const r = await t.hostile(5);
    const c = t.client({ baseUrl: r.url, user: 'automation', password: 'pw' });
    const t0 = Date.now();
    await steadyRequests(c, 20, 2000);
    expect(count(r, TOKEN)).toBe(1);
    // iat is whole seconds, so 80 % of 5 s falls 3–4 s after the fetch: the timer renews by then
    await sleep(Math.max(0, 4300 - (Date.now() - t0)));
    expect(count(r, TOKEN)).toBe(2);
  }, 180_000);

  it('5 s pre-issued token: no create-token during 20 requests in 2 s', async (ctx) => {
    const { expect } = ctx;
    const t = rig(ctx);
    const r = await t.hostile(5);
    const c = t.client({ baseUrl: r.url, token: jwt('automation', 5) });
    await steadyRequests(c, 20, 2000);
    expect(count(r, CREATE)).toBe(0);
    expect(count(r, /^\/api-oauth\/interface/)).toBe(20);
  }, 180_000);
});

describe.concurrent('an idle session keeps its token alive', () => {
  it('a pre-issued 2 s token still works after 4.5 s without requests (the timer renewed it)', async (ctx) => {
    const { expect } = ctx;
    const t = rig(ctx);
    const sim = await t.sim();
    const token = await sim.issueToken('automation', 2);
    const c = t.client({ baseUrl: sim.url, token });
    await sleep(4500);
    const env = await c.get(['interface']);
    expect(env.ok).toBe(true);
    const paths = sim.requests.map((q) => `${q.method} ${q.url}`);
    expect(paths[0]).toBe('POST /api-oauth/system/user/automation/api/create-token');
    expect(paths.at(-1)).toBe('GET /api-oauth/interface');
    // the request used the renewed token, not the expired one
    expect(sim.requests.at(-1)?.headers['authorization']).not.toBe(`Bearer ${token}`);
  }, 180_000);

  it('the timer renews with no request at all, and close() stops it', async (ctx) => {
    const { expect } = ctx;
    const t = rig(ctx);
    const r = await t.hostile(2);
    const warnings: string[] = [];
    const c = t.client({ baseUrl: r.url, token: jwt('automation', 2), onWarning: (m) => warnings.push(m) });
    await sleep(2200); // 80 % of 2 s has passed (1–1.6 s from now, iat being whole seconds)
    expect(count(r, CREATE)).toBeGreaterThanOrEqual(1);
    await c.close();
    const after = r.requests.length;
    await sleep(2500); // more than one more lifetime
    expect(r.requests.length).toBe(after);
    // a timer left running would have tried the closed transport and warned
    expect(warnings).toEqual([]);
  }, 180_000);

  it('a failed timed renewal is retried and reported once as a warning, never thrown', async (ctx) => {
    const { expect } = ctx;
    const t = rig(ctx);
    const sim = await t.sim();
    const warnings: string[] = [];
    const token = await sim.issueToken('automation', 4);
    sim.faults.set({ status: { code: 503, count: 2 } });
    const c = t.client({ baseUrl: sim.url, token, onWarning: (m) => warnings.push(m) });
    // 80 % of 4 s is 2.2–3.2 s from now; two failures, retried 0.1 s and 0.2 s later
    const deadline = Date.now() + 4500;
    while (sim.requests.length < 3 && Date.now() < deadline) await sleep(50);
    expect(sim.requests.map((q) => q.url.replace(/.*\//, ''))).toEqual([
      'create-token',
      'create-token',
      'create-token',
    ]);
    expect(warnings).toEqual([expect.stringMatching(/^could not renew the router token \(retrying\): /)]);
    // the third attempt renewed it: the session outlives the pre-issued token
    await sleep(Math.max(0, deadline - Date.now()));
    expect((await c.get(['interface'])).ok).toBe(true);
    expect(sim.requests.at(-1)?.headers['authorization']).not.toBe(`Bearer ${token}`);
  }, 180_000);

  it('retries stop once the token has expired; the next request gets the error', async (ctx) => {
    const { expect } = ctx;
    const t = rig(ctx);
    const sim = await t.sim();
    const warnings: string[] = [];
    const token = await sim.issueToken('automation', 2);
    sim.faults.set({ status: { code: 503, count: 1000 } });
    const c = t.client({ baseUrl: sim.url, token, onWarning: (m) => warnings.push(m) });
    await sleep(2500); // past exp
    const attempts = sim.requests.length;
    expect(attempts).toBeGreaterThanOrEqual(2);
    await sleep(1000);
    expect(sim.requests.length).toBe(attempts); // bounded: no retry of an expired token
    expect(warnings).toHaveLength(1);
    sim.faults.clear();
    await expect(c.get(['interface'])).rejects.toMatchObject({ code: 'auth' });
  }, 180_000);
});
