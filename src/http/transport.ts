// THE HTTP transport of both APIs: one keep-alive undici Client (one connection) or Pool (more)
// per client, for the one origin it talks to (origin-dispatcher.ts). Every call has a
// deadline for the whole exchange, can be cancelled by the caller's signal (cancel and timeout
// are told apart), reads the body under the instance's size cap, and follows redirects only
// when asked and only within the origin. A failed exchange aborts its request, so its socket
// is destroyed rather than left waiting for an answer. Auth is the caller's: it arrives in
// `headers` at send time. Both APIs take the same TLS options (a CA, a client certificate, no
// verification) and may go through a proxy (proxy-agent.ts), with the same redirect policy.
import type { Socket } from 'node:net';
import type { buildConnector as BuildConnector, Dispatcher } from 'undici';
// By path, not from 'undici': its index loads all of undici (src/http/undici-lib.d.ts).
import buildConnector from 'undici/lib/core/connect.js';
import redirect from 'undici/lib/interceptor/redirect.js';
import { cancelledError, isRoutershError } from '../errors.js';
import { type Collected, Collector } from './collect.js';
import { OriginDispatcher } from './origin-dispatcher.js';
import type { ClosableDispatcher, OriginTls, TransportProxy } from './proxy-agent.js';
import { sameOriginOnly } from './same-origin.js';
import { CLOSED_AFTER_HANDSHAKE } from './tls-errors.js';
import {
  isRedirectLoop,
  isTimeoutCode,
  MAX_REDIRECTS,
  mapTransportError,
  type Peer,
  type TlsFixes,
  redirectLoop,
  timeoutFor,
  tooLarge,
} from './transport-errors.js';
import { watchSignal } from './watch-signal.js';

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
  /** PEM text of the CAs to trust instead of the system's. */
  ca?: string | undefined;
  /** PEM: a client certificate and its key, for an origin that asks for one. */
  cert?: string | undefined;
  key?: string | undefined;
  /** Skip TLS verification. */
  insecure?: boolean | undefined;
  /** Through this proxy; absent: straight to the origin. */
  proxy?: TransportProxy | undefined;
  /** The flags a TLS failure's message names as its fix (default the router's). */
  tlsFixes?: TlsFixes | undefined;
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
  /**
   * A 2xx answer's body text, part by part as it arrives (UTF-8 never split), before the call
   * settles with the whole of it: a show printed while it arrives (api/router/show-stream.ts).
   */
  onText?: ((part: string) => void) | undefined;
}

export type HttpResponse = Collected;

/** The longest delay setTimeout honours; a longer one fires after 1 ms (every call would time out at once). */
export const MAX_TIMER_MS = 2 ** 31 - 1;
/** undici's own deadlines come this much after ours: a backup that never races it. */
const BACKUP_MS = 5000;
/** How long close() lets requests in flight finish. */
export const CLOSE_GRACE_MS = 1000;

/** A deadline a timer can hold: at least 1 ms, at most MAX_TIMER_MS (~24.8 days), NaN as the longest. */
export const timerDelay = (ms: number): number =>
  Number.isNaN(ms) ? MAX_TIMER_MS : Math.min(MAX_TIMER_MS, Math.max(1, ms));

/** The two ends of a connection, as this host sees them (IPv4-mapped IPv6 written as IPv4). */
export interface SocketAddresses {
  local: string;
  remote: string;
}

/** What a closed transport's connections end with: one error made once (nothing waits on it). */
const CLOSED = Object.assign(new Error('closed'), { code: 'UND_ERR_DESTROYED' });

const codeOf = (e: unknown): unknown => (e as { code?: unknown } | null)?.code;
const isTlsAlert = (e: unknown): e is Error =>
  e instanceof Error && /^ERR_SSL_.*ALERT/.test(String(codeOf(e)));
/** The connection ended under a request (what undici says when the reason was a TLS alert). */
const isSocketEnd = (e: unknown): boolean => ['UND_ERR_SOCKET', 'ECONNRESET'].includes(String(codeOf(e)));

const plainAddress = (a: string | undefined): string | undefined => a?.replace(/^::ffff:(?=\d+\.)/i, '');

export class Transport {
  readonly origin: string;
  readonly peer: Peer;
  /** Without a proxy: the origin's Client or Pool, made when a call needs one (origin-dispatcher.ts). */
  private readonly direct: OriginDispatcher | undefined;
  /** With a proxy: its agent, once its code has loaded. */
  private agent: ClosableDispatcher | undefined;
  private readonly making: Promise<ClosableDispatcher> | undefined;
  /** The dispatcher that follows redirects, and the one it was composed over. */
  private redirecting: { over: ClosableDispatcher; via: Dispatcher } | undefined;
  private last: SocketAddresses | undefined;
  /** The latest TLS alert a socket of this transport got, until a failure is told by it. */
  private alert: Error | undefined;
  // An answer ended in this turn of the event loop. undici frees its socket for the next request
  // one turn later (pipelining 1), so a request sent at once opened a new connection (a TCP and,
  // to an https router, a TLS handshake) beside an idle one (`-c`: GET, then its POST).
  private ended = false;
  /**
   * How many exchanges are not yet settled (close() waits for them a while), and who waits for
   * none to be left. A count, not a Set of them: a Set added to and deleted from per request kept
   * ~9x the bytes of a bare loop alive through young collections (65,536 sends: seconds of GC).
   */
  private inFlight = 0;
  /** Connections made so far (a call during which none was made used one made before it). */
  private sockets = 0;
  private drained: (() => void) | undefined;

  constructor(private readonly o: TransportOptions) {
    const url = new URL(o.origin);
    this.origin = url.origin;
    // Assigned, not spread: a fleet run makes a transport per host (docs/benchmarks.md).
    const peer: Peer = { service: o.service, host: url.host };
    if (o.proxy) peer.proxy = { host: new URL(o.proxy.uri).host, from: o.proxy.from };
    if (o.tlsFixes) peer.fixes = o.tlsFixes;
    peer.given = { ca: o.ca !== undefined, cert: o.cert !== undefined };
    this.peer = peer;
    const tls: OriginTls = { timeout: timerDelay(o.timeoutMs) };
    if (o.ca !== undefined) tls.ca = o.ca;
    if (o.cert !== undefined) tls.cert = o.cert;
    if (o.key !== undefined) tls.key = o.key;
    if (o.insecure) tls.rejectUnauthorized = false;
    // maxHeaderSize: Node's default (http.maxHeaderSize), given so that undici does not load
    // node:http to read it (patches/undici+7.30.2.patch: ~1.5 ms at every start).
    const pool = {
      connections: o.connections,
      pipelining: 1,
      keepAliveTimeout: 10_000,
      maxHeaderSize: 16 * 1024,
    };
    const { proxy } = o;
    if (proxy) {
      // Loaded only when a proxy is set. Through a proxy the socket's ends are ours and the
      // proxy's, not the router's: `addresses` stays unknown and the own-path check says so.
      this.making = import('./proxy-agent.js').then(({ proxyAgent }) =>
        this.use(proxyAgent(proxy, tls, pool, (socket) => this.watch(socket))),
      );
      this.making.catch(() => {});
      return;
    }
    // undici's own connector, wrapped to note each new socket's addresses (the own-path check).
    const base = buildConnector(tls);
    const connector: BuildConnector.connector = (opts, callback) =>
      base(opts, (...args) => {
        const socket = args[1];
        if (socket) {
          const local = plainAddress(socket.localAddress);
          const remote = plainAddress(socket.remoteAddress);
          if (local && remote) this.last = { local, remote };
          this.watch(socket);
        }
        callback(...args);
      });
    this.direct = new OriginDispatcher(this.origin, o.connections, { ...pool, connect: connector });
  }

  /**
   * Notes a TLS alert on a new socket: a server that refuses a client certificate after the
   * handshake (TLS 1.3) sends an alert, and undici reports only "other side closed".
   */
  private watch(socket: Socket): void {
    this.sockets++;
    socket.on('error', (e: unknown) => {
      if (isTlsAlert(e)) this.alert = e;
    });
    // A server that checks the client certificate after the handshake (Node's tls) and refuses
    // it sends no alert: it closes before answering a byte (a reset when our request was unread).
    if (this.peer.given?.cert && 'encrypted' in socket) {
      const unanswered = (e?: unknown) => {
        if (socket.bytesRead > 0 || this.alert || (e !== undefined && !isSocketEnd(e))) return;
        this.alert = Object.assign(new Error('closed after the handshake'), { code: CLOSED_AFTER_HANDSHAKE });
      };
      socket.once('end', () => unanswered());
      socket.once('error', unanswered);
    }
  }

  private use(agent: ClosableDispatcher): ClosableDispatcher {
    this.agent = agent;
    return agent;
  }

  /** The dispatcher that follows redirects, made on its first use (most clients never do). */
  private redirector(agent: ClosableDispatcher): Dispatcher {
    if (this.redirecting?.over !== agent)
      this.redirecting = {
        over: agent,
        via: agent.compose(
          sameOriginOnly(this.origin, this.peer),
          redirect({ maxRedirections: MAX_REDIRECTS }),
        ),
      };
    return this.redirecting.via;
  }

  /** The addresses of the latest connection to the origin, once one was made. */
  get addresses(): SocketAddresses | undefined {
    return this.last;
  }

  /**
   * One exchange. A GET sent on a kept-alive connection that the server closed as the request
   * went out (its idle timer and our request crossing: no answer byte came) is sent once more
   * on a new connection, as Go's net/http and browsers do; a read asks nothing of the router's
   * state. Other methods are never sent twice: the error says the connection was reset.
   */
  async call(c: HttpCall, mayRetry = c.method === 'GET'): Promise<HttpResponse> {
    const caller = c.signal;
    const started = performance.now();
    if (caller?.aborted) throw cancelledError();
    const timeoutMs = timerDelay(c.timeoutMs ?? this.o.timeoutMs);
    // One deadline for the whole exchange; undici's own timeouts (per request, below, later)
    // only back it up. It ends the exchange a turn of the loop after it fires: a thread busy past
    // the deadline (a loaded laptop) runs its timers before it reads the sockets, and an answer
    // already there is read first rather than called late.
    const timer = setTimeout(
      () => setImmediate(() => collector.abort(timeoutFor(this.peer, timeoutMs))),
      timeoutMs,
    );
    const collector = new Collector(
      this.o.maxBodyBytes,
      () => tooLarge(this.peer, this.o.maxBodyBytes),
      () => {
        clearTimeout(timer);
        unwatch?.();
        if (--this.inFlight === 0) this.drained?.();
        this.noteEnd();
      },
      c.onText,
    );
    this.inFlight++;
    let reused = () => false;
    const unwatch = caller ? watchSignal(caller, collector) : undefined;
    try {
      // The proxy's code loading is inside the deadline and cancellable like the rest.
      if (!this.direct && !this.agent) await Promise.race([this.making, collector.done]);
      // After undici's own setImmediate (queued when that answer ended): the socket is free again.
      if (this.ended) await new Promise<void>((resolve) => setImmediate(resolve));
      const agent = this.direct ? this.direct.get() : this.agent;
      if (!agent) throw new Error('no dispatcher');
      const dispatcher = c.redirect === 'same-origin' ? this.redirector(agent) : agent;
      const socketsBefore = this.sockets;
      reused = () => this.sockets === socketsBefore;
      dispatcher.dispatch(
        {
          origin: this.origin,
          path: c.path,
          method: c.method,
          headers: c.headers,
          body: c.body ?? null,
          headersTimeout: timerDelay(timeoutMs + BACKUP_MS),
          bodyTimeout: timerDelay(timeoutMs + BACKUP_MS),
        },
        collector,
      );
      return await collector.done;
    } catch (e) {
      collector.abort(e instanceof Error ? e : new Error(String(e)));
      const left = timeoutMs - (performance.now() - started);
      if (
        mayRetry &&
        reused() &&
        !collector.answered &&
        isSocketEnd(e) &&
        !this.alert &&
        !caller?.aborted &&
        left > 1
      )
        return this.call({ ...c, timeoutMs: left }, false);
      throw this.failure(e, caller, timeoutMs, c.path);
    }
  }

  private noteEnd(): void {
    if (this.ended) return;
    this.ended = true;
    setImmediate(() => {
      this.ended = false;
    });
  }

  private failure(e: unknown, caller: AbortSignal | undefined, timeoutMs: number, path: string): Error {
    if (isRoutershError(e)) return e;
    if (caller?.aborted) return cancelledError();
    if (isRedirectLoop(e)) return redirectLoop(this.peer, path.replace(/\?.*$/s, ''));
    if (isTimeoutCode(e)) return timeoutFor(this.peer, timeoutMs);
    const alert = this.alert;
    this.alert = undefined;
    return mapTransportError(alert && isSocketEnd(e) ? alert : e, this.peer, timeoutMs);
  }

  /** The dispatchers not yet destroyed (the proxy's agent once its code has loaded). */
  private async live(): Promise<ClosableDispatcher[]> {
    if (this.direct) return this.direct.live();
    const agent = this.agent ?? (await this.making?.catch(() => undefined));
    return agent && !agent.destroyed ? [agent] : [];
  }

  /**
   * Lets requests in flight finish, then closes the sockets; what is still in flight after
   * CLOSE_GRACE_MS is ended. At an exit that is a read nobody waits for (a metadata read that a
   * command cancelled with Ctrl-C shared, a prefetch), or after a signal a change whose "before"
   * the journal holds (as after a SIGKILL): on a slow or silent router, waiting for it held the
   * exit for the request's whole timeout.
   */
  async close(): Promise<void> {
    if ((await this.live()).length === 0) return;
    if (this.inFlight > 0) {
      let timer: NodeJS.Timeout | undefined;
      await new Promise<void>((resolve) => {
        this.drained = resolve;
        timer = setTimeout(resolve, CLOSE_GRACE_MS);
      });
      this.drained = undefined;
      clearTimeout(timer);
    }
    // Not close() then destroy(): undici 7.30 then never fails the requests in flight, and their
    // deadline timers hold the process open.
    // Nothing in flight: destroy() is close() (nothing queued to finish) without the error
    // object undici makes per connection for close()'s own destroy (its stack: ~2 % of a
    // 1,000-host run's CPU). With requests in flight, they fail with undici's own error.
    const running = this.inFlight > 0;
    await Promise.all((await this.live()).map((d) => (running ? d.destroy() : d.destroy(CLOSED))));
  }

  /** Ends everything now: requests in flight fail, a hung one cannot hold the process open. */
  async destroy(): Promise<void> {
    await Promise.all((await this.live()).map((d) => d.destroy()));
  }
}
