// Proxies from the environment for both APIs, through the product's own entry (runCommand):
// a logging proxy on 127.0.0.1 records what a proxy can see. https:// goes through a CONNECT
// tunnel (the proxy sees no Authorization, no API key, not even in the tunnel's bytes);
// plain http:// in absolute-form, with a one-time warning; NO_PROXY goes straight; the
// proxy's own credentials go to it only, as Proxy-Authorization; the redirect policy holds.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type RouterSim, startRouterSim } from '../../sim/router/index.js';
import { startTelemetrySim, type TelemetrySim } from '../../sim/telemetry/index.js';
import { Transport } from '../../src/http/transport.js';
import { adminEnv, runCommand } from '../helpers/command-io.js';
import { failure } from '../helpers/expect-error.js';
import { startServer } from '../helpers/http-server.js';
import { type LoggingProxy, startLoggingProxy } from '../helpers/logging-proxy.js';
import { testPki, type Pki } from '../helpers/test-pki.js';
import { startTlsFront, type TlsFront } from '../helpers/tls-front.js';

const BASIC = Buffer.from('admin:admin').toString('base64');

let router: RouterSim;
let telemetry: TelemetrySim;
let pki: Pki;
let routerTls: TlsFront;
let telemetryTls: TlsFront;
const closers: Array<() => Promise<void>> = [];

beforeAll(async () => {
  router = await startRouterSim();
  telemetry = await startTelemetrySim();
  pki = testPki();
  const server = { cert: pki.pem('serverCert'), key: pki.pem('serverKey') };
  routerTls = await startTlsFront(router.port, server);
  telemetryTls = await startTlsFront(telemetry.port, server);
  closers.push(router.close, telemetry.close, routerTls.close, telemetryTls.close);
}, 180_000);
afterAll(async () => {
  await Promise.all(closers.splice(0).map((c) => c()));
});

async function proxy(o: Parameters<typeof startLoggingProxy>[0] = {}): Promise<LoggingProxy> {
  const p = await startLoggingProxy(o);
  closers.push(p.close);
  return p;
}

/** Both APIs, each over http (the simulators) or https (their TLS fronts, trusted with --ca). */
function env(over: Record<string, string>, o: { routerHttps?: boolean; telemetryHttps?: boolean } = {}) {
  return {
    ...adminEnv(o.routerHttps ? routerTls.url() : router.url),
    ROUTERSH_TELEMETRY_URL: o.telemetryHttps ? telemetryTls.url() : telemetry.url,
    ROUTERSH_TELEMETRY_KEY: telemetry.keys.demo,
    ...over,
  };
}

const BOTH = ['-c', 'show interface', '-c', 'metrics query pkts_down'];
const withCa = (argv: string[]) => ['--ca', pki.files.ca, ...argv];
const targets = (p: LoggingProxy) => p.seen.map((s) => `${s.method} ${s.target}`);
const warnings = (err: string) => err.split('\n').filter((l) => l.startsWith('warning:'));

describe('each proxy variable alone', () => {
  it('HTTPS_PROXY: both https:// APIs through CONNECT tunnels; the proxy sees no credential, in headers or bytes', async () => {
    const p = await proxy();
    const r = await runCommand(
      withCa(BOTH),
      env({ HTTPS_PROXY: p.url }, { routerHttps: true, telemetryHttps: true }),
    );
    expect(r.err).toBe('');
    expect(r.code).toBe(0);
    expect(r.out).toMatch(/eth0/);
    expect(new Set(targets(p))).toEqual(
      new Set([`CONNECT 127.0.0.1:${routerTls.port}`, `CONNECT 127.0.0.1:${telemetryTls.port}`]),
    );
    for (const s of p.seen) {
      expect(s.headers.authorization).toBeUndefined();
      expect(s.headers['x-api-key']).toBeUndefined();
      expect(s.headers['proxy-authorization']).toBeUndefined();
    }
    const bytes = p.tunnelled().toString('latin1');
    expect(bytes.length).toBeGreaterThan(0);
    for (const secret of [BASIC, 'admin:admin', telemetry.keys.demo]) expect(bytes).not.toContain(secret);
  });

  it('http_proxy (lower case only, as curl): plain http:// in absolute-form, one warning per API', async () => {
    const p = await proxy();
    const r = await runCommand(BOTH, env({ http_proxy: p.url }));
    expect(r.code).toBe(0);
    expect(r.out).toMatch(/eth0/);
    expect(targets(p)).toContain(`GET ${router.url}/api/`);
    expect(targets(p)).toContain(`POST ${telemetry.url}/api/v1/metrics/query`);
    expect(warnings(r.err)).toEqual([
      `warning: the router is plain http:// and its requests cross the proxy at 127.0.0.1:${p.port} (http_proxy) in clear: the proxy sees the login (Authorization header) and any password a SET carries; use https://`,
      `warning: the telemetry API is plain http:// and its requests cross the proxy at 127.0.0.1:${p.port} (http_proxy) in clear: the proxy sees the API key; use https://`,
    ]);
    // HTTP_PROXY in upper case alone is not used, as curl (httpoxy): straight, no warning.
    const upper = await proxy();
    const straight = await runCommand(BOTH, env({ HTTP_PROXY: upper.url }));
    expect(straight.err).toBe('');
    expect(straight.code).toBe(0);
    expect(upper.seen).toEqual([]);
  });

  it('ALL_PROXY: https:// through CONNECT and http:// in absolute-form', async () => {
    const p = await proxy();
    const r = await runCommand(withCa(BOTH), env({ ALL_PROXY: p.url }, { routerHttps: true }));
    expect(r.code).toBe(0);
    expect(r.out).toMatch(/eth0/);
    expect(targets(p)).toContain(`CONNECT 127.0.0.1:${routerTls.port}`);
    expect(targets(p)).toContain(`POST ${telemetry.url}/api/v1/metrics/query`);
    // Only the plain http:// telemetry API is said to cross in clear.
    expect(warnings(r.err)).toEqual([
      expect.stringMatching(/^warning: the telemetry API is plain http:\/\//),
    ]);
  });

  it('NO_PROXY: a listed host goes straight, another goes through', async () => {
    const p = await proxy();
    const r = await runCommand(BOTH, env({ ALL_PROXY: p.url, NO_PROXY: 'example.org, 127.0.0.0/8' }));
    expect(r.err).toBe('');
    expect(r.code).toBe(0);
    expect(p.seen).toEqual([]);
    const other = await runCommand(BOTH, env({ ALL_PROXY: p.url, NO_PROXY: 'example.org, 10.0.0.0/8' }));
    expect(other.code).toBe(0);
    expect(p.seen.length).toBeGreaterThan(0);
  });
});

describe("the proxy's own credentials and failures", () => {
  const auth = `Basic ${Buffer.from('pu:p@ss').toString('base64')}`;

  it('user:password of the proxy URL go to the proxy only, as Proxy-Authorization, on CONNECT and in absolute-form', async () => {
    const p = await proxy({ authorization: auth });
    const url = `http://pu:p%40ss@127.0.0.1:${p.port}`;
    const r = await runCommand(withCa(BOTH), env({ ALL_PROXY: url }, { routerHttps: true }));
    expect(r.code).toBe(0);
    expect(p.seen.length).toBeGreaterThan(0);
    for (const s of p.seen) expect(s.headers['proxy-authorization']).toBe(auth);
    // Our own credentials never become the proxy's, nor the proxy's ours.
    for (const s of p.seen.filter((x) => x.method === 'CONNECT'))
      expect(s.headers.authorization).toBeUndefined();
    expect(telemetry.requests.some((q) => q.headers['proxy-authorization'] !== undefined)).toBe(false);
    expect(r.err).not.toContain('p@ss');
  });

  it.each([
    ['https (CONNECT)', true],
    ['http (absolute-form)', false],
  ])('a proxy that wants credentials, %s: one line saying where they go, exit 3', async (_name, https) => {
    const p = await proxy({ authorization: auth });
    const r = await runCommand(
      withCa(['-c', 'show interface']),
      env({ ALL_PROXY: p.url }, { routerHttps: https }),
    );
    expect(r.code).toBe(3);
    const host = https ? `127.0.0.1:${routerTls.port}` : `127.0.0.1:${router.port}`;
    expect(r.err).toContain(
      `% the proxy at 127.0.0.1:${p.port} (ALL_PROXY) answered HTTP 407 for the router at ${host}: it wants credentials: put user:password in the proxy URL (command 1)\n`,
    );
  });

  it('a proxy that is not there: refused by the proxy, not by the router', async () => {
    const p = await proxy();
    await p.close();
    const r = await runCommand(
      withCa(['-c', 'show interface']),
      env({ https_proxy: p.url }, { routerHttps: true }),
    );
    expect(r.code).toBe(3);
    expect(r.err).toBe(
      `% connection refused by the proxy at 127.0.0.1:${p.port} (https_proxy) (command 1)\n`,
    );
  });

  it.each([
    ['https', true],
    ['http', false],
  ])(
    'an https:// proxy whose certificate is not trusted, for an %s router: the proxy is named',
    async (_n, https) => {
      const p = await proxy({ tls: { cert: pki.pem('serverCert'), key: pki.pem('serverKey') } });
      const variable = https ? 'https_proxy' : 'http_proxy';
      const r = await runCommand(
        withCa(['-c', 'show interface']),
        env({ [variable]: p.url }, { routerHttps: https }),
      );
      expect(r.code).toBe(3);
      expect(r.err).toContain(
        `% TLS failed with the proxy at 127.0.0.1:${p.port} (${variable}): its certificate is signed by a CA this machine does not trust: use NODE_EXTRA_CA_CERTS=FILE (the CA that signed it) or an http:// proxy URL (command 1)\n`,
      );
      expect(p.seen).toEqual([]);
    },
  );

  it("through the tunnel, the origin's TLS failures are the origin's: its names, its --ca", async () => {
    const p = await proxy();
    const other = await startTlsFront(router.port, {
      cert: pki.pem('otherNamesCert'),
      key: pki.pem('serverKey'),
    });
    closers.push(other.close);
    const e = { ...env({ https_proxy: p.url }), ROUTERSH_ROUTER: other.url() };
    const names = await runCommand(withCa(['-c', 'show interface']), e);
    expect(names.err).toBe(
      `% TLS failed with the router at 127.0.0.1:${other.port}: its certificate is for router.lab, r1.lab, not 127.0.0.1: connect by a name it holds (or --insecure) (command 1)\n`,
    );
    const untrusted = await runCommand(['-c', 'show interface'], e);
    expect(untrusted.err).toMatch(/^% TLS failed with the router at 127\.0\.0\.1:\d+: .*: use --ca FILE/);
    expect(targets(p)).toContain(`CONNECT 127.0.0.1:${other.port}`);
  });

  it('a bad proxy variable: exit 2 before anything is sent, its value never shown', async () => {
    const before = router.requests.length;
    const r = await runCommand(
      ['-c', 'show interface'],
      env({ https_proxy: 'socks5://u:s3cret@127.0.0.1:1080' }),
    );
    expect(r.code).toBe(2);
    expect(r.err).toBe('% https_proxy: routersh uses http:// and https:// proxies, not socks5://\n');
    expect(router.requests.length).toBe(before);
  });
});

describe('the redirect policy through a proxy', () => {
  it.each([
    ['https (CONNECT)', true],
    ['http (absolute-form)', false],
  ])('--auth token: GET /token follows the same-origin redirect, %s', async (_name, https) => {
    const p = await proxy();
    const r = await runCommand(
      withCa(['--auth', 'token', '-c', 'show interface']),
      env({ ALL_PROXY: p.url }, { routerHttps: https }),
    );
    expect(r.code).toBe(0);
    expect(r.out).toMatch(/eth0/);
    const through = https
      ? [`CONNECT 127.0.0.1:${routerTls.port}`]
      : [`GET ${router.url}/token`, `GET ${router.url}/token/issue`];
    expect(targets(p)).toEqual(expect.arrayContaining(through));
  });

  it('a redirect to another origin is refused before anything goes there, proxy or not', async () => {
    const p = await proxy();
    const other = await startServer((_req, res) => res.end('{}'));
    const origin = await startServer((_req, res) => {
      res.writeHead(302, { location: `${other.url}/token` });
      res.end();
    });
    closers.push(other.close, origin.close);
    const t = new Transport({
      origin: origin.url,
      service: 'router',
      timeoutMs: 5000,
      maxBodyBytes: 1024,
      connections: 1,
      proxy: { uri: p.url, from: 'http_proxy' },
    });
    closers.push(() => t.destroy());
    const e = await failure(t.call({ method: 'GET', path: '/token', headers: {}, redirect: 'same-origin' }));
    expect(e.message).toBe(
      `refused a redirect from the router at 127.0.0.1:${origin.port} to another origin (${other.url})`,
    );
    expect(other.requests).toEqual([]);
    expect(targets(p)).toEqual([`GET ${origin.url}/token`]);
  });

  it('the telemetry API never follows one: the 3xx comes back, the proxy carried one request', async () => {
    const p = await proxy();
    const origin = await startServer((_req, res) => {
      res.writeHead(307, { location: 'http://elsewhere.invalid/' });
      res.end();
    });
    closers.push(origin.close);
    const t = new Transport({
      origin: origin.url,
      service: 'telemetry API',
      timeoutMs: 5000,
      maxBodyBytes: 1024,
      connections: 1,
      proxy: { uri: p.url, from: 'ALL_PROXY' },
    });
    closers.push(() => t.destroy());
    const res = await t.call({ method: 'GET', path: '/api/v1/capabilities', headers: { 'x-api-key': 'k' } });
    expect(res.status).toBe(307);
    expect(targets(p)).toEqual([`GET ${origin.url}/api/v1/capabilities`]);
  });
});
