// Each API's TLS from the flags and the profile. The router's: --ca, --insecure, --cert, --key
// (profile: ca, insecure, cert, certKey). The telemetry API's: its own --telemetry-ca,
// --telemetry-insecure, --telemetry-cert, --telemetry-cert-key (profile: telemetryCa, …), and,
// for what those leave unset, the router's — only when the telemetry API is on the router's
// host (one machine, one CA): a CA or an --insecure meant for a lab router must not reach a
// telemetry service elsewhere, which holds the API key.
import type { Flags } from './flags.js';
import type { Profile } from './profile-schema.js';
import type { Read } from './secret-file.js';
import { readTls, type TlsFiles, type TlsSetting } from './tls-files.js';

export type { TlsSetting } from './tls-files.js';

export const ROUTER_TLS_FLAGS = { ca: '--ca', cert: '--cert', key: '--key', insecure: '--insecure' } as const;
export const TELEMETRY_TLS_FLAGS = {
  ca: '--telemetry-ca',
  cert: '--telemetry-cert',
  key: '--telemetry-cert-key',
  insecure: '--telemetry-insecure',
} as const;

const hostOf = (url: string | undefined): string | undefined => {
  try {
    return url === undefined ? undefined : new URL(url).hostname.toLowerCase();
  } catch {
    return undefined;
  }
};

/** Both on one host (any ports): the telemetry API takes what its own flags leave unset from the router's. */
export function sameHost(router: string | undefined, telemetry: string | undefined): boolean {
  const r = hostOf(router);
  return r !== undefined && r === hostOf(telemetry);
}

/** A certificate and its key come as a pair from one place: the flags, else the profile. */
function pair(flagCert?: string, flagKey?: string, profCert?: string, profKey?: string) {
  return flagCert !== undefined || flagKey !== undefined
    ? { cert: flagCert, key: flagKey }
    : { cert: profCert, key: profKey };
}

export function resolveTls(
  flags: Flags,
  prof: Profile,
  read: Read,
  urls: { router?: string | undefined; telemetry?: string | undefined },
): { router: TlsSetting; telemetry: TlsSetting } {
  const routerFiles: TlsFiles = {
    ca: flags.ca ?? prof.ca,
    ...pair(flags.cert, flags.key, prof.cert, prof.certKey),
    insecure: flags.insecure || prof.insecure === true,
  };
  const own = pair(flags.telemetryCert, flags.telemetryCertKey, prof.telemetryCert, prof.telemetryCertKey);
  const inherit = sameHost(urls.router, urls.telemetry);
  const mine = own.cert !== undefined || own.key !== undefined;
  const telemetryFiles: TlsFiles = {
    ca: flags.telemetryCa ?? prof.telemetryCa ?? (inherit ? routerFiles.ca : undefined),
    ...(mine ? own : inherit ? { cert: routerFiles.cert, key: routerFiles.key } : {}),
    insecure:
      flags.telemetryInsecure === true ||
      prof.telemetryInsecure === true ||
      (inherit && routerFiles.insecure),
  };
  const router = readTls(routerFiles, ROUTER_TLS_FLAGS, read);
  // What came from the router's flags is named by them in messages about its files.
  const telemetryNames = {
    ca: (flags.telemetryCa ?? prof.telemetryCa) ? TELEMETRY_TLS_FLAGS.ca : ROUTER_TLS_FLAGS.ca,
    cert: mine ? TELEMETRY_TLS_FLAGS.cert : ROUTER_TLS_FLAGS.cert,
    key: mine ? TELEMETRY_TLS_FLAGS.key : ROUTER_TLS_FLAGS.key,
  };
  return { router, telemetry: readTls(telemetryFiles, telemetryNames, read) };
}
