// Our own credentials never come back out of a server's answer: a server that echoes the API
// key, a password, a token or an Authorization header has them replaced by [redacted] before
// the text becomes an error message, output or a --json document. The one redaction of both
// API clients (the command language redacts what the user types: src/lang/redact.ts).

export const REDACTED = '[redacted]';

/** Lists normalise made: passed again (a client's own, kept), they are used as they are. */
const normalised = new WeakSet<readonly string[]>();

/**
 * Non-empty secrets, longest first (so `user:password` goes before `password`), no repeats. A
 * client that checks every answer keeps the list this returns (Credentials): remade per answer,
 * it was most of what a 1,000-host fleet run allocated to redact.
 */
export function normalise(secret: string | readonly string[]): readonly string[] {
  if (typeof secret !== 'string' && normalised.has(secret)) return secret;
  const list = typeof secret === 'string' ? [secret] : secret;
  const out = Object.freeze([...new Set(list.filter((s) => s !== ''))].sort((a, b) => b.length - a.length));
  normalised.add(out);
  return out;
}

function redactString(text: string, secrets: readonly string[]): string {
  let out = text;
  for (const s of secrets) if (out.includes(s)) out = out.split(s).join(REDACTED);
  return out;
}

const isRecord = (v: unknown): v is Record<string, unknown> =>
  typeof v === 'object' && v !== null && !Array.isArray(v);

function walk(value: unknown, secrets: readonly string[]): unknown {
  if (typeof value === 'string') return redactString(value, secrets);
  if (Array.isArray(value)) return value.map((v) => walk(v, secrets));
  if (isRecord(value)) {
    const out: Record<string, unknown> = {};
    for (const [k, v] of Object.entries(value)) out[redactString(k, secrets)] = walk(v, secrets);
    return out;
  }
  return value;
}

/** Replaces every occurrence of each secret in the strings (keys too) of a JSON-like value. */
export function redactDeep<T>(value: T, secret: string | readonly string[]): T {
  const secrets = normalise(secret);
  return secrets.length === 0 ? value : (walk(value, secrets) as T);
}

/**
 * False only when the JSON text `raw` cannot hold any of the secrets once parsed: no secret in
 * its plain or JSON-escaped form, and no `\u` or `\/` escape that could spell one differently.
 * Lets a large answer skip the deep walk.
 */
export function mayHoldSecret(raw: string, secret: string | readonly string[]): boolean {
  const secrets = normalise(secret);
  if (secrets.length === 0) return false;
  if (raw.includes('\\u') || raw.includes('\\/')) return true;
  return secrets.some((s) => raw.includes(s) || raw.includes(JSON.stringify(s).slice(1, -1)));
}
