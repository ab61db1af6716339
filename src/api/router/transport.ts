// One keep-alive undici Agent per client. Every call has a deadline (headers/body timeouts
// plus one overall timer joined with the caller's signal), reads the body under a size
// cap, and always consumes or destroys it so sockets go back to the pool.
import { Agent, type Dispatcher, interceptors, request } from 'undici';
import { cancelledError, isRoutershError, protocolError, transportError } from '../../errors.js';
import { isTimeoutCode, mapTransportError, timeoutFor } from './transport-errors.js';

export interface TransportOptions {
  origin: string;
  /** host:port, for messages. */
  host: string;
  timeoutMs: number;
  maxBodyBytes: number;
  connections: number;
  ca?: string | undefined;
  insecure?: boolean | undefined;
}

export interface HttpCall {
  method: 'GET' | 'POST' | 'DELETE';
  /** Path and query, starting with '/'. */
  path: string;
  headers: Record<string, string>;
  body?: string;
  signal?: AbortSignal | undefined;
  /** Follow same-origin redirects (only GET /token does). */
  followRedirects?: boolean;
}

export interface HttpResponse {
  status: number;
  headers: Record<string, string | string[] | undefined>;
  text: string;
}

/**
 * Refuses any hop that leaves the origin before it is attempted: undici would strip
 * Authorization across origins, but credentials must not even start towards another host.
 * Composed inside the redirect interceptor so it sees every hop.
 */
function sameOriginOnly(origin: string): Dispatcher.DispatcherComposeInterceptor {
  return (dispatch) => (opts, handler) => {
    const target = opts.origin === undefined ? origin : new URL(String(opts.origin)).origin;
    if (target !== origin) {
      const err = transportError(`refused a redirect from ${origin} to another origin (${target})`, {
        redirect: target,
      });
      handler.onResponseError?.(null as unknown as Dispatcher.DispatchController, err);
      return true;
    }
    return dispatch(opts, handler);
  };
}

export class Transport {
  private readonly agent: Agent;
  private readonly redirecting: Dispatcher;
  constructor(private readonly o: TransportOptions) {
    const connect: { ca?: string; rejectUnauthorized?: boolean } = {};
    if (o.ca !== undefined) connect.ca = o.ca;
    if (o.insecure) connect.rejectUnauthorized = false;
    this.agent = new Agent({
      connections: o.connections,
      pipelining: 1,
      keepAliveTimeout: 10_000,
      headersTimeout: o.timeoutMs,
      bodyTimeout: o.timeoutMs,
      connect,
    });
    this.redirecting = this.agent.compose(
      sameOriginOnly(o.origin),
      interceptors.redirect({ maxRedirections: 3 }),
    );
  }

  async call(c: HttpCall): Promise<HttpResponse> {
    if (c.signal?.aborted) throw cancelledError();
    // One deadline for the whole exchange, joined with the caller's signal. A plain timer and
    // controller: AbortSignal.timeout/any cost about a third of the throughput on Node 20.
    const ac = new AbortController();
    let timedOut = false;
    const timer = setTimeout(() => {
      timedOut = true;
      ac.abort();
    }, this.o.timeoutMs);
    const onCallerAbort = () => ac.abort();
    c.signal?.addEventListener('abort', onCallerAbort, { once: true });
    let res: Dispatcher.ResponseData | undefined;
    try {
      res = await request(this.o.origin + c.path, {
        method: c.method,
        headers: c.headers,
        body: c.body ?? null,
        signal: ac.signal,
        headersTimeout: this.o.timeoutMs,
        bodyTimeout: this.o.timeoutMs,
        dispatcher: c.followRedirects ? this.redirecting : this.agent,
      });
      const text = await this.readBody(res);
      return { status: res.statusCode, headers: res.headers, text };
    } catch (e) {
      if (res) {
        // Destroying an unread undici body emits an AbortError: swallow it, we are failing anyway.
        res.body.on('error', () => {});
        res.body.destroy();
      }
      throw this.failure(e, c.signal, timedOut);
    } finally {
      clearTimeout(timer);
      c.signal?.removeEventListener('abort', onCallerAbort);
    }
  }

  private async readBody(res: Dispatcher.ResponseData): Promise<string> {
    const cap = this.o.maxBodyBytes;
    const tooBig = () =>
      protocolError(`response from router is larger than ${cap} bytes`, { maxBodyBytes: cap });
    const declared = Number(res.headers['content-length']);
    if (Number.isFinite(declared)) {
      if (declared > cap) throw tooBig();
      return res.body.text(); // length known and within the cap: undici's fast path
    }
    const chunks: Buffer[] = [];
    let size = 0;
    for await (const chunk of res.body) {
      const b = chunk as Buffer;
      size += b.length;
      if (size > cap) throw tooBig();
      chunks.push(b);
    }
    return Buffer.concat(chunks, size).toString('utf8');
  }

  private failure(e: unknown, caller: AbortSignal | undefined, timedOut: boolean): Error {
    if (isRoutershError(e)) return e;
    if (caller?.aborted) return cancelledError();
    if (timedOut || isTimeoutCode(e)) return timeoutFor(this.o.origin, this.o.timeoutMs);
    return mapTransportError(e, this.o.host, this.o.origin, this.o.timeoutMs);
  }

  close(): Promise<void> {
    return this.agent.close();
  }

  destroy(): Promise<void> {
    return this.agent.destroy();
  }
}
