// Token access: a JWT from GET /token (Basic, same-origin redirects only) or a pre-issued
// token; renewed once about 80 % of its lifetime has passed — through /token when we hold a
// password, otherwise through create-token with the current bearer. Concurrent callers share
// one renewal. While the client is open a timer renews the token even when no request comes:
// a pre-issued token can only be renewed while it is still valid, so an idle session would
// otherwise die with it. The timer never holds the process open and stops on close().
import { authError, cancelledError, isRoutershError, protocolError, rejectedError } from '../../errors.js';
import type { Transport } from '../../http/transport.js';
import { MAX_REDIRECTS, redirectLoop } from '../../http/transport-errors.js';
import { sanitizeLine } from '../../term/sanitize.js';
import type { Credentials } from './credentials.js';
import { decodeEnvelope, isObject, parseJson } from './decode.js';
import { encodeWord } from './encode.js';
import { isExpired, needsRenewal, readToken, refreshDelay, type TokenInfo } from './token.js';

export interface TokenAuthDeps {
  transport: Transport;
  prefix: string;
  origin: string;
  credentials: Credentials;
  /** A pre-issued token. */
  token?: string | undefined;
  now: () => number;
  /** A renewal by the timer failed (reported once per run of failures). */
  onWarning?: ((msg: string) => void) | undefined;
}

const MAX_SHOWN_USER = 64;

export class TokenAuth {
  private current: TokenInfo | undefined;
  private pending: Promise<TokenInfo> | undefined;
  private timer: NodeJS.Timeout | undefined;
  private failures = 0;
  private warned = false;
  /** Aborted by close(): ends a renewal in flight and keeps the timer from coming back. */
  private readonly life = new AbortController();

  constructor(private readonly d: TokenAuthDeps) {
    if (d.token !== undefined) {
      d.credentials.remember(d.token);
      this.current = readToken(d.token, d.now());
      this.schedule();
    }
  }

  /** The user name: configured, or the token's `sub` (raw: for the create-token path). */
  get user(): string | undefined {
    return this.d.credentials.user ?? this.current?.subject;
  }

  /** The user name as it may be shown: a `sub` is server text. */
  get displayUser(): string | undefined {
    const u = this.user;
    if (u === undefined) return undefined;
    const line = sanitizeLine(this.d.credentials.redactText(u));
    return line.length > MAX_SHOWN_USER ? `${line.slice(0, MAX_SHOWN_USER)}…` : line;
  }

  /** A token fit for use now (fetching or renewing it first when needed). */
  async bearer(): Promise<string> {
    const cur = this.current;
    if (cur === undefined) return (await this.renew(undefined)).token;
    const now = this.d.now();
    if (!needsRenewal(cur, now)) return cur.token;
    if (isExpired(cur, now)) return (await this.renew(cur.token)).token;
    // Due but still valid (the timer was late, e.g. after a suspend): renew, and when that
    // fails use the token we have — it still works, and the timer reports and retries.
    try {
      return (await this.renew(cur.token)).token;
    } catch (e) {
      if (this.life.signal.aborted) throw e;
      return cur.token;
    }
  }

  /**
   * Replaces `stale` (undefined: there is none yet). When another caller already replaced
   * it, that result is used; while a renewal runs, everyone waits for the same one.
   */
  renew(stale: string | undefined): Promise<TokenInfo> {
    if (this.current !== undefined && this.current.token !== stale) return Promise.resolve(this.current);
    if (this.life.signal.aborted) return Promise.reject(cancelledError());
    if (this.pending === undefined) {
      this.pending = this.obtain(stale)
        .then((t) => {
          this.d.credentials.remember(t.token);
          this.current = t;
          this.failures = 0;
          this.warned = false;
          this.schedule();
          return t;
        })
        .finally(() => {
          this.pending = undefined;
        });
    }
    return this.pending;
  }

  /** Stops the timer and any renewal in flight. */
  close(): void {
    this.life.abort();
    clearTimeout(this.timer);
    this.timer = undefined;
  }

  private schedule(): void {
    clearTimeout(this.timer);
    this.timer = undefined;
    const t = this.current;
    if (t === undefined || this.life.signal.aborted) return;
    const delay = refreshDelay(t, this.d.now(), this.failures);
    if (delay === undefined) return;
    this.timer = setTimeout(() => {
      this.timer = undefined;
      void this.refresh(t.token);
    }, delay);
    this.timer.unref();
  }

  /** The timer's renewal: never throws; a failure is reported once and retried with backoff. */
  private async refresh(stale: string): Promise<void> {
    try {
      await this.renew(stale);
    } catch (e) {
      if (this.life.signal.aborted) return;
      this.failures++;
      // Refused credentials will be refused again: no retry (the next request reports it).
      const final = isRoutershError(e) && e.code === 'auth';
      if (!this.warned) {
        this.warned = true;
        const why = e instanceof Error ? e.message : String(e);
        this.d.onWarning?.(
          sanitizeLine(`could not renew the router token${final ? '' : ' (retrying)'}: ${why}`),
        );
      }
      if (!final) this.schedule();
    }
  }

  private failed(why: string): Error {
    return authError(
      `authentication failed for user ${this.displayUser ?? '(unknown)'} at ${this.d.origin}${why}`,
    );
  }

  private async obtain(stale: string | undefined): Promise<TokenInfo> {
    if (this.d.credentials.password !== undefined) return this.fromTokenEndpoint();
    if (stale !== undefined) return this.fromCreateToken(stale);
    throw this.failed(': no password and no token to obtain one with');
  }

  private async fromTokenEndpoint(): Promise<TokenInfo> {
    const res = await this.d.transport.call({
      method: 'GET',
      path: `${this.d.prefix}/token`,
      headers: { authorization: this.d.credentials.basic, accept: 'application/json' },
      redirect: 'same-origin',
      signal: this.life.signal,
    });
    if (res.status === 401 || res.status === 403) throw this.failed('');
    // Still a redirect after the hops the transport follows: a loop (the same page, or ever new ones).
    if (res.status >= 300 && res.status < 400 && res.headers.location !== undefined)
      throw redirectLoop(this.d.transport.peer, `${this.d.prefix}/token`, MAX_REDIRECTS);
    if (res.status !== 200) {
      throw rejectedError(`router refused a token (HTTP ${res.status})`, { status: res.status });
    }
    const body = parseJson(res.text);
    const token = isObject(body) ? body['token'] : undefined;
    if (typeof token !== 'string' || token === '') {
      throw protocolError('malformed response from router: /token gave no token');
    }
    return readToken(token, this.d.now(), { fresh: true });
  }

  private async fromCreateToken(stale: string): Promise<TokenInfo> {
    const user = this.user;
    if (user === undefined) throw this.failed(': cannot renew the token without a user name');
    const res = await this.d.transport.call({
      method: 'POST',
      path: `${this.d.prefix}/api-oauth/system/user/${encodeWord(user)}/api/create-token`,
      headers: { authorization: `Bearer ${stale}`, accept: 'application/json' },
      signal: this.life.signal,
    });
    if (res.status === 401 || res.status === 403) throw this.failed(' (token expired or revoked)');
    if (res.status !== 200) {
      throw rejectedError(`router refused to renew the token (HTTP ${res.status})`, { status: res.status });
    }
    const env = decodeEnvelope(parseJson(res.text));
    if (!env.ok) {
      const why = env.errorStatus ?? `token renewal failed: ${env.requestStatus}`;
      throw rejectedError(sanitizeLine(this.d.credentials.redactText(why)));
    }
    const first = Array.isArray(env.raw['Message']) ? env.raw['Message'][0] : undefined;
    const token = typeof first === 'string' ? first.trim() : '';
    if (!token) throw protocolError('malformed response from router: create-token gave no token');
    return readToken(token, this.d.now(), { fresh: true });
  }
}
