// A TLS failure as what it means and the likely fix, in the wording of the API's own flags
// (`--ca FILE` for the router, `--telemetry-ca FILE` for the telemetry API): an unknown CA,
// names the certificate does not hold (it says which it holds), an expired one, a server that
// wants a client certificate or refused ours, a port that does not speak TLS. Names from the
// certificate are server text: sanitized.
import { sanitizeLine } from '../term/sanitize.js';

/** The flags that fix a TLS failure, as a message names them. */
export interface TlsFixes {
  ca: string;
  insecure: string;
  cert: string;
}

export const ROUTER_FIXES: TlsFixes = {
  ca: '--ca FILE',
  insecure: '--insecure',
  cert: '--cert FILE and --key FILE',
};

/** What this side brought to the handshake: a CA of its own, a client certificate. */
export interface TlsGiven {
  ca: boolean;
  cert: boolean;
}

const UNTRUSTED = new Set([
  'UNABLE_TO_VERIFY_LEAF_SIGNATURE',
  'UNABLE_TO_GET_ISSUER_CERT',
  'UNABLE_TO_GET_ISSUER_CERT_LOCALLY',
  'CERT_UNTRUSTED',
  'CERT_SIGNATURE_FAILURE',
]);
const SELF_SIGNED = new Set(['DEPTH_ZERO_SELF_SIGNED_CERT', 'SELF_SIGNED_CERT_IN_CHAIN']);
/** Alerts a server sends about the client certificate it got (or did not). */
const CLIENT_CERT_ALERTS =
  /^ERR_SSL_(?:TLSV1|SSLV3)_ALERT_(UNKNOWN_CA|BAD_CERTIFICATE|CERTIFICATE_UNKNOWN|UNSUPPORTED_CERTIFICATE|CERTIFICATE_REVOKED|CERTIFICATE_EXPIRED|ACCESS_DENIED|DECRYPT_ERROR)$/;

export function isTlsCode(code: string): boolean {
  return (
    code.startsWith('ERR_TLS') ||
    code.startsWith('ERR_SSL') ||
    code.startsWith('CERT_') ||
    code.includes('SELF_SIGNED') ||
    code.startsWith('UNABLE_TO_') ||
    code === 'HOSTNAME_MISMATCH'
  );
}

/**
 * Our own code: a TLS connection on which we gave a client certificate ended before a byte of
 * an answer, and without an alert. A server that checks the certificate after the handshake
 * (Node's tls does) and refuses it just closes: the client sees a reset or an end, no reason.
 */
export const CLOSED_AFTER_HANDSHAKE = 'ERR_TLS_CLOSED_AFTER_HANDSHAKE';

const words = (code: string) => code.toLowerCase().replace(/_/g, ' ');

/** `DNS:a, IP Address:1.2.3.4` → `a, 1.2.3.4` (at most 6 names). */
function certNames(cert: unknown): string {
  const c = cert as { subjectaltname?: unknown; subject?: { CN?: unknown } } | undefined;
  const alt = typeof c?.subjectaltname === 'string' ? c.subjectaltname : '';
  let names = alt
    .split(/,\s*/)
    .map((n) => n.replace(/^(DNS|IP Address):/, ''))
    .filter(Boolean);
  if (names.length === 0 && typeof c?.subject?.CN === 'string') names = [c.subject.CN];
  if (names.length === 0) return 'no name';
  const shown = names.slice(0, 6).join(', ');
  return sanitizeLine(names.length > 6 ? `${shown}, …` : shown);
}

/**
 * What a TLS failure means and its fix (the part after `TLS failed with the router at H: `);
 * undefined when `code` is not a TLS failure this knows.
 */
export function tlsMeaning(
  code: string,
  cause: unknown,
  host: string,
  fix: TlsFixes,
  given: TlsGiven,
): string | undefined {
  const trust = `use ${fix.ca} (the CA that signed it) or ${fix.insecure}`;
  if (SELF_SIGNED.has(code))
    return given.ca
      ? `its certificate is self-signed and not the CA given: ${trust}`
      : `its certificate is self-signed: ${trust}`;
  if (UNTRUSTED.has(code))
    return given.ca
      ? `its certificate is not signed by the CA given: ${trust}`
      : `its certificate is signed by a CA this machine does not trust: ${trust}`;
  if (code === 'ERR_TLS_CERT_ALTNAME_INVALID' || code === 'HOSTNAME_MISMATCH') {
    const want = sanitizeLine(host.replace(/:\d+$/, '').replace(/^\[(.*)\]$/, '$1'));
    return `its certificate is for ${certNames((cause as { cert?: unknown }).cert)}, not ${want}: connect by a name it holds (or ${fix.insecure})`;
  }
  if (code === 'CERT_HAS_EXPIRED')
    return `its certificate has expired: renew it, or check this machine's clock (${fix.insecure} skips the check)`;
  if (code === 'CERT_NOT_YET_VALID') return `its certificate is not valid yet: check this machine's clock`;
  if (code === 'ERR_SSL_TLSV13_ALERT_CERTIFICATE_REQUIRED')
    return given.cert
      ? 'it wants a client certificate and did not take ours'
      : `it requires a client certificate: use ${fix.cert}`;
  if (code === 'ERR_SSL_SSLV3_ALERT_HANDSHAKE_FAILURE' && !given.cert)
    return `it ended the handshake (handshake failure): if it requires a client certificate, use ${fix.cert}`;
  const alert = CLIENT_CERT_ALERTS.exec(code);
  if (code === CLOSED_AFTER_HANDSHAKE && given.cert)
    return 'it refused our client certificate (it closed the connection after the handshake): use one it trusts';
  if (alert?.[1] && given.cert)
    return `it refused our client certificate (${words(alert[1])}): use one it trusts`;
  if (alert?.[1])
    return `it refused the handshake (${words(alert[1])}): if it requires a client certificate, use ${fix.cert}`;
  if (code === 'ERR_SSL_WRONG_VERSION_NUMBER' || code === 'ERR_SSL_PACKET_LENGTH_TOO_LONG')
    return 'it does not speak TLS on this port: is the URL http://?';
  if (code.startsWith('ERR_SSL_')) return words(code.slice('ERR_SSL_'.length));
  return undefined;
}
