// THE HTTP transport of both APIs: one keep-alive undici Agent per client. Every call has a
// deadline for the whole exchange, can be cancelled by the caller's signal (cancel and timeout
// are told apart), reads the body under the instance's size cap, and follows redirects only
// when asked and only within the origin. A failed exchange aborts its request, so its socket
// is destroyed rather than left waiting for an answer. Auth is the caller's: it arrives in
// `headers` at send time.
import type { Agent as AgentType, buildConnector as BuildConnector, Dispatcher } from 'undici';
// By path, not from 'undici': its index loads all of undici (src/http/undici-lib.d.ts).
import buildConnector from 'undici/lib/core/connect.js';
import Agent from 'undici/lib/dispatcher/agent.js';
import redirect from 'undici/lib/interceptor/redirect.js';
import { cancelledError, isRoutershError } from '../errors.js';
import { type Collected, Collector } from './collect.js';
import { sameOriginOnly } from './same-origin.js';
import {
  isRedirectLoop,
  isTimeoutCode,
  MAX_REDIRECTS,
  mapTransportError,
  type Peer,
  redirectLoop,
  timeoutFor,
  tooLarge,
} from './transport-errors.js';

/**
 * `never`: a 3xx comes back to the caller with its Location (telemetry: the key must not
 * travel). `same-origin`: followed (at most MAX_REDIRECTS hops) while it stays on the origin; a
 * hop to another origin is refused before anything is sent there (the router's GET /token); a
 * hop back to an address already visited is a redirect loop (one line); past the last hop the
 * 3xx comes back to the caller.
 */
export type RedirectPolicy = 'never' | 'same-origin';

export interface TransportOptions {
  /** scheme://host[:port] every request goes to. */
  origin: string;
  /** Named in every error message: 'router', 'telemetry API'. */
  service: string;
  /** Deadline of one exchange unless the call gives its own. */
  timeoutMs: number;
  /** Larger answers fail with `protocol` (router 8 MiB, telemetry 64 MiB). */
  maxBodyBytes: number;
  /** Keep-alive sockets to the origin. */
  connections: number;
  /** PEM text of a CA to trust. */
  ca?: string | undefined;
  /** Skip TLS verification. */
  insecure?: boolean | undefined;
}

export interface HttpCall {
  method: 'GET' | 'POST' | 'DELETE';
  /** Path and query, starting with '/'. */
  path: string;
  headers: Record<string, string>;
  body?: string | undefined;
  signal?: AbortSignal | undefined;
  /** This exchange's deadline (default: the instance's). */
  timeoutMs?: number | undefined;
  /** Default `never`. */
  redirect?: RedirectPolicy | undefined;
}

export type HttpResponse = Collected;

/** The longest delay setTimeout honours; a longer one fires after 1 ms (every call would time out at once). */
export const MAX_TIMER_MS = 2 ** 31 - 1;

/** A deadline a timer can hold: at least 1 ms, at most MAX_TIMER_MS (~24.8 days), NaN as the longest. */
export const timerDelay = (ms: number): number =>
  Number.isNaN(ms) ? MAX_TIMER_MS : Math.min(MAX_TIMER_MS, Math.max(1, ms));

/** The two ends of a connection, as this host sees them (IPv4-mapped IPv6 written as IPv4). */
export interface SocketAddresses {
  local: string;
  remote: string;
}

const plainAddress = (a: string | undefined): string | undefined => a?.replace(/^::ffff:(?=\d+\.)/i, '');

export class Transport {
  readonly origin: string;
  readonly peer: Peer;
  private readonly agent: AgentType;
  private readonly redirecting: Dispatcher;
  private last: SocketAddresses | undefined;

  constructor(private readonly o: TransportOptions) {
    this.origin = new URL(o.origin).origin;
    this.peer = { service: o.service, host: new URL(o.origin).host };
    const connect: { ca?: string; rejectUnauthorized?: boolean; timeout: number } = {
      timeout: timerDelay(o.timeoutMs),
    };
    if (o.ca !== undefined) connect.ca = o.ca;
    if (o.insecure) connect.rejectUnauthorized = false;
    // undici's own connector, wrapped to note each new socket's addresses (the own-path check).
    const base = buildConnector(connect);
    const connector: BuildConnector.connector = (opts, callback) =>
      base(opts, (...args) => {
        const socket = args[1];
        const local = plainAddress(socket?.localAddress);
        const remote = plainAddress(socket?.remoteAddress);
        if (local && remote) this.last = { local, remote };
        callback(...args);
      });
    this.agent = new Agent({
      connections: o.connections,
      pipelining: 1,
      keepAliveTimeout: 10_000,
      connect: connector,
    });
    this.redirecting = this.agent.compose(
      sameOriginOnly(this.origin, this.peer),
      redirect({ maxRedirections: MAX_REDIRECTS }),
    );
  }

  /** The addresses of the latest connection to the origin, once one was made. */
  get addresses(): SocketAddresses | undefined {
    return this.last;
  }

  async call(c: HttpCall): Promise<HttpResponse> {
    const caller = c.signal;
    if (caller?.aborted) throw cancelledError();
    const timeoutMs = timerDelay(c.timeoutMs ?? this.o.timeoutMs);
    const onCallerAbort = () => collector.abort(cancelledError());
    // One deadline for the whole exchange; undici's own timeouts (per request, below) tick at
    // ~1 s resolution and only back it up.
    const timer = setTimeout(() => collector.abort(timeoutFor(this.peer, timeoutMs)), timeoutMs);
    const collector = new Collector(
      this.o.maxBodyBytes,
      () => tooLarge(this.peer, this.o.maxBodyBytes),
      () => {
        clearTimeout(timer);
        caller?.removeEventListener('abort', onCallerAbort);
      },
    );
    caller?.addEventListener('abort', onCallerAbort, { once: true });
    const dispatcher = c.redirect === 'same-origin' ? this.redirecting : this.agent;
    try {
      dispatcher.dispatch(
        {
          origin: this.origin,
          path: c.path,
          method: c.method,
          headers: c.headers,
          body: c.body ?? null,
          headersTimeout: timeoutMs,
          bodyTimeout: timeoutMs,
        },
        collector,
      );
      return await collector.done;
    } catch (e) {
      collector.abort(e instanceof Error ? e : new Error(String(e)));
      throw this.failure(e, caller, timeoutMs, c.path);
    }
  }

  private failure(e: unknown, caller: AbortSignal | undefined, timeoutMs: number, path: string): Error {
    if (isRoutershError(e)) return e;
    if (caller?.aborted) return cancelledError();
    if (isRedirectLoop(e)) return redirectLoop(this.peer, path.replace(/\?.*$/s, ''));
    if (isTimeoutCode(e)) return timeoutFor(this.peer, timeoutMs);
    return mapTransportError(e, this.peer, timeoutMs);
  }

  /** Lets requests in flight finish, then closes the sockets. */
  async close(): Promise<void> {
    if (!this.agent.closed && !this.agent.destroyed) await this.agent.close();
  }

  /** Ends everything now: requests in flight fail, a hung one cannot hold the process open. */
  async destroy(): Promise<void> {
    if (!this.agent.destroyed) await this.agent.destroy();
  }
}
