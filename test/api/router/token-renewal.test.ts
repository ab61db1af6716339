// A 401 on the token route renews the token once and retries once; no loop.
// (redirects of GET /token: test/http/redirects.test.ts)
import { afterEach, describe, expect, it } from 'vitest';
import { RouterClient } from '../../../src/api/router/client.js';
import { failure } from '../../helpers/expect-error.js';
import { startServer, type TestServer } from '../../helpers/http-server.js';
import { exitStatusOf } from '../../../src/exit-status.js';

const servers: TestServer[] = [];
afterEach(async () => {
  await Promise.all(servers.splice(0).map((s) => s.close()));
});

function jwt(claims: Record<string, unknown>): string {
  const enc = (o: unknown) => Buffer.from(JSON.stringify(o)).toString('base64url');
  return `${enc({ alg: 'HS256' })}.${enc(claims)}.sig`;
}

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
