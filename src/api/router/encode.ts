// Request encoding: every command word is one path segment, percent-encoded on its own
// (RFC 3986), so `10.0.0.0/24` stays one word (`10.0.0.0%2F24`) instead of two.
import { configError, validationError } from '../../errors.js';
import { sanitizeLine } from '../../term/sanitize.js';

/**
 * encodeURIComponent leaves !'()* alone; RFC 3986 counts them as reserved. `.` and `..` are
 * refused: a server or proxy resolves them as dot segments (`/api/interface/..` is `/api/`),
 * and so do WHATWG URL parsers for `%2E%2E`. The language refuses them first (path-guards.ts).
 */
export function encodeWord(word: string): string {
  if (word === '.' || word === '..') {
    throw validationError(`'${word}' cannot be a path word (a server would read it as a dot segment)`);
  }
  return encodeURIComponent(word).replace(
    /[!'()*]/g,
    (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`,
  );
}

export type Root = 'api' | 'api-oauth';

/** `prefix` is the base URL's path (may be '' or '/'); the result always starts with '/'. */
export function nodePath(prefix: string, root: Root, words: readonly string[]): string {
  const base = prefix.replace(/\/+$/, '');
  return `${base}/${root}/${words.map(encodeWord).join('/')}`;
}

export interface Query {
  debug?: 0 | 1;
  output?: 'json' | 'dumper';
}

export function queryString(q: Query | undefined): string {
  if (!q) return '';
  const parts: string[] = [];
  if (q.debug !== undefined) parts.push(`debug=${q.debug}`);
  if (q.output !== undefined) parts.push(`output=${q.output}`);
  return parts.length ? `?${parts.join('&')}` : '';
}

/** Parses and normalises a base URL: http(s) only, no query/fragment, no credentials. */
export function parseBaseUrl(baseUrl: string): { origin: string; prefix: string; host: string } {
  let u: URL;
  try {
    u = new URL(baseUrl);
  } catch {
    // Never echo something that may hold user:password@.
    throw configError(
      baseUrl.includes('@') ? 'router URL is not a URL' : `not a URL: ${sanitizeLine(baseUrl)}`,
    );
  }
  if (u.protocol !== 'http:' && u.protocol !== 'https:') {
    throw configError(
      `unsupported scheme ${sanitizeLine(u.protocol)} in router URL (use http:// or https://)`,
    );
  }
  if (u.username || u.password) throw configError('credentials do not belong in the router URL');
  return { origin: u.origin, prefix: u.pathname.replace(/\/+$/, ''), host: u.host };
}
