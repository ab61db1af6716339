// Token access: a JWT from GET /token (Basic, same-origin redirects only) or a pre-issued
// token; renewed before it expires — through /token when we hold a password, otherwise
// through create-token with the current bearer. Concurrent callers share one renewal.
import { authError, protocolError, rejectedError } from '../../errors.js';
import { sanitizeLine } from '../../term/sanitize.js';
import { decodeEnvelope, isObject, parseJson } from './decode.js';
import { encodeWord } from './encode.js';
import { needsRenewal, readToken, type TokenInfo } from './token.js';
import type { Transport } from '../../http/transport.js';

export interface TokenAuthDeps {
  transport: Transport;
  prefix: string;
  origin: string;
  user?: string | undefined;
  password?: string | undefined;
  token?: string | undefined;
  now: () => number;
}

export function basicHeader(user: string | undefined, password: string | undefined): string {
  return `Basic ${Buffer.from(`${user ?? ''}:${password ?? ''}`, 'utf8').toString('base64')}`;
}

export class TokenAuth {
  private current: TokenInfo | undefined;
  private pending: Promise<TokenInfo> | undefined;
  constructor(private readonly d: TokenAuthDeps) {
    if (d.token !== undefined) this.current = readToken(d.token, d.now());
  }

  /** The user name: configured, or the token's `sub`. */
  get user(): string | undefined {
    return this.d.user ?? this.current?.subject;
  }

  /** A token fit for use now (fetching or renewing it first when needed). */
  async bearer(): Promise<string> {
    const cur = this.current;
    if (cur === undefined) return (await this.renew(undefined)).token;
    if (needsRenewal(cur, this.d.now())) return (await this.renew(cur.token)).token;
    return cur.token;
  }

  /**
   * Replaces `stale` (undefined: there is none yet). When another caller already replaced
   * it, that result is used; while a renewal runs, everyone waits for the same one.
   */
  renew(stale: string | undefined): Promise<TokenInfo> {
    if (this.current !== undefined && this.current.token !== stale) return Promise.resolve(this.current);
    if (this.pending === undefined) {
      this.pending = this.obtain(stale)
        .then((t) => {
          this.current = t;
          return t;
        })
        .finally(() => {
          this.pending = undefined;
        });
    }
    return this.pending;
  }

  private failed(why: string): Error {
    return authError(`authentication failed for user ${this.user ?? '(unknown)'} at ${this.d.origin}${why}`);
  }

  private async obtain(stale: string | undefined): Promise<TokenInfo> {
    if (this.d.password !== undefined) return this.fromTokenEndpoint();
    if (stale !== undefined) return this.fromCreateToken(stale);
    throw this.failed(': no password and no token to obtain one with');
  }

  private async fromTokenEndpoint(): Promise<TokenInfo> {
    const res = await this.d.transport.call({
      method: 'GET',
      path: `${this.d.prefix}/token`,
      headers: { authorization: basicHeader(this.d.user, this.d.password), accept: 'application/json' },
      redirect: 'same-origin',
    });
    if (res.status === 401 || res.status === 403) throw this.failed('');
    if (res.status !== 200) {
      throw rejectedError(`router refused a token (HTTP ${res.status})`, { status: res.status });
    }
    const body = parseJson(res.text);
    const token = isObject(body) ? body['token'] : undefined;
    if (typeof token !== 'string' || token === '') {
      throw protocolError('malformed response from router: /token gave no token');
    }
    return readToken(token, this.d.now());
  }

  private async fromCreateToken(stale: string): Promise<TokenInfo> {
    const user = this.user;
    if (user === undefined) throw this.failed(': cannot renew the token without a user name');
    const res = await this.d.transport.call({
      method: 'POST',
      path: `${this.d.prefix}/api-oauth/system/user/${encodeWord(user)}/api/create-token`,
      headers: { authorization: `Bearer ${stale}`, accept: 'application/json' },
    });
    if (res.status === 401 || res.status === 403) throw this.failed(' (token expired or revoked)');
    if (res.status !== 200) {
      throw rejectedError(`router refused to renew the token (HTTP ${res.status})`, { status: res.status });
    }
    const env = decodeEnvelope(parseJson(res.text));
    if (!env.ok) {
      throw rejectedError(sanitizeLine(env.errorStatus ?? `token renewal failed: ${env.requestStatus}`));
    }
    const first = Array.isArray(env.raw['Message']) ? env.raw['Message'][0] : undefined;
    const token = typeof first === 'string' ? first.trim() : '';
    if (!token) throw protocolError('malformed response from router: create-token gave no token');
    return readToken(token, this.d.now());
  }
}
