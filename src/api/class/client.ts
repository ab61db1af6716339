// The class server's client (contract/class.ts): one transport to the class URL, the caller's
// credential in every call (the instructor's Bearer token, or a trainee's Basic NAME:CODE), the
// answers decoded field by field (decode.ts). Every failure is one typed line with the server's
// `{ error }` sanitized and our credential redacted from it: a server echoing the token never
// puts it on the screen. The instructor's calls are here; the trainee's go beside them.
import { setTimeout as sleep } from 'node:timers/promises';
import type { Board, Grades, TraineeDetail } from '../../contract/class.js';
import { CLASS_PATHS } from '../../contract/class.js';
import { authError, limitError, protocolError, rejectedError } from '../../errors.js';
import { Transport } from '../../http/transport.js';
import type { TlsFixes } from '../../http/transport-errors.js';
import { sanitizeLine } from '../../term/sanitize.js';
import { redactDeep } from '../redact.js';
import { parseBaseUrl } from '../router/encode.js';
import { nestedDeeperThan } from '../json-depth.js';
import { decodeBoard, decodeGrades, decodeTraineeDetail } from './decode.js';

export type ClassAuth = { bearer: string } | { user: string; password: string };

export interface ClassClientConfig {
  /** The class URL as `class serve` printed it: http(s)://host:port[/prefix]. */
  url: string;
  auth: ClassAuth;
  /** One call's deadline (a long poll's is its own, above the server's 25 s). */
  timeoutMs?: number | undefined;
  ca?: string | undefined;
  cert?: string | undefined;
  key?: string | undefined;
  insecure?: boolean | undefined;
  /** What a TLS failure names as its fix (default the router's flags, which `class join` takes). */
  tlsFixes?: TlsFixes | undefined;
}

/**
 * `class board` and `class grades` take no TLS flags (CLI.md): a class served with a certificate
 * no system CA signed is trusted through Node's NODE_EXTRA_CA_CERTS.
 */
export const INSTRUCTOR_TLS_FIXES: TlsFixes = {
  ca: 'NODE_EXTRA_CA_CERTS=FILE',
  insecure: 'NODE_EXTRA_CA_CERTS=CERT (the --cert class serve was given)',
  cert: 'a class server that asks for no client certificate',
};

/** The server answers a long poll within 25 s; the call waits that plus a margin for a slow machine. */
const LONG_POLL_MS = 60_000;
const DEFAULT_TIMEOUT_MS = 30_000;
/** A board of 10,000 trainees with long lines stays far below this. */
const MAX_BODY_BYTES = 32 * 1024 * 1024;

export interface ClassCallOptions {
  signal?: AbortSignal | undefined;
  timeoutMs?: number | undefined;
  /**
   * A 429 whose Retry-After fits in this many ms (all waits together) is waited out and asked
   * again: a name slowed for a mistyped code a moment ago is answered, not refused (the join).
   */
  waitLimitedMs?: number | undefined;
}

/** Retry-After in seconds (the class server sends no dates), as ms; undefined when unreadable. */
const retryAfterMs = (h: string | string[] | undefined): number | undefined => {
  const s = Array.isArray(h) ? h[0] : h;
  return s !== undefined && /^\d{1,4}$/.test(s.trim()) ? Number(s.trim()) * 1000 : undefined;
};

export class ClassClient {
  readonly origin: string;
  private readonly prefix: string;
  private readonly transport: Transport;
  private readonly authorization: string;
  private readonly secrets: string[];
  /** A trainee's Basic NAME:CODE (a refusal then names the code, not the token). */
  private readonly asTrainee: boolean;

  constructor(cfg: ClassClientConfig) {
    const base = parseBaseUrl(cfg.url);
    this.origin = base.origin;
    this.prefix = base.prefix;
    this.transport = new Transport({
      origin: base.origin,
      service: 'class server',
      timeoutMs: cfg.timeoutMs ?? DEFAULT_TIMEOUT_MS,
      maxBodyBytes: MAX_BODY_BYTES,
      connections: 4,
      ca: cfg.ca,
      cert: cfg.cert,
      key: cfg.key,
      insecure: cfg.insecure,
      tlsFixes: cfg.tlsFixes,
    });
    this.asTrainee = !('bearer' in cfg.auth);
    if ('bearer' in cfg.auth) {
      this.authorization = `Bearer ${cfg.auth.bearer}`;
      this.secrets = [cfg.auth.bearer];
    } else {
      const basic = Buffer.from(`${cfg.auth.user}:${cfg.auth.password}`).toString('base64');
      this.authorization = `Basic ${basic}`;
      this.secrets = [cfg.auth.password, basic];
    }
  }

  /** One call: the parsed JSON of a 2xx answer (undefined when empty), else one typed error. */
  async call(
    method: 'GET' | 'POST',
    path: string,
    body?: unknown,
    o: ClassCallOptions = {},
  ): Promise<unknown> {
    let budget = o.waitLimitedMs ?? 0;
    for (;;) {
      const res = await this.once(method, path, body, o);
      const wait = res.status === 429 ? retryAfterMs(res.headers['retry-after']) : undefined;
      if (wait === undefined || wait > budget) return this.settle(res);
      budget -= wait;
      await sleep(wait, undefined, { signal: o.signal });
    }
  }

  private once(method: 'GET' | 'POST', path: string, body: unknown, o: ClassCallOptions) {
    return this.transport.call({
      method,
      path: `${this.prefix}${path}`,
      headers: {
        authorization: this.authorization,
        accept: 'application/json',
        ...(body !== undefined && { 'content-type': 'application/json' }),
      },
      body: body === undefined ? undefined : JSON.stringify(body),
      signal: o.signal,
      timeoutMs: o.timeoutMs,
    });
  }

  private settle(res: { status: number; text: string }): unknown {
    const parsed = res.text.trim() === '' ? undefined : this.parse(res.text, res.status);
    if (res.status >= 200 && res.status < 300) return parsed;
    throw this.failure(res.status, parsed);
  }

  private parse(text: string, status: number): unknown {
    let v: unknown;
    try {
      v = JSON.parse(text);
    } catch {
      if (status >= 200 && status < 300)
        throw protocolError('malformed answer from class server: body is not JSON');
      return undefined;
    }
    if (nestedDeeperThan(v)) throw protocolError('malformed answer from class server: JSON nested too deep');
    return redactDeep(v, this.secrets);
  }

  private failure(status: number, body: unknown) {
    const said =
      typeof body === 'object' && body !== null && typeof (body as { error?: unknown }).error === 'string'
        ? sanitizeLine((body as { error: string }).error).slice(0, 200)
        : '';
    const why = `class server answered ${status}${said ? `: ${said}` : ''}`;
    if (status === 401 || status === 403)
      return authError(
        this.asTrainee
          ? `${why} (check the name and the join code the instructor gave)`
          : `${why} (check the instructor token: the one \`class serve\` wrote)`,
      );
    if (status === 429) return limitError(why);
    if (status >= 500) return protocolError(why);
    return rejectedError(why);
  }

  /** The board now (`after` absent) or once its version passes `after` (long poll, at most 25 s). */
  async board(after: number | undefined, signal?: AbortSignal): Promise<Board> {
    const q = after === undefined ? '' : `?after=${after}`;
    const v = await this.call('GET', `${CLASS_PATHS.board}${q}`, undefined, {
      signal,
      timeoutMs: LONG_POLL_MS,
    });
    return decodeBoard(v);
  }

  async trainee(name: string, signal?: AbortSignal): Promise<TraineeDetail> {
    const v = await this.call('GET', `${CLASS_PATHS.trainee}${encodeURIComponent(name)}`, undefined, {
      signal,
    });
    return decodeTraineeDetail(v);
  }

  async reset(name?: string, signal?: AbortSignal): Promise<void> {
    await this.call('POST', CLASS_PATHS.reset, name === undefined ? {} : { name }, { signal });
  }

  async message(text: string, signal?: AbortSignal): Promise<void> {
    await this.call('POST', CLASS_PATHS.message, { text }, { signal });
  }

  async next(signal?: AbortSignal): Promise<void> {
    await this.call('POST', CLASS_PATHS.next, {}, { signal });
  }

  async grades(signal?: AbortSignal): Promise<Grades> {
    return decodeGrades(await this.call('GET', CLASS_PATHS.grades, undefined, { signal }));
  }

  close(): Promise<void> {
    return this.transport.close();
  }
}
