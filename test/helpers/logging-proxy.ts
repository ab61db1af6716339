// A forward proxy for tests, on 127.0.0.1: CONNECT tunnels (https) and absolute-form requests
// (plain http), recording what a proxy can see — each request's method, target and headers,
// and every byte that crossed a tunnel (to show it holds no credential in clear). It can ask
// for credentials (407) and refuse destinations, as real proxies do.
import { createServer, type IncomingHttpHeaders, type RequestListener, request } from 'node:http';
import { createServer as createTlsServer } from 'node:https';
import { type AddressInfo, connect, type Socket } from 'node:net';

export interface ProxySeen {
  method: string;
  /** `host:port` for CONNECT; the absolute URL otherwise. */
  target: string;
  headers: IncomingHttpHeaders;
}

export interface LoggingProxy {
  url: string;
  port: number;
  seen: ProxySeen[];
  /** Everything that crossed the tunnels, both ways. */
  tunnelled: () => Buffer;
  close(): Promise<void>;
}

export interface ProxyOptions {
  /** The Proxy-Authorization it wants (absent: none); a request without it gets 407. */
  authorization?: string;
  /** An https:// proxy with this certificate. */
  tls?: { cert: string; key: string };
}

const HOP = ['proxy-authorization', 'proxy-connection', 'connection', 'keep-alive'];

export async function startLoggingProxy(o: ProxyOptions = {}): Promise<LoggingProxy> {
  const seen: ProxySeen[] = [];
  const tunnel: Buffer[] = [];
  const sockets = new Set<Socket>();
  const allowed = (h: IncomingHttpHeaders) =>
    o.authorization === undefined || h['proxy-authorization'] === o.authorization;

  const handle: RequestListener = (req, res) => {
    seen.push({ method: req.method ?? '', target: req.url ?? '', headers: req.headers });
    if (!allowed(req.headers)) {
      res.writeHead(407, { 'proxy-authenticate': 'Basic realm="test"' }).end();
      return;
    }
    let target: URL;
    try {
      target = new URL(req.url ?? '');
    } catch {
      res.writeHead(400).end('absolute-form expected');
      return;
    }
    const headers = Object.fromEntries(Object.entries(req.headers).filter(([k]) => !HOP.includes(k)));
    const up = request(
      {
        host: target.hostname,
        port: target.port,
        path: `${target.pathname}${target.search}`,
        method: req.method,
        headers,
      },
      (answer) => {
        res.writeHead(answer.statusCode ?? 502, answer.headers);
        answer.pipe(res);
      },
    );
    up.setTimeout(10_000, () => up.destroy());
    up.on('error', () => res.writeHead(502).end());
    req.pipe(up);
  };
  const server = o.tls ? createTlsServer(o.tls, handle) : createServer(handle);
  server.on('connect', (req, client: Socket, head: Buffer) => {
    seen.push({ method: 'CONNECT', target: req.url ?? '', headers: req.headers });
    if (!allowed(req.headers)) {
      client.end(
        'HTTP/1.1 407 Proxy Authentication Required\r\nProxy-Authenticate: Basic realm="test"\r\n\r\n',
      );
      return;
    }
    const [host = '', port = ''] = (req.url ?? '').split(/:(?=\d+$)/);
    const up = connect(Number(port), host, () => {
      client.write('HTTP/1.1 200 Connection Established\r\n\r\n');
      if (head.length) up.write(head);
      client.on('data', (d: Buffer) => tunnel.push(Buffer.from(d)));
      up.on('data', (d: Buffer) => tunnel.push(Buffer.from(d)));
      client.pipe(up).pipe(client);
    });
    sockets.add(up);
    up.on('error', () => client.destroy());
    client.on('error', () => up.destroy());
  });
  server.on(o.tls ? 'secureConnection' : 'connection', (s: Socket) => {
    sockets.add(s);
    s.on('close', () => sockets.delete(s));
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  const port = (server.address() as AddressInfo).port;
  return {
    url: `${o.tls ? 'https' : 'http'}://127.0.0.1:${port}`,
    port,
    seen,
    tunnelled: () => Buffer.concat(tunnel),
    close: () =>
      new Promise<void>((r) => {
        for (const s of sockets) s.destroy();
        server.close(() => r());
      }),
  };
}
