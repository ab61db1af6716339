// A throwaway PKI made with openssl for TLS tests: a CA, server certificates for 127.0.0.1 and
// localhost (one valid, one for other names, one expired), a client certificate, and keys.
// `hasOpenssl` lets a suite skip on a machine without it.
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

export const hasOpenssl = (() => {
  try {
    execFileSync('openssl', ['version'], { stdio: 'ignore', timeout: 5000 });
    return true;
  } catch {
    return false;
  }
})();

export interface Pki {
  dir: string;
  /** Paths of the PEM files. */
  files: {
    ca: string;
    serverCert: string;
    serverKey: string;
    otherNamesCert: string;
    expiredCert: string;
    clientCert: string;
    clientKey: string;
    /** A key that belongs to no certificate here. */
    strayKey: string;
    /** The client certificate and its key in one file. */
    clientBoth: string;
  };
  /** A file's text. */
  pem: (name: keyof Pki['files']) => string;
}

export function makePki(): Pki {
  const dir = mkdtempSync(join(tmpdir(), 'routersh-pki-'));
  const at = (f: string) => join(dir, f);
  const ssl = (...args: string[]) =>
    execFileSync('openssl', args, { cwd: dir, stdio: 'pipe', timeout: 20_000 });
  writeFileSync(
    at('ext.cnf'),
    [
      '[server]',
      'subjectAltName=IP:127.0.0.1,DNS:localhost',
      '[other]',
      'subjectAltName=DNS:router.lab,DNS:r1.lab',
      '[client]',
      'extendedKeyUsage=clientAuth',
      '',
    ].join('\n'),
  );
  const key = (name: string) =>
    ssl('genpkey', '-algorithm', 'EC', '-pkeyopt', 'ec_paramgen_curve:P-256', '-out', at(name));
  const sign = (csrKey: string, cn: string, out: string, ext: string, days: string) => {
    ssl('req', '-new', '-key', at(csrKey), '-subj', `/CN=${cn}`, '-out', at(`${out}.csr`));
    ssl(
      'x509',
      '-req',
      '-in',
      at(`${out}.csr`),
      '-CA',
      at('ca.pem'),
      '-CAkey',
      at('ca.key'),
      '-CAcreateserial',
      '-out',
      at(out),
      '-days',
      days,
      '-extfile',
      at('ext.cnf'),
      '-extensions',
      ext,
    );
  };
  key('ca.key');
  ssl(
    'req',
    '-x509',
    '-new',
    '-key',
    at('ca.key'),
    '-subj',
    '/CN=routersh test CA',
    '-days',
    '2',
    '-out',
    at('ca.pem'),
  );
  key('server.key');
  sign('server.key', '127.0.0.1', 'server.pem', 'server', '2');
  sign('server.key', 'router.lab', 'other.pem', 'other', '2');
  // -days -1: valid until a day before it was issued, i.e. expired.
  sign('server.key', '127.0.0.1', 'expired.pem', 'server', '-1');
  key('client.key');
  sign('client.key', 'routersh', 'client.pem', 'client', '2');
  key('stray.key');
  writeFileSync(
    at('client-both.pem'),
    readFileSync(at('client.pem'), 'utf8') + readFileSync(at('client.key'), 'utf8'),
  );
  const files = {
    ca: at('ca.pem'),
    serverCert: at('server.pem'),
    serverKey: at('server.key'),
    otherNamesCert: at('other.pem'),
    expiredCert: at('expired.pem'),
    clientCert: at('client.pem'),
    clientKey: at('client.key'),
    strayKey: at('stray.key'),
    clientBoth: at('client-both.pem'),
  };
  return { dir, files, pem: (name) => readFileSync(files[name], 'utf8') };
}
