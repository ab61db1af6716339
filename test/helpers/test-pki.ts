// A throwaway PKI for TLS tests: a CA, server certificates for 127.0.0.1 and localhost (one
// valid, one for other names, one expired), a client certificate, and keys. Made once by
// pki/make.sh and committed (two unrelated CAs, `main` and `other`): making them took ~14
// openssl processes a call, each forked from a test worker of hundreds of MB. `hasOpenssl` lets
// a test that starts openssl itself (its s_server, an encrypted key) skip on a machine without it.
import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

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

/** The PKI `set` (another set's CA trusts none of this one's certificates). */
export function testPki(set: 'main' | 'other' = 'main'): Pki {
  const dir = fileURLToPath(new URL(`./pki/${set}/`, import.meta.url));
  const files = {
    ca: `${dir}ca.pem`,
    serverCert: `${dir}server.pem`,
    serverKey: `${dir}server.key`,
    otherNamesCert: `${dir}other.pem`,
    expiredCert: `${dir}expired.pem`,
    clientCert: `${dir}client.pem`,
    clientKey: `${dir}client.key`,
    strayKey: `${dir}stray.key`,
    clientBoth: `${dir}client-both.pem`,
  };
  return { dir, files, pem: (name) => readFileSync(files[name], 'utf8') };
}
