// The TLS files of one API (--ca, --cert, --key and the telemetry API's), read and checked at
// start: a missing or unreadable file, one that is not PEM, an encrypted key or a key that
// does not belong to its certificate is one configuration error naming the file (exit 2),
// before anything is sent — never a handshake that fails later for a reason nobody sees.
// A file's content never appears in a message (a key file is a secret).
//
// node:crypto loads (~20 internal modules) only when a file is given: most runs give none.
import type { KeyObject, X509Certificate } from 'node:crypto';
import { createRequire } from 'node:module';
import { configError, usageError } from '../errors.js';
import { type Read, readNamedFile } from './secret-file.js';

/** What one API's TLS uses: PEM text, checked. */
export interface TlsSetting {
  /** The CA certificates to trust instead of the system's. */
  ca?: string;
  /** A client certificate (with its chain) and its private key, for a server that asks. */
  cert?: string;
  key?: string;
  /** Skip verification of the server's certificate. */
  insecure: boolean;
}

/** Where one API's TLS files are (paths as given), and the flags that name them in messages. */
export interface TlsFiles {
  ca?: string | undefined;
  cert?: string | undefined;
  key?: string | undefined;
  insecure: boolean;
}

export interface TlsFlagNames {
  ca: string;
  cert: string;
  key: string;
}

// Made on first use: createRequire costs ~0.1 ms, paid at start-up by every run otherwise.
let required: NodeJS.Require | undefined;
const requireAtRuntime = (id: string): unknown => {
  required ??= createRequire(import.meta.url);
  return required(id);
};
const crypto = () => requireAtRuntime('node:crypto') as typeof import('node:crypto');

const BLOCK = /-----BEGIN ([A-Z0-9 ]+)-----[\s\S]*?-----END \1-----/g;

/** The PEM blocks of a text: their label (`CERTIFICATE`, `PRIVATE KEY`…) and text. */
function pemBlocks(text: string): Array<{ label: string; pem: string }> {
  return [...text.matchAll(BLOCK)].map((m) => ({ label: m[1] ?? '', pem: m[0] }));
}

const isKeyLabel = (label: string) => /(^|\s)PRIVATE KEY$/.test(label);

/** A flag's value that is PEM text or several lines is not a path: refused without echoing it. */
function checkPath(path: string, flag: string): void {
  if (path.includes('-----BEGIN') || /[\r\n]/.test(path))
    throw usageError(`${flag} wants the path of a file, not PEM text`);
}

function readPem(read: Read, path: string, flag: string, what: string): string {
  const text = readNamedFile(read, path, what);
  if (text.trim() === '') throw configError(`${what} file ${path} (${flag}) is empty`);
  return text;
}

/** Every certificate of a file, each parsed; none, or a broken one, is one line. */
function certificates(text: string, path: string, flag: string, what: string): X509Certificate[] {
  const blocks = pemBlocks(text).filter((b) => b.label === 'CERTIFICATE');
  if (blocks.length === 0) {
    throw configError(
      `${what} file ${path} (${flag}) is not a PEM certificate: want -----BEGIN CERTIFICATE----- (a DER file converts with: openssl x509 -inform der -in FILE -out FILE.pem)`,
    );
  }
  return blocks.map((b, i) => {
    try {
      return new (crypto().X509Certificate)(b.pem);
    } catch {
      throw configError(`${what} file ${path} (${flag}): certificate ${i + 1} is not a valid certificate`);
    }
  });
}

function privateKey(text: string, path: string, flag: string): { pem: string; key: KeyObject } {
  const block = pemBlocks(text).find((b) => isKeyLabel(b.label));
  if (!block) {
    throw configError(
      `client key file ${path} (${flag}) is not a PEM private key: want -----BEGIN PRIVATE KEY-----`,
    );
  }
  try {
    return { pem: block.pem, key: crypto().createPrivateKey(block.pem) };
  } catch (e) {
    const code = (e as { code?: unknown }).code;
    if (code === 'ERR_MISSING_PASSPHRASE' || block.label.startsWith('ENCRYPTED'))
      throw configError(
        `client key file ${path} (${flag}) is encrypted: routersh cannot ask for its passphrase (write a decrypted copy: openssl pkey -in FILE -out FILE.plain)`,
      );
    throw configError(`client key file ${path} (${flag}) is not a valid private key`);
  }
}

/**
 * One API's TLS files, read and checked. `--cert` alone may name a file holding both the
 * certificate and its key (as curl accepts); `--key` alone has no certificate to belong to.
 */
export function readTls(files: TlsFiles, flags: TlsFlagNames, read: Read): TlsSetting {
  const out: TlsSetting = { insecure: files.insecure };
  for (const k of ['ca', 'cert', 'key'] as const) {
    const path = files[k];
    if (path !== undefined) checkPath(path, flags[k]);
  }
  if (files.ca !== undefined) {
    const text = readPem(read, files.ca, flags.ca, 'CA');
    certificates(text, files.ca, flags.ca, 'CA');
    out.ca = text;
  }
  if (files.key !== undefined && files.cert === undefined)
    throw usageError(`${flags.key} needs ${flags.cert} FILE: the client certificate the key belongs to`);
  if (files.cert !== undefined) {
    const certText = readPem(read, files.cert, flags.cert, 'client certificate');
    const [leaf] = certificates(certText, files.cert, flags.cert, 'client certificate');
    const keyPath = files.key ?? files.cert;
    const keyText = files.key === undefined ? certText : readPem(read, files.key, flags.key, 'client key');
    if (files.key === undefined && !pemBlocks(certText).some((b) => isKeyLabel(b.label)))
      throw usageError(`${flags.cert} ${files.cert} holds no private key: give ${flags.key} FILE too`);
    const { pem, key } = privateKey(keyText, keyPath, files.key === undefined ? flags.cert : flags.key);
    if (leaf && !leaf.checkPrivateKey(key))
      throw configError(`client key ${keyPath} does not match the certificate ${files.cert}`);
    out.cert = pemBlocks(certText)
      .filter((b) => b.label === 'CERTIFICATE')
      .map((b) => b.pem)
      .join('\n');
    out.key = pem;
  }
  return out;
}
