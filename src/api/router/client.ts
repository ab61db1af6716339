// The router REST client: one request = one envelope, decoded at the boundary; every failure
// is one typed, one-line error (src/errors.ts) with credentials nowhere in it — our own
// credentials are redacted from every answer before anything reads it (credentials.ts).
import { nestedDeeperThan } from '../json-depth.js';
import {
  authError,
  cancelledError,
  commandFailedError,
  protocolError,
  type RoutershError,
  rejectedError,
} from '../../errors.js';
import { sanitizeLine } from '../../term/sanitize.js';
import { ShowOutputScan } from './show-stream.js';
import { decodeEnvelope, isObject, joinMessage, parseJson } from './decode.js';
import { nodePath, parseBaseUrl, type Query, queryString, type Root } from './encode.js';
import { Credentials, missingPasswordError } from './credentials.js';
import type { SharedAnswers } from './shared-answers.js';
import { TokenAuth } from './token-auth.js';
import { Transport, type HttpResponse, type SocketAddresses } from '../../http/transport.js';
import type { TransportProxy } from '../../http/proxy-agent.js';
import type { Envelope, NodeInfo, RouterRequest } from './types.js';
import type { Action } from './wire.js';

export interface RouterClientConfig {
  /** http(s)://host:port[/prefix] */
  baseUrl: string;
  user?: string | undefined;
  password?: string | undefined;
  /** A pre-issued token. */
  token?: string | undefined;
  auth: 'basic' | 'token';
  timeoutMs: number;
  /** PEM text: the CAs to trust, a client certificate and its key. */
  ca?: string | undefined;
  cert?: string | undefined;
  key?: string | undefined;
  insecure?: boolean | undefined;
  /** The proxy on the way (absent: straight to the router). */
  proxy?: TransportProxy | undefined;
  onWarning?: ((msg: string) => void) | undefined;
  now?: (() => number) | undefined;
  /** Default 8 MiB. */
  maxBodyBytes?: number | undefined;
  /** Keep-alive sockets to the router; default 16. */
  connections?: number | undefined;
  /** GET answers decoded once for many clients (a fleet run's, shared-answers.ts). */
  shared?: SharedAnswers | undefined;
}

export interface CallOptions {
  signal?: AbortSignal | undefined;
  query?: Query | undefined;
  /**
   * A SHOW's text output as it arrives, redacted, in pieces that end after a line (the last
   * where ShowOutput ends): a preview of what the answer's ShowOutput holds, which the returned
   * envelope still carries whole (show-stream.ts). Not called when the answer is not an OK
   * envelope with a text ShowOutput, nor when a secret could span a piece. Called with null
   * at the end when what it was given is not the answer's ShowOutput (a hostile body).
   */
  onShow?: ((text: string | null) => void) | undefined;
}

export interface PostBody {
  Actions?: Action[];
  Options?: Record<string, Array<string | number>>;
}

// The envelope that came with a failed request (400 / non-OK 200), for the raw `api` command.
const failedBodies = new WeakMap<RoutershError, Record<string, unknown>>();

/** The JSON body the router sent along with this error, if any. */
export function responseBodyOf(e: RoutershError): Record<string, unknown> | undefined {
  return failedBodies.get(e);
}

function withBody(e: RoutershError, body: unknown): RoutershError {
  if (isObject(body)) failedBodies.set(e, body);
  return e;
}

export class RouterClient {
  readonly origin: string;
  private readonly prefix: string;
  private readonly transport: Transport;
  private readonly tokens: TokenAuth | undefined;
  private readonly basic: string | undefined;
  private readonly credentials: Credentials;

  constructor(private readonly cfg: RouterClientConfig) {
    const base = parseBaseUrl(cfg.baseUrl);
    this.origin = base.origin;
    this.prefix = base.prefix;
    this.transport = new Transport({
      origin: base.origin,
      service: 'router',
      timeoutMs: cfg.timeoutMs,
      maxBodyBytes: cfg.maxBodyBytes ?? 8 * 1024 * 1024,
      connections: cfg.connections ?? 16,
      ca: cfg.ca,
      cert: cfg.cert,
      key: cfg.key,
      insecure: cfg.insecure,
      proxy: cfg.proxy,
    });
    // A user without a password or a token: refused here, for every command, before anything
    // is sent — never an empty Basic password (a terminal asks for it before the client is made).
    if (cfg.user !== undefined && cfg.password === undefined && cfg.token === undefined)
      throw missingPasswordError(cfg.user, cfg.baseUrl, cfg.auth === 'token');
    this.credentials = new Credentials(cfg.user, cfg.password);
    if (cfg.auth === 'token' || cfg.token !== undefined) {
      this.tokens = new TokenAuth({
        transport: this.transport,
        prefix: this.prefix,
        origin: this.origin,
        credentials: this.credentials,
        token: cfg.token,
        now: cfg.now ?? Date.now,
        onWarning: cfg.onWarning,
      });
    } else if (cfg.user !== undefined || cfg.password !== undefined) {
      this.basic = this.credentials.basic;
    }
  }

  /** Our address and the router's on the latest connection (the own-path check), once connected. */
  get addresses(): SocketAddresses | undefined {
    return this.transport.addresses;
  }

  /** The path every request starts with: the base URL's prefix and `/api` or `/api-oauth`. */
  get apiRoot(): string {
    return nodePath(this.prefix, this.tokens ? 'api-oauth' : 'api', []).replace(/\/$/, '');
  }

  /** The user shown in prompts and messages (for a bare token: its `sub`). */
  get displayUser(): string {
    return this.tokens?.displayUser ?? sanitizeLine(this.cfg.user ?? '');
  }

  get(words: string[], o?: CallOptions): Promise<Envelope> {
    return this.send({ method: 'GET', words, ...(o?.query ? { query: o.query } : {}) }, o);
  }

  post(words: string[], body: PostBody, o?: CallOptions): Promise<Envelope> {
    const req: RouterRequest = { method: 'POST', words };
    if (body.Actions) req.actions = body.Actions;
    if (body.Options) req.options = body.Options;
    if (o?.query) req.query = o.query;
    return this.send(req, o);
  }

  delete(words: string[], o?: CallOptions): Promise<Envelope> {
    return this.send({ method: 'DELETE', words, ...(o?.query ? { query: o.query } : {}) }, o);
  }

  async nodeInfo(words: string[], o?: CallOptions): Promise<NodeInfo> {
    const env = await this.get(words, o);
    if (!env.nodeInfo) throw protocolError('malformed response from router: GET gave no NodeInfo');
    return env.nodeInfo;
  }

  async send(req: RouterRequest, o?: CallOptions): Promise<Envelope> {
    if (o?.signal?.aborted) throw cancelledError();
    const root: Root = this.tokens ? 'api-oauth' : 'api';
    const query = o?.query ?? req.query;
    const path = nodePath(this.prefix, root, req.words) + queryString(query);
    let body: string | undefined;
    if (req.method === 'POST') {
      const b: PostBody = {};
      if (req.actions) b.Actions = req.actions;
      if (req.options) b.Options = req.options;
      body = JSON.stringify(b);
    }
    const headers: Record<string, string> = { accept: 'application/json' };
    if (body !== undefined) headers['content-type'] = 'application/json';
    const stream = this.showStream(req, o?.onShow);
    const onText = stream?.onText;
    let res: HttpResponse;
    if (this.tokens) {
      const used = await this.tokens.bearer();
      res = await this.call(req, path, headers, body, `Bearer ${used}`, o?.signal, onText);
      if (res.status === 401) {
        // Exactly one renewal and one retry; a second 401 is final (a 401's body is never shown).
        const fresh = await this.tokens.renew(used);
        res = await this.call(req, path, headers, body, `Bearer ${fresh.token}`, o?.signal, onText);
      }
    } else {
      res = await this.call(req, path, headers, body, this.basic, o?.signal, onText);
    }
    const env = this.interpret(res, req.method, query, stream?.body());
    stream?.check(env);
    return env;
  }

  private call(
    req: RouterRequest,
    path: string,
    headers: Record<string, string>,
    body: string | undefined,
    authorization: string | undefined,
    signal: AbortSignal | undefined,
    onText?: (part: string) => void,
  ): Promise<HttpResponse> {
    const h = authorization ? { ...headers, authorization } : headers;
    return this.transport.call({
      method: req.method,
      path,
      headers: h,
      signal,
      ...(body !== undefined ? { body } : {}),
      ...(onText ? { onText } : {}),
    });
  }

  /**
   * The body's parts to a ShowOutput scan whose pieces reach `onShow` redacted: only for a
   * SHOW, and only when none of our secrets holds a control character (each piece ends after
   * an LF, so a secret without one never spans two; the cut stays where sanitizing allows).
   * `body`: the answer's body, parsed and redacted, made of the scan's envelope text and the
   * pieces when the scan read it whole (undefined otherwise: the full parse answers). The
   * pieces joined are ShowOutput redacted as a whole, since no secret spans a line end.
   * `check`: once the answer is decoded, `onShow(null)` unless what was handed out is its
   * ShowOutput (the scan read the whole envelope, and the lengths agree).
   */
  private showStream(req: RouterRequest, onShow: ((text: string | null) => void) | undefined) {
    if (!onShow || req.method !== 'POST' || !req.actions?.includes('SHOW')) return undefined;
    if (this.credentials.secrets.some((s) => CONTROL.test(s))) return undefined;
    // What was handed out, built by `+=`: a rope of the pieces that nothing reads whole (joined,
    // it was a 4.8 MB copy between the answer's last byte and the prompt).
    let given = '';
    const scan = new ShowOutputScan((text) => {
      const out = this.credentials.redactText(text);
      given += out;
      onShow(out);
    });
    return {
      onText: (part: string) => scan.push(part),
      body: (): unknown => {
        const text = scan.envelopeText();
        if (text === undefined) return undefined;
        let body: unknown;
        try {
          body = this.credentials.redactBody(parseJson(text), text);
        } catch {
          return undefined;
        }
        const info = isObject(body) ? body['NodeInfo'] : undefined;
        // Another ShowOutput (not a string) after the one handed out won the parse.
        if (!isObject(info) || info['ShowOutput'] !== '') return undefined;
        info['ShowOutput'] = given;
        return body;
      },
      check(env: Envelope) {
        const show = env.nodeInfo?.showOutput;
        if (given !== '' && !(scan.finished && typeof show === 'string' && show.length === given.length))
          onShow(null);
      },
    };
  }

  /** `streamedBody`: the 2xx body parsed and redacted already (a streamed show's). */
  private interpret(
    res: HttpResponse,
    method: string,
    query: Query | undefined,
    streamedBody?: unknown,
  ): Envelope {
    const { status } = res;
    if (status === 401) {
      throw authError(`authentication failed for user ${this.displayUser || '(none)'} at ${this.origin}`, {
        status,
      });
    }
    if (status >= 200 && status < 300 && streamedBody === undefined) {
      if (res.text.trim() === '' && status === 204) {
        return decodeEnvelope({ RequestStatus: 'OK' });
      }
      if (query?.output === 'dumper' && !looksLikeJson(res.text)) {
        return dumperEnvelope(this.credentials.redactText(res.text));
      }
    }
    if (status >= 200 && status < 300) {
      const { shared } = this.cfg;
      const env =
        streamedBody !== undefined
          ? decodeEnvelope(streamedBody)
          : shared && method === 'GET' && !this.credentials.mayHold(res.text)
            ? shared.decoded(res.text, () => decodeEnvelope(parseJson(res.text)))
            : decodeEnvelope(this.credentials.redactBody(parseJson(res.text), res.text));
      const body = env.raw;
      if (!env.ok) {
        const text = sanitizeLine(env.errorStatus ?? `request failed: ${env.requestStatus}`);
        const details = { status, method, requestStatus: env.requestStatus, errorStatus: env.errorStatus };
        throw withBody(commandFailedError(text, details), body);
      }
      return env;
    }
    // Error statuses: the router's ErrorStatus when it sent one.
    let body: unknown;
    try {
      const parsed = JSON.parse(res.text) as unknown;
      // Only top-level fields are read here; a too-deep body is no error text.
      body = nestedDeeperThan(parsed) ? undefined : this.credentials.redactBody(parsed, res.text);
    } catch {
      body = undefined;
    }
    const es = isObject(body) && typeof body['ErrorStatus'] === 'string' ? body['ErrorStatus'] : undefined;
    const rs =
      isObject(body) && typeof body['RequestStatus'] === 'string' ? body['RequestStatus'] : undefined;
    const details: Record<string, unknown> = { status, method };
    if (es !== undefined) details['errorStatus'] = es;
    if (rs !== undefined) details['requestStatus'] = rs;
    const text =
      es !== undefined && es.trim() !== ''
        ? sanitizeLine(es)
        : `router rejected the request (HTTP ${status}${status === 400 ? ' Bad Request' : ''})`;
    throw withBody(rejectedError(text, details), body);
  }

  async close(): Promise<void> {
    this.tokens?.close();
    await this.transport.close();
  }
}

// C0 and C1 controls: a secret holding one could span a streamed piece or move its cut.
const CONTROL = /[\u0000-\u001f\u007f-\u009f]/;

function looksLikeJson(text: string): boolean {
  const t = text.trimStart();
  return t.startsWith('{') || t.startsWith('[');
}

/** `output=dumper` answers the router's internal structures as text, not an envelope. */
function dumperEnvelope(text: string): Envelope {
  const message = joinMessage([text]);
  return {
    ok: true,
    requestStatus: 'OK',
    message,
    messageLines: message === '' ? [] : message.slice(0, -1).split('\n'),
    raw: { Dumper: text },
  };
}
