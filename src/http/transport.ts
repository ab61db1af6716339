// One keep-alive undici Agent per client. Every call has a deadline for the whole exchange
// (plus the Agent's connect/headers/body timeouts), can be cancelled by the caller's signal,
// and reads the body under a size cap; a failed exchange aborts its request so the socket is
// freed.
import { Agent, type Dispatcher, interceptors } from 'undici';
import { cancelledError, isRoutershError, protocolError, transportError } from '../errors.js';
import { type Collected, Collector } from './collect.js';
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

export type HttpResponse = Collected;

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
    const caller = c.signal;
    if (caller?.aborted) throw cancelledError();
    const tooBig = () =>
      protocolError(`response from router is larger than ${this.o.maxBodyBytes} bytes`, {
        maxBodyBytes: this.o.maxBodyBytes,
      });
    const onCallerAbort = () => collector.abort(cancelledError());
    // One deadline for the whole exchange (the Agent's own timeouts tick at ~1 s resolution).
    const timer = setTimeout(
      () => collector.abort(timeoutFor(this.o.origin, this.o.timeoutMs)),
      this.o.timeoutMs,
    );
    const collector = new Collector(this.o.maxBodyBytes, tooBig, () => {
      clearTimeout(timer);
      caller?.removeEventListener('abort', onCallerAbort);
    });
    caller?.addEventListener('abort', onCallerAbort, { once: true });
    const dispatcher = c.followRedirects ? this.redirecting : this.agent;
    try {
      dispatcher.dispatch(
        {
          origin: this.o.origin,
          path: c.path,
          method: c.method,
          headers: c.headers,
          body: c.body ?? null,
        },
        collector,
      );
      return await collector.done;
    } catch (e) {
      collector.abort(e instanceof Error ? e : new Error(String(e)));
      throw this.failure(e, caller);
    }
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
