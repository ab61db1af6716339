// A profile as written by hand: every field is checked for its type before use, so a wrong
// one is a one-line configuration error naming the profile and the field, never a crash
// further on ("u.replace is not a function"). Secrets are only ever file paths.
import { configError } from '../errors.js';

export interface Profile {
  router?: string;
  user?: string;
  auth?: string;
  passwordFile?: string;
  tokenFile?: string;
  ca?: string;
  insecure?: boolean;
  timeout?: number;
  telemetry?: string;
  telemetryKeyFile?: string;
  /** false: long output is never paged (`--no-pager`). */
  pager?: boolean;
}

type Kind = 'string' | 'boolean' | 'number';
const FIELDS: Readonly<Record<keyof Profile, Kind>> = {
  router: 'string',
  user: 'string',
  auth: 'string',
  passwordFile: 'string',
  tokenFile: 'string',
  ca: 'string',
  insecure: 'boolean',
  timeout: 'number',
  telemetry: 'string',
  telemetryKeyFile: 'string',
  pager: 'boolean',
};
const INLINE_SECRETS = ['password', 'token', 'telemetryKey', 'apiKey'];

const kindOf = (v: unknown): string =>
  v === null ? 'null' : Array.isArray(v) ? 'an array' : `a ${typeof v}`;
const isField = (k: string): k is keyof Profile => Object.hasOwn(FIELDS, k);

/** The profile `name` from the file at `path`, checked field by field. */
export function decodeProfile(name: string, raw: unknown, path: string): Profile {
  const where = `profile '${name}' in ${path}`;
  if (raw === null || typeof raw !== 'object' || Array.isArray(raw))
    throw configError(`${where} must be an object`);
  const out: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(raw)) {
    if (INLINE_SECRETS.includes(key))
      throw configError(`${where} holds '${key}' inline: use ${key}File instead`);
    if (!isField(key)) {
      throw configError(`${where}: unknown field '${key}' (known: ${Object.keys(FIELDS).join(', ')})`);
    }
    const want = FIELDS[key];
    if (typeof value !== want)
      throw configError(`${where}: '${key}' must be a ${want}, not ${kindOf(value)}`);
    if (want === 'number' && !Number.isFinite(value))
      throw configError(`${where}: '${key}' must be a finite number`);
    out[key] = value;
  }
  return out as Profile;
}
