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
  /** A client certificate file (PEM) and its private key's file. */
  cert?: string;
  certKey?: string;
  timeout?: number;
  telemetry?: string;
  telemetryKeyFile?: string;
  /** The telemetry API's own TLS (absent: the router's when both are on one host). */
  telemetryCa?: string;
  telemetryInsecure?: boolean;
  telemetryCert?: string;
  telemetryCertKey?: string;
  /** false: long output is never paged (`--no-pager`). */
  pager?: boolean;
  /**
   * How the panes lead to each other: a log field, the metric label with the same value, and
   * the chart the log pane's `c` opens (`$matchers` becomes `label="value"`). The chart's `L`
   * maps labels back to fields. Replaces the defaults (src/panes/pane-links.ts).
   */
  paneLinks?: PaneLinkSetting[];
  /** The fleet inventory `-i` defaults to (issue 39); relative to the config file's folder. */
  inventory?: string;
}

/** One entry of `paneLinks` (the same shape as the panes' PaneLink). */
export interface PaneLinkSetting {
  field: string;
  label: string;
  expression: string;
}

type Kind = 'string' | 'boolean' | 'number' | 'paneLinks';
const FIELDS: Readonly<Record<keyof Profile, Kind>> = {
  router: 'string',
  user: 'string',
  auth: 'string',
  passwordFile: 'string',
  tokenFile: 'string',
  ca: 'string',
  insecure: 'boolean',
  cert: 'string',
  certKey: 'string',
  timeout: 'number',
  telemetry: 'string',
  telemetryKeyFile: 'string',
  telemetryCa: 'string',
  telemetryInsecure: 'boolean',
  telemetryCert: 'string',
  telemetryCertKey: 'string',
  pager: 'boolean',
  paneLinks: 'paneLinks',
  inventory: 'string',
};
const LINK_KEYS = ['field', 'label', 'expression'] as const;
const INLINE_SECRETS = ['password', 'token', 'telemetryKey', 'apiKey'];
/** Names people reach for (the flags' names), and the field that is meant. */
const MEANT: Readonly<Record<string, string>> = { key: 'certKey' };

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
    if (Object.hasOwn(MEANT, key))
      throw configError(
        `${where}: unknown field '${key}' (a client certificate's key file is '${MEANT[key]}')`,
      );
    if (!isField(key)) {
      throw configError(`${where}: unknown field '${key}' (known: ${Object.keys(FIELDS).join(', ')})`);
    }
    const want = FIELDS[key];
    if (want === 'paneLinks') {
      out[key] = decodePaneLinks(value, `${where}: 'paneLinks'`);
      continue;
    }
    if (typeof value !== want)
      throw configError(`${where}: '${key}' must be a ${want}, not ${kindOf(value)}`);
    if (want === 'number' && !Number.isFinite(value))
      throw configError(`${where}: '${key}' must be a finite number`);
    out[key] = value;
  }
  return out as Profile;
}

/** `[{ "field": …, "label": …, "expression": … }, …]`, every key a non-empty string. */
function decodePaneLinks(raw: unknown, where: string): PaneLinkSetting[] {
  if (!Array.isArray(raw)) throw configError(`${where} must be an array, not ${kindOf(raw)}`);
  return raw.map((item: unknown, i) => {
    const at = `${where}[${i}]`;
    if (item === null || typeof item !== 'object' || Array.isArray(item))
      throw configError(`${at} must be an object with ${LINK_KEYS.join(', ')}`);
    const rec = item as Record<string, unknown>;
    const extra = Object.keys(rec).find((k) => !(LINK_KEYS as readonly string[]).includes(k));
    if (extra) throw configError(`${at}: unknown key '${extra}' (known: ${LINK_KEYS.join(', ')})`);
    for (const k of LINK_KEYS)
      if (typeof rec[k] !== 'string' || rec[k] === '')
        throw configError(`${at}: '${k}' must be a non-empty string`);
    return {
      field: rec['field'] as string,
      label: rec['label'] as string,
      expression: rec['expression'] as string,
    };
  });
}
