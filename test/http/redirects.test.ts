// Redirects: the router's GET /token follows them only within the origin and refuses a hop to
// another origin before it is sent; telemetry never follows one (undici's redirect interceptor
// would carry X-API-Key across origins), the 3xx comes back with its Location.
import { describe, expect, it } from 'vitest';
import { exitStatusOf } from '../../src/exit-status.js';
import { Transport } from '../../src/http/transport.js';
import { failure, secretsIn } from '../helpers/expect-error.js';
import { startServer, type TestServer } from '../helpers/http-server.js';
import { closeLater, KEY, routerClient, telemetryClient, textOf } from './clients.js';

function jwt(claims: Record<string, unknown>): string {
  const enc = (o: unknown) => Buffer.from(JSON.stringify(o)).toString('base64url');
  return `${enc({ alg: 'HS256' })}.${enc(claims)}.sig`;
}

/** A second origin that would answer anything: it must see no request. */
async function otherOrigin(): Promise<TestServer> {
  return closeLater(
    await startServer((_req, res) => {
      res.writeHead(200, { 'content-type': 'application/json' });
      res.end(JSON.stringify({ token: jwt({ sub: 'admin' }), data: {}, meta: {} }));
    }),
  );
}

/** Redirects every request to `to(url)`. */
async function redirecting(status: number, to: (url: string) => string): Promise<TestServer> {
  return closeLater(
    await startServer((req, res) => {
      res.writeHead(status, { location: to(req.url ?? '/') });
      res.end('moved');
    }),
  );
}

describe('router GET /token', () => {
  it('refuses a redirect that leaves the origin; the other origin sees nothing', async () => {
    const other = await otherOrigin();
    const router = await redirecting(302, (url) => `${other.url}${url}`);
    const e = await failure(routerClient(router.url, { auth: 'token' }).get(['interface']));
    expect(e.code).toBe('transport');
    expect(exitStatusOf(e)).toBe(3);
    expect(e.message).toBe(
      `refused a redirect from the router at 127.0.0.1:${router.port} to another origin (${other.url})`,
    );
    expect(secretsIn(e, 'pw-123-secret')).toEqual([]);
    expect(other.requests).toEqual([]);
    expect(router.requests.map((r) => r.url)).toEqual(['/token']);
  });

  it('follows same-origin redirects keeping the credentials', async () => {
    const token = jwt({ sub: 'admin' });
    const router = closeLater(
      await startServer((req, res) => {
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
      }),
    );
    const env = await routerClient(router.url, { auth: 'token' }).get(['interface']);
    expect(env.message).toBe('hi\n');
    expect(router.requests.map((r) => r.url)).toEqual(['/token', '/token/issue', '/api-oauth/interface']);
  });
});

describe('telemetry never follows a redirect', () => {
  it('to another origin: the other origin gets no request, the key never travels', async () => {
    const other = await otherOrigin();
    const api = await redirecting(307, (url) => `${other.url}${url}`);
    const e = await failure(telemetryClient(api.url).capabilities());
    expect(e.code).toBe('telemetry_redirect');
    expect(e.details).toMatchObject({ status: 307, location: other.url });
    expect(other.requests).toEqual([]);
    expect(api.requests).toHaveLength(1);
    expect(api.requests[0]?.headers['x-api-key']).toBe(KEY);
    expect(textOf(e)).not.toContain(KEY);
  });

  it('within its own origin either', async () => {
    const api = await redirecting(302, () => '/elsewhere');
    const e = await failure(telemetryClient(api.url).openapi());
    expect(e.code).toBe('telemetry_redirect');
    expect(api.requests.map((r) => r.url)).toEqual(['/api/v1/openapi.yaml']);
  });
});

describe('Transport redirect policy', () => {
  const transport = (origin: string) =>
    closeLater(
      new Transport({ origin, service: 'test', timeoutMs: 2000, maxBodyBytes: 1024, connections: 1 }),
    );

  it('`never` (the default) returns the 3xx with its Location and consumes the body', async () => {
    const s = await redirecting(301, () => '/b');
    const t = transport(s.url);
    const res = await t.call({ method: 'GET', path: '/a', headers: {} });
    expect(res).toMatchObject({ status: 301, text: 'moved' });
    expect(res.headers.location).toBe('/b');
    // The one keep-alive socket is free again: a second call reuses it.
    expect((await t.call({ method: 'GET', path: '/c', headers: {} })).status).toBe(301);
    expect(s.requests.map((r) => r.url)).toEqual(['/a', '/c']);
    expect(s.connections()).toBe(1);
  });

  it('`same-origin` follows at most 3 hops on the origin, then returns the last 3xx', async () => {
    const s = await redirecting(302, (url) => `${url}x`);
    const res = await transport(s.url).call({
      method: 'GET',
      path: '/a',
      headers: {},
      redirect: 'same-origin',
    });
    expect(s.requests.map((r) => r.url)).toEqual(['/a', '/ax', '/axx', '/axxx']);
    expect(res.status).toBe(302);
  });
});
