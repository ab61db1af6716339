// The transport's dispatcher when a proxy is set: undici's ProxyAgent, loaded only then (a run
// without proxy variables never reads it). https:// goes through a CONNECT tunnel, so the
// proxy sees only `CONNECT host:port` and its own Proxy-Authorization, while TLS (our CA, our
// client certificate, the verification) runs end to end with the origin; plain http:// goes
// in absolute-form (`GET http://host:port/path`), so the proxy sees the request — the session
// warns about that (config/connection-warnings.ts). The proxy's credentials travel only as
// Proxy-Authorization to the proxy; ours only inside the request, as without a proxy.
import { isIP, type Socket } from 'node:net';
import type { buildConnector, Dispatcher } from 'undici';
import connect from 'undici/lib/api/api-connect.js';
import Pool from 'undici/lib/dispatcher/pool.js';
import ProxyAgent from 'undici/lib/dispatcher/proxy-agent.js';
import { PROXY_HOP } from './transport-errors.js';

export interface TransportProxy {
  /** scheme://host:port of the proxy, without credentials. */
  uri: string;
  /** The Proxy-Authorization value (from the proxy URL's user:password). */
  authorization?: string | undefined;
  /** The environment variable it came from, for messages. */
  from: string;
}

/** What the origin's TLS uses, as node:tls options (undici's connector reads them). */
export interface OriginTls {
  ca?: string;
  cert?: string;
  key?: string;
  rejectUnauthorized?: boolean;
  timeout: number;
}

/** A dispatcher that tells whether it was closed (undici's Agent and ProxyAgent do). */
export type ClosableDispatcher = Dispatcher & { readonly closed: boolean; readonly destroyed: boolean };

/** The proxy hop's connector: its failures marked (a message then names the proxy, not the origin). */
function proxyHop(connect: buildConnector.connector): buildConnector.connector {
  return (opts, callback) =>
    // undici names an IP-address proxy as the TLS server name, which Node warns about
    // (DEP0123, RFC 6066 allows names only): no name then, as for an IP-address origin.
    connect(isIP(opts.servername ?? '') ? { ...opts, servername: '' } : opts, (...args) => {
      const e = args[0];
      if (e && !Object.hasOwn(e, PROXY_HOP)) Object.defineProperty(e, PROXY_HOP, { value: true });
      callback(...args);
    });
}

const connectorOf = (options: object) => (options as { connect: buildConnector.connector }).connect;

export function proxyAgent(
  proxy: TransportProxy,
  tls: OriginTls,
  pool: { connections: number; pipelining: number; keepAliveTimeout: number },
  onSocket: (socket: Socket) => void,
): ClosableDispatcher {
  const proxyOrigin = new URL(proxy.uri).origin;
  const agent = new ProxyAgent({
    uri: proxy.uri,
    ...(proxy.authorization ? { token: proxy.authorization } : {}),
    // Plain HTTP is not tunnelled: a proxy that allows CONNECT only to 443 still carries it.
    proxyTunnel: false,
    requestTls: tls,
    // An https:// proxy is verified against the system's CAs (the origin's CA is not its CA).
    proxyTls: { timeout: tls.timeout },
    // The pool that sends CONNECT to the proxy: it needs `dispatcher.connect()`, which
    // undici's index adds to every dispatcher; loaded by path, it is given to this pool alone.
    clientFactory: (origin, options) =>
      Object.assign(new Pool(origin, { ...options, connect: proxyHop(connectorOf(options)) }), { connect }),
    ...pool,
    // Each origin's pool (its connector: the tunnel, then TLS), and for plain http:// the pool
    // to the proxy itself: each new socket is shown to the transport, as without a proxy.
    factory: (origin, options) => {
      const base = connectorOf(options);
      const hop = new URL(String(origin)).origin === proxyOrigin ? proxyHop(base) : base;
      const watched: buildConnector.connector = (opts, callback) =>
        hop(opts, (...args) => {
          if (args[1]) onSocket(args[1]);
          callback(...args);
        });
      return new Pool(origin, { ...options, connect: watched });
    },
  });
  return agent as unknown as ClosableDispatcher;
}
