// GET /token may be redirected, but credentials must never even start towards another origin.
import { afterEach, describe, expect, it } from 'vitest';
import { RouterClient } from '../../../src/api/router/client.js';
import { failure, secretsIn } from './helpers/expect-error.js';
import { startServer, type TestServer } from './helpers/http-server.js';
import { exitStatusOf } from '../../../src/exit-status.js';

const servers: TestServer[] = [];
afterEach(async () => {
  await Promise.all(servers.splice(0).map((s) => s.close()));
});

function jwt(claims: Record<string, unknown>): string {
  const enc = (o: unknown) => Buffer.from(JSON.stringify(o)).toString('base64url');
  return `${enc({ alg: 'HS256' })}.${enc(claims)}.sig`;
}

describe('token redirects', () => {
  it('refuses a redirect that leaves the origin; the other origin sees nothing', async () => {
    const other = await startServer((_req, res) => {
      res.writeHead(200, { 'content-type': 'application/json' });
      res.end(JSON.stringify({ token: jwt({ sub: 'admin' }) }));
    });
    servers.push(other);
    const router = await startServer((req, res) => {
      if (req.url === '/token') {
        res.writeHead(302, { location: `${other.url}/token` });
        res.end();
      } else {
        res.writeHead(404);
        res.end();
      }
    });
    servers.push(router);
    const c = new RouterClient({
      baseUrl: router.url,
      user: 'admin',
      password: 'pw-123',
      auth: 'token',
      timeoutMs: 2000,
    });
    const e = await failure(c.get(['interface']));
    await c.close();
    expect(e.code).toBe('transport');
    expect(e.message).toMatch(/refused a redirect/);
    expect(secretsIn(e, 'pw-123')).toEqual([]);
    expect(other.requests).toEqual([]);
    expect(router.requests.map((r) => r.url)).toEqual(['/token']);
  });

  it('follows same-origin redirects (at most 3) keeping the credentials', async () => {
    const token = jwt({ sub: 'admin' });
    const router = await startServer((req, res) => {
      if (req.url === '/token') {
        res.writeHead(302, { location: '/token/issue' });
        res.end();
      } else if (req.url === '/token/issue' && req.headers.authorization?.startsWith('Basic ')) {
        res.writeHead(200, { 'content-type': 'application/json' });
        res.end(JSON.stringify({ token }));
      } else if (req.url === '/api-oauth/interface' && req.headers.authorization === `Bearer ${token}`) {
        res.writeHead(200, { 'content-type': 'application/json' });
        res.end(JSON.stringify({ RequestStatus: 'OK', Message: ['hi', '\n'] }));
      } else {
        res.writeHead(401);
        res.end();
      }
    });
    servers.push(router);
    const c = new RouterClient({
      baseUrl: router.url,
      user: 'admin',
      password: 'pw',
      auth: 'token',
      timeoutMs: 2000,
    });
    const env = await c.get(['interface']);
    await c.close();
    expect(env.message).toBe('hi\n');
    expect(router.requests.map((r) => r.url)).toEqual(['/token', '/token/issue', '/api-oauth/interface']);
  });
});

describe('401 on the token route', () => {
  it('renews once and retries once, then gives an auth error (no loop)', async () => {
    let issued = 0;
    const router = await startServer((req, res) => {
      if (req.url === '/token') {
        issued++;
        res.writeHead(200, { 'content-type': 'application/json' });
        res.end(JSON.stringify({ token: jwt({ sub: 'admin', n: issued }) }));
        return;
      }
      res.writeHead(401);
      res.end();
    });
    servers.push(router);
    const c = new RouterClient({
      baseUrl: router.url,
      user: 'admin',
      password: 'pw',
      auth: 'token',
      timeoutMs: 2000,
    });
    const e = await failure(c.get(['interface']));
    await c.close();
    expect(e.code).toBe('auth');
    expect(exitStatusOf(e)).toBe(3);
    expect(router.requests.map((r) => r.url)).toEqual([
      '/token',
      '/api-oauth/interface',
      '/token',
      '/api-oauth/interface',
    ]);
  });
});
