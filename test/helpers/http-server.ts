// A tiny real node:http server for cases the simulators do not play (a second origin for
// redirect tests, hand-made bodies, hangs). Records every request it receives and counts the
// sockets still open, so a test can see that the client closed its connection.
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo, Socket } from 'node:net';

export interface Seen {
  method: string;
  url: string;
  headers: IncomingMessage['headers'];
}

export interface TestServer {
  url: string;
  port: number;
  requests: Seen[];
  /** Connections accepted so far. */
  connections: () => number;
  /** Connections not yet closed (by either side). */
  openSockets: () => number;
  close(): Promise<void>;
}

export async function startServer(
  handle: (req: IncomingMessage, res: ServerResponse) => void,
): Promise<TestServer> {
  const requests: Seen[] = [];
  const sockets = new Set<Socket>();
  let accepted = 0;
  const server = createServer((req, res) => {
    requests.push({ method: req.method ?? '', url: req.url ?? '', headers: req.headers });
    req.resume();
    handle(req, res);
  });
  // Idle connections kept long past any starvation of a loaded test worker: the server runs in
  // the client's thread, and its 5 s default could close a connection just as a late client
  // sent on it (a reset that says nothing of the product).
  server.keepAliveTimeout = 65_000;
  server.on('connection', (s: Socket) => {
    accepted++;
    sockets.add(s);
    s.on('close', () => sockets.delete(s));
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    port,
    requests,
    connections: () => accepted,
    openSockets: () => sockets.size,
    close: () =>
      new Promise<void>((r) => {
        server.closeAllConnections();
        server.close(() => r());
      }),
  };
}

/** A port with nothing listening (bound, then released). */
export async function freePort(): Promise<number> {
  const s = await startServer(() => {});
  await s.close();
  return s.port;
}
