// A tiny real node:http server for cases the simulator does not play (a second origin for
// redirect tests, hand-made bodies). Records every request it receives.
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

export interface Seen {
  method: string;
  url: string;
  headers: IncomingMessage['headers'];
}

export interface TestServer {
  url: string;
  port: number;
  requests: Seen[];
  close(): Promise<void>;
}

export async function startServer(
  handle: (req: IncomingMessage, res: ServerResponse) => void,
): Promise<TestServer> {
  const requests: Seen[] = [];
  const server = createServer((req, res) => {
    requests.push({ method: req.method ?? '', url: req.url ?? '', headers: req.headers });
    req.resume();
    handle(req, res);
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    port,
    requests,
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
