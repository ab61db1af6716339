// TLS options of both APIs through the product's own entry (runCommand), against the
// simulators behind TLS fronts made with a throwaway CA: an unknown CA says to use --ca; --ca
// and --insecure (warned once, naming the API) reach both APIs on one host, and the telemetry
// API elsewhere has its own flags; a server that wants a client certificate says --cert and
// --key, which then work, and a certificate it refuses says so (with the alert's reason when it
// sends one); files are checked at start (missing, not PEM, a key that is not the
// certificate's: exit 2, the file named); a name mismatch says the certificate's names.
import { execFileSync, spawn } from 'node:child_process';
import { X509Certificate } from 'node:crypto';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type RouterSim, startRouterSim } from '../../sim/router/index.js';
import { startTelemetrySim, type TelemetrySim } from '../../sim/telemetry/index.js';
import { adminEnv, runCommand } from '../helpers/command-io.js';
import { hasOpenssl, testPki, type Pki } from '../helpers/test-pki.js';
import { startTlsFront, type TlsFront } from '../helpers/tls-front.js';

let router: RouterSim;
let telemetry: TelemetrySim;
let pki: Pki;
const fronts: TlsFront[] = [];

beforeAll(async () => {
  router = await startRouterSim();
  telemetry = await startTelemetrySim();
  pki = testPki();
}, 180_000);
afterAll(async () => {
  await Promise.all([...fronts.splice(0).map((f) => f.close()), router?.close(), telemetry?.close()]);
});

async function front(
  upstream: number,
  o: { cert?: keyof Pki['files']; clientCa?: string } = {},
): Promise<TlsFront> {
  const f = await startTlsFront(upstream, {
    cert: pki.pem(o.cert ?? 'serverCert'),
    key: pki.pem('serverKey'),
    ...(o.clientCa ? { clientCa: o.clientCa } : {}),
  });
  fronts.push(f);
  return f;
}

function env(routerUrl: string, telemetryUrl?: string) {
  return {
    ...adminEnv(routerUrl),
    ...(telemetryUrl
      ? { ROUTERSH_TELEMETRY_URL: telemetryUrl, ROUTERSH_TELEMETRY_KEY: telemetry.keys.demo }
      : {}),
  };
}

const SHOW = ['-c', 'show interface'];
const BOTH = ['-c', 'show interface', '-c', 'metrics query pkts_down'];
const scratch = () => mkdtempSync(join(tmpdir(), 'routersh-tls-'));

describe('trusting the server', () => {
  it('an unknown CA: one line saying to use --ca FILE or --insecure, exit 3', async () => {
    const r = await front(router.port);
    const out = await runCommand(SHOW, env(r.url()));
    expect(out.code).toBe(3);
    expect(out.err).toBe(
      `% TLS failed with the router at 127.0.0.1:${r.port}: its certificate is signed by a CA this machine does not trust: use --ca FILE (the CA that signed it) or --insecure (command 1)\n`,
    );
  });

  it('--ca reaches both APIs when they share the host, and nothing is warned', async () => {
    const r = await front(router.port);
    const t = await front(telemetry.port);
    const out = await runCommand(['--ca', pki.files.ca, ...BOTH], env(r.url(), t.url()));
    expect(out.err).toBe('');
    expect(out.code).toBe(0);
    expect(out.out).toMatch(/eth0/);
    expect(out.out).toMatch(/pkts_down\{/);
  });

  it('the telemetry API on another host has its own: --telemetry-ca', async () => {
    const r = await front(router.port);
    const t = await front(telemetry.port);
    // 127.0.0.1 and localhost: two names, so --ca is the router's only.
    const e = env(r.url(), t.url('localhost'));
    const without = await runCommand(['--ca', pki.files.ca, ...BOTH], e);
    expect(without.code).toBe(3);
    expect(without.err).toBe(
      `% TLS failed with the telemetry API at localhost:${t.port}: its certificate is signed by a CA this machine does not trust: use --telemetry-ca FILE (the CA that signed it) or --telemetry-insecure (command 2)\n`,
    );
    const own = await runCommand(['--ca', pki.files.ca, '--telemetry-ca', pki.files.ca, ...BOTH], e);
    expect(own.err).toBe('');
    expect(own.code).toBe(0);
  });

  it('--insecure works for both APIs and warns once, naming them', async () => {
    const r = await front(router.port);
    const t = await front(telemetry.port);
    const out = await runCommand(['--insecure', ...BOTH, '-c', 'show interface'], env(r.url(), t.url()));
    expect(out.code).toBe(0);
    expect(out.err).toBe(
      'warning: TLS verification is off for the router and the telemetry API (--insecure)\n',
    );
  });

  it('--telemetry-insecure for a telemetry API elsewhere: its own warning', async () => {
    const r = await front(router.port);
    const t = await front(telemetry.port);
    const out = await runCommand(
      ['--ca', pki.files.ca, '--telemetry-insecure', ...BOTH],
      env(r.url(), t.url('localhost')),
    );
    expect(out.code).toBe(0);
    expect(out.err).toBe('warning: TLS verification is off for the telemetry API (--telemetry-insecure)\n');
  });

  it('a certificate for other names: the line says which names it holds', async () => {
    const r = await front(router.port, { cert: 'otherNamesCert' });
    const out = await runCommand(['--ca', pki.files.ca, ...SHOW], env(r.url()));
    expect(out.code).toBe(3);
    expect(out.err).toBe(
      `% TLS failed with the router at 127.0.0.1:${r.port}: its certificate is for router.lab, r1.lab, not 127.0.0.1: connect by a name it holds (or --insecure) (command 1)\n`,
    );
  });

  it('an expired certificate: said so', async () => {
    const r = await front(router.port, { cert: 'expiredCert' });
    const out = await runCommand(['--ca', pki.files.ca, ...SHOW], env(r.url()));
    expect(out.code).toBe(3);
    expect(out.err).toMatch(
      /^% TLS failed with the router at 127\.0\.0\.1:\d+: its certificate has expired: /,
    );
  });

  it('https:// to a plain http port: it does not speak TLS', async () => {
    const out = await runCommand(SHOW, env(`https://127.0.0.1:${router.port}`));
    expect(out.code).toBe(3);
    expect(out.err).toBe(
      `% TLS failed with the router at 127.0.0.1:${router.port}: it does not speak TLS on this port: is the URL http://? (command 1)\n`,
    );
  });
});

describe('client certificates', () => {
  it('a server that requires one: the line says --cert and --key; with them it works, for both APIs', async () => {
    const ca = pki.pem('ca');
    const r = await front(router.port, { clientCa: ca });
    const t = await front(telemetry.port, { clientCa: ca });
    const e = env(r.url(), t.url());
    const without = await runCommand(['--ca', pki.files.ca, ...BOTH], e);
    expect(without.code).toBe(3);
    expect(without.err).toBe(
      `% TLS failed with the router at 127.0.0.1:${r.port}: it requires a client certificate: use --cert FILE and --key FILE (command 1)\n`,
    );
    const withCert = await runCommand(
      ['--ca', pki.files.ca, '--cert', pki.files.clientCert, '--key', pki.files.clientKey, ...BOTH],
      e,
    );
    expect(withCert.err).toBe('');
    expect(withCert.code).toBe(0);
    expect(withCert.out).toMatch(/eth0/);
  });

  it('a certificate signed by a CA the server does not trust, Node’s server (no alert): the refusal, exit 3', async () => {
    // Node's tls checks a client certificate after the handshake and, refusing it, just closes:
    // no alert, and our request unread there makes it a reset. Once "connection reset by …".
    const other = testPki('other');
    const r = await front(router.port, { clientCa: other.pem('ca') });
    const out = await runCommand(
      ['--ca', pki.files.ca, '--cert', pki.files.clientCert, '--key', pki.files.clientKey, ...SHOW],
      env(r.url()),
    );
    expect(out.err).toBe(
      `% TLS failed with the router at 127.0.0.1:${r.port}: it refused our client certificate (it closed the connection after the handshake): use one it trusts (command 1)\n`,
    );
    expect(out.code).toBe(3);
  });

  it.skipIf(!hasOpenssl)(
    'the same against OpenSSL’s server, which says why (alert unknown ca): the reason in the line',
    async () => {
      const other = testPki('other');
      const server = spawn(
        'openssl',
        [
          's_server',
          '-accept',
          '127.0.0.1:0',
          '-cert',
          pki.files.serverCert,
          '-key',
          pki.files.serverKey,
        ].concat(['-CAfile', other.files.ca, '-Verify', '1', '-verify_return_error', '-www']),
        { stdio: ['ignore', 'pipe', 'ignore'] },
      );
      try {
        const port = await new Promise<string>((resolve, reject) => {
          let text = '';
          server.stdout.on('data', (d: Buffer) => {
            text += d.toString();
            const m = /ACCEPT 127\.0\.0\.1:(\d+)/.exec(text);
            if (m?.[1]) resolve(m[1]);
          });
          server.on('exit', () => reject(new Error(`openssl s_server ended: ${text}`)));
        });
        const out = await runCommand(
          ['--ca', pki.files.ca, '--cert', pki.files.clientCert, '--key', pki.files.clientKey, ...SHOW],
          env(`https://127.0.0.1:${port}`),
        );
        expect(out.err).toBe(
          `% TLS failed with the router at 127.0.0.1:${port}: it refused our client certificate (unknown ca): use one it trusts (command 1)\n`,
        );
        expect(out.code).toBe(3);
      } finally {
        server.kill();
      }
    },
  );

  it('--cert alone with a file that holds the key too, as curl', async () => {
    const r = await front(router.port, { clientCa: pki.pem('ca') });
    const out = await runCommand(
      ['--ca', pki.files.ca, '--cert', pki.files.clientBoth, ...SHOW],
      env(r.url()),
    );
    expect(out.err).toBe('');
    expect(out.code).toBe(0);
  });
});

describe('files checked at start: exit 2, the file named, nothing sent', () => {
  const run = async (argv: string[], extra: Record<string, string> = {}) => {
    const before = router.requests.length;
    const out = await runCommand([...argv, ...SHOW], { ...env(router.url), ...extra });
    expect(router.requests.length).toBe(before);
    return out;
  };

  it('a missing file: --ca, --cert, --telemetry-ca', async () => {
    const out = await run(['--ca', '/nonexistent/ca.pem']);
    expect(out.code).toBe(2);
    expect(out.err).toBe('% cannot read CA file /nonexistent/ca.pem: ENOENT\n');
    const cert = await run(['--cert', '/nonexistent/me.pem', '--key', pki.files.clientKey]);
    expect(cert.code).toBe(2);
    expect(cert.err).toBe('% cannot read client certificate file /nonexistent/me.pem: ENOENT\n');
    const tca = await run(['--telemetry-ca', '/nonexistent/t.pem']);
    expect(tca.code).toBe(2);
    expect(tca.err).toBe('% cannot read CA file /nonexistent/t.pem: ENOENT\n');
  });

  it('a --ca file that is not PEM (DER, or a key)', async () => {
    const dir = scratch();
    const der = join(dir, 'ca.der');
    // The CA certificate's DER bytes, as `openssl x509 -outform der` writes them.
    writeFileSync(der, new X509Certificate(pki.pem('ca')).raw);
    const out = await run(['--ca', der]);
    expect(out.code).toBe(2);
    expect(out.err).toBe(
      `% CA file ${der} (--ca) is not a PEM certificate: want -----BEGIN CERTIFICATE----- (a DER file converts with: openssl x509 -inform der -in FILE -out FILE.pem)\n`,
    );
    const key = await run(['--ca', pki.files.clientKey]);
    expect(key.code).toBe(2);
    expect(key.err).toContain(`% CA file ${pki.files.clientKey} (--ca) is not a PEM certificate`);
    expect(key.err).not.toContain('PRIVATE KEY-----\n');
  });

  it('a client key that does not belong to the certificate: one line', async () => {
    const out = await run(['--cert', pki.files.clientCert, '--key', pki.files.strayKey]);
    expect(out.code).toBe(2);
    expect(out.err).toBe(
      `% client key ${pki.files.strayKey} does not match the certificate ${pki.files.clientCert}\n`,
    );
  });

  it('--key without --cert, --cert without a key, a missing or non-PEM key file', async () => {
    expect((await run(['--key', pki.files.clientKey])).err).toBe(
      '% --key needs --cert FILE: the client certificate the key belongs to\n',
    );
    expect((await run(['--cert', pki.files.clientCert])).err).toBe(
      `% --cert ${pki.files.clientCert} holds no private key: give --key FILE too\n`,
    );
    expect((await run(['--cert', pki.files.clientCert, '--key', '/nonexistent/k.pem'])).err).toBe(
      '% cannot read client key file /nonexistent/k.pem: ENOENT\n',
    );
    const notKey = await run(['--cert', pki.files.clientCert, '--key', pki.files.ca]);
    expect(notKey.code).toBe(2);
    expect(notKey.err).toBe(
      `% client key file ${pki.files.ca} (--key) is not a PEM private key: want -----BEGIN PRIVATE KEY-----\n`,
    );
  });

  it.skipIf(!hasOpenssl)(
    'an encrypted key: routersh cannot ask for its passphrase, and says how to decrypt it',
    async () => {
      const enc = join(scratch(), 'enc.key');
      execFileSync(
        'openssl',
        ['pkey', '-in', pki.files.clientKey, '-aes256', '-passout', 'pass:secret-pass', '-out', enc],
        { timeout: 10_000 },
      );
      const out = await run(['--cert', pki.files.clientCert, '--key', enc]);
      expect(out.code).toBe(2);
      expect(out.err).toMatch(
        /^% client key file .* \(--key\) is encrypted: routersh cannot ask for its passphrase/,
      );
    },
  );

  it('PEM text where a path goes is refused without echoing it', async () => {
    const out = await run([`--key=${pki.pem('clientKey')}`]);
    expect(out.code).toBe(2);
    expect(out.err).toBe('% --key wants the path of a file, not PEM text\n');
  });

  it('the telemetry files are checked too, named by their flags', async () => {
    const out = await run(['--telemetry-ca', '/nonexistent/t.pem']);
    expect(out.code).toBe(2);
    expect(out.err).toBe('% cannot read CA file /nonexistent/t.pem: ENOENT\n');
    const der = join(scratch(), 'x.pem');
    writeFileSync(der, 'not a certificate\n');
    const bad = await run(['--telemetry-cert', der, '--telemetry-cert-key', pki.files.clientKey]);
    expect(bad.err).toContain(`% client certificate file ${der} (--telemetry-cert) is not a PEM certificate`);
  });
});

describe('a profile holds each API’s TLS files', () => {
  it('ca, cert, certKey for the router; telemetryCa for a telemetry API elsewhere', async () => {
    const ca = pki.pem('ca');
    const r = await front(router.port, { clientCa: ca });
    const t = await front(telemetry.port);
    const home = scratch();
    execFileSync('mkdir', ['-p', join(home, 'routersh')]);
    const profile = {
      router: r.url(),
      user: 'admin',
      ca: pki.files.ca,
      cert: pki.files.clientCert,
      certKey: pki.files.clientKey,
      telemetry: t.url('localhost'),
      telemetryCa: pki.files.ca,
    };
    writeFileSync(join(home, 'routersh', 'config.json'), JSON.stringify({ profiles: { lab: profile } }));
    const out = await runCommand(['--profile', 'lab', ...BOTH], {
      XDG_CONFIG_HOME: home,
      ROUTERSH_PASSWORD: 'admin',
      ROUTERSH_TELEMETRY_KEY: telemetry.keys.demo,
    });
    expect(out.err).toBe('');
    expect(out.code).toBe(0);
  });

  it("'key' in a profile says which field is meant", async () => {
    const home = scratch();
    execFileSync('mkdir', ['-p', join(home, 'routersh')]);
    writeFileSync(
      join(home, 'routersh', 'config.json'),
      JSON.stringify({ profiles: { lab: { router: router.url, key: '/k.pem' } } }),
    );
    const out = await runCommand(['--profile', 'lab', ...SHOW], { XDG_CONFIG_HOME: home });
    expect(out.code).toBe(2);
    expect(out.err).toBe(
      `% profile 'lab' in ${join(home, 'routersh', 'config.json')}: unknown field 'key' (a client certificate's key file is 'certKey')\n`,
    );
  });
});
