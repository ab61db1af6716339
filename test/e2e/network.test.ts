// Proxies and TLS in the built binary (docs/network.md): the bundle loads its proxy chunk when a
// proxy variable is set and tunnels https:// through it with the --ca given; an https:// proxy
// is trusted through NODE_EXTRA_CA_CERTS; --insecure warns once; a bad file is exit 2.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type RouterSim, startRouterSim } from '../../sim/router/index.js';
import { startLoggingProxy } from '../helpers/logging-proxy.js';
import { runBin } from '../helpers/run-bin.js';
import { testPki, type Pki } from '../helpers/test-pki.js';
import { startTlsFront, type TlsFront } from '../helpers/tls-front.js';

let sim: RouterSim;
let pki: Pki;
let front: TlsFront;
const closers: Array<() => Promise<void>> = [];

beforeAll(async () => {
  sim = await startRouterSim();
  pki = testPki();
  front = await startTlsFront(sim.port, { cert: pki.pem('serverCert'), key: pki.pem('serverKey') });
  closers.push(sim.close, front.close);
}, 180_000);
afterAll(async () => {
  await Promise.all(closers.splice(0).map((c) => c()));
});

const login = { ROUTERSH_USER: 'admin', ROUTERSH_PASSWORD: 'admin' };
const SHOW = ['-c', 'show interface'];

describe('the built binary', () => {
  it('https:// through ALL_PROXY: a CONNECT tunnel, TLS end to end with --ca', async () => {
    const proxy = await startLoggingProxy();
    closers.push(proxy.close);
    const r = await runBin(['--router', front.url(), '--ca', pki.files.ca, ...SHOW], {
      env: { ...login, ALL_PROXY: proxy.url },
    });
    expect(r.stderr).toBe('');
    expect(r.code).toBe(0);
    expect(r.stdout).toMatch(/eth0/);
    expect(new Set(proxy.seen.map((s) => `${s.method} ${s.target}`))).toEqual(
      new Set([`CONNECT 127.0.0.1:${front.port}`]),
    );
  });

  it('an https:// proxy trusted through NODE_EXTRA_CA_CERTS, the router through --ca', async () => {
    const proxy = await startLoggingProxy({
      tls: { cert: pki.pem('serverCert'), key: pki.pem('serverKey') },
    });
    closers.push(proxy.close);
    const r = await runBin(['--router', front.url(), '--ca', pki.files.ca, ...SHOW], {
      env: { ...login, https_proxy: proxy.url, NODE_EXTRA_CA_CERTS: pki.files.ca },
    });
    expect(r.stderr).toBe('');
    expect(r.code).toBe(0);
    expect(new Set(proxy.seen.map((s) => s.method))).toEqual(new Set(['CONNECT']));
  });

  it('--insecure: works, one warning for the whole run', async () => {
    const r = await runBin(['--router', front.url(), '--insecure', ...SHOW, ...SHOW], { env: login });
    expect(r.code).toBe(0);
    expect(r.stderr).toBe('warning: TLS verification is off for the router (--insecure)\n');
  });

  it('without --ca: the line says what to do; a missing file: exit 2 naming it', async () => {
    const r = await runBin(['--router', front.url(), ...SHOW], { env: login });
    expect(r.code).toBe(3);
    expect(r.stderr).toMatch(/: use --ca FILE \(the CA that signed it\) or --insecure \(command 1\)\n$/);
    const missing = await runBin(['--router', front.url(), '--cert', '/nonexistent/me.pem', ...SHOW], {
      env: login,
    });
    expect(missing.code).toBe(2);
    expect(missing.stderr).toBe('% cannot read client certificate file /nonexistent/me.pem: ENOENT\n');
  });
});
