// API keys of one simulator instance, each bound to an organization, scopes and an expiry:
// random per instance, or derived from a secret seed so that a restarted simulator (a class's
// `routersh sim`) accepts the keys it printed before. Only the X-API-Key header is read; keys
// never appear in messages.
import { createHmac, randomBytes } from 'node:crypto';
import type { IncomingMessage } from 'node:http';
import { ApiError } from './errors.js';

export type Scope = 'metrics:read' | 'logs:read';

export interface KeyInfo {
  org: number;
  scopes: Scope[];
  /** Epoch ms after which the key is rejected. */
  expiresAt: number;
}

export interface SimKeys {
  demo: string;
  metricsOnly: string;
  logsOnly: string;
  expired: string;
  otherOrg: string;
}

const keyMaker = (seed?: string) => (label: string) =>
  `tk_${label}_${
    seed === undefined
      ? randomBytes(12).toString('hex')
      : createHmac('sha256', seed).update(`telemetry-key:${label}`).digest('hex').slice(0, 24)
  }`;

export function makeKeys(now: number, seed?: string): { keys: SimKeys; table: Map<string, KeyInfo> } {
  const key = keyMaker(seed);
  const year = 365 * 86_400_000;
  const both: Scope[] = ['metrics:read', 'logs:read'];
  const keys: SimKeys = {
    demo: key('demo'),
    metricsOnly: key('metrics'),
    logsOnly: key('logs'),
    expired: key('expired'),
    otherOrg: key('org2'),
  };
  const table = new Map<string, KeyInfo>([
    [keys.demo, { org: 1, scopes: both, expiresAt: now + year }],
    [keys.metricsOnly, { org: 1, scopes: ['metrics:read'], expiresAt: now + year }],
    [keys.logsOnly, { org: 1, scopes: ['logs:read'], expiresAt: now + year }],
    [keys.expired, { org: 1, scopes: both, expiresAt: now - 3_600_000 }],
    [keys.otherOrg, { org: 2, scopes: both, expiresAt: now + year }],
  ]);
  return { keys, table };
}

/** The key's organization; 401 for a missing, unknown or expired key, 403 without the scope. */
export function authorize(
  req: IncomingMessage,
  table: Map<string, KeyInfo>,
  now: number,
  scope: Scope | null,
): KeyInfo {
  const header = req.headers['x-api-key'];
  const value = Array.isArray(header) ? header[0] : header;
  if (!value) throw new ApiError(401, 'invalid_api_key', 'missing X-API-Key header');
  const info = table.get(value.trim());
  if (!info) throw new ApiError(401, 'invalid_api_key', 'invalid API key');
  if (now >= info.expiresAt) throw new ApiError(401, 'invalid_api_key', 'the API key has expired');
  if (scope && !info.scopes.includes(scope)) {
    throw new ApiError(403, 'insufficient_scope', `the API key lacks the ${scope} scope`, {
      required_scope: scope,
    });
  }
  return info;
}
