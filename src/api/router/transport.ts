// One keep-alive undici Agent per client. Every call has a deadline (the Agent's connect,
// headers and body timeouts, plus a whole-exchange check while reading a large body), can be
// cancelled by the caller's signal, reads the body under a size cap, and always consumes or
// destroys it so sockets go back to the pool.
import { Agent, type Dispatcher, interceptors, request } from 'undici';
import { cancelledError, isRoutershError, protocolError, transportError } from '../../errors.js';
import { isTimeoutCode, mapTransportError, timeoutFor } from './transport-errors.js';

/** Bodies with a known length up to this size are read in one go. */
const FAST_BODY_BYTES = 256 * 1024;

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
    const connect: { ca?: string; rejectUnauthorized?: boolean; timeout: number } = {
      timeout: o.timeoutMs,
    };
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
    const started = performance.now();
    let res: Dispatcher.ResponseData | undefined;
    try {
      res = await request(this.o.origin + c.path, {
        method: c.method,
        headers: c.headers,
        body: c.body ?? null,
        // The caller's signal as is: a per-request AbortSignal.timeout/any costs about a third
        // of a bare request's CPU on Node 20; the deadline is kept by the Agent's timeouts.
        ...(c.signal ? { signal: c.signal } : {}),
        dispatcher: c.followRedirects ? this.redirecting : this.agent,
      });
      const text = await this.readBody(res, started);
      return { status: res.statusCode, headers: res.headers, text };
    } catch (e) {
      if (res) {
        // Destroying an unread undici body emits an AbortError: swallow it, we are failing anyway.
        res.body.on('error', () => {});
        res.body.destroy();
      }
      throw this.failure(e, c.signal);
    }
  }

  private async readBody(res: Dispatcher.ResponseData, started: number): Promise<string> {
    const cap = this.o.maxBodyBytes;
    const tooBig = () =>
      protocolError(`response from router is larger than ${cap} bytes`, { maxBodyBytes: cap });
    const declared = Number(res.headers['content-length']);
    if (Number.isFinite(declared) && declared > cap) throw tooBig();
    if (Number.isFinite(declared) && declared <= FAST_BODY_BYTES) return res.body.text(); // undici's fast path
    // Large or unknown length: count bytes, and hold the whole exchange to the deadline (the
    // Agent's bodyTimeout only bounds the gap between chunks).
    const deadline = started + this.o.timeoutMs;
    const chunks: Buffer[] = [];
    let size = 0;
    for await (const chunk of res.body) {
      const b = chunk as Buffer;
      size += b.length;
      if (size > cap) throw tooBig();
      if (performance.now() > deadline) throw timeoutFor(this.o.origin, this.o.timeoutMs);
      chunks.push(b);
    }
    return Buffer.concat(chunks, size).toString('utf8');
  }

  private failure(e: unknown, caller: AbortSignal | undefined): Error {
    if (isRoutershError(e)) return e;
    if (caller?.aborted) return cancelledError();
    if (isTimeoutCode(e)) return timeoutFor(this.o.origin, this.o.timeoutMs);
    return mapTransportError(e, this.o.host, this.o.origin, this.o.timeoutMs);
  }

  close(): Promise<void> {
    return this.agent.close();
  }

  destroy(): Promise<void> {
    return this.agent.destroy();
  }
}
