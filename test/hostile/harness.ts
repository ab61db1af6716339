// The shared part of the hostile servers: a node:http server on 127.0.0.1 with an ephemeral
// port, a record of every request as it arrived (the raw request target, before anything is
// normalised), modes that a test may change while the server runs, and a close that also
// ends connections a silent mode left open.
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo, Socket } from 'node:net';

export interface Recorded {
  method: string;
  /** The request target exactly as sent (e.g. `/api/interface/..` is kept, not resolved). */
  url: string;
  headers: Record<string, string | undefined>;
  body: string;
}

export interface Harness<M> {
  url: string;
  port: number;
  modes: M;
  requests: Recorded[];
  /** Connections that were closed by the client (a cancelled or timed-out request). */
  closedByClient: () => number;
  close(): Promise<void>;
}

export type Answer<M> = (modes: M, rec: Recorded, req: IncomingMessage, res: ServerResponse) => void;

export async function startHarness<M>(modes: M, answer: Answer<M>): Promise<Harness<M>> {
  const requests: Recorded[] = [];
  const sockets = new Set<Socket>();
  let closedByClient = 0;
  const server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const headers: Record<string, string | undefined> = {};
      for (const [k, v] of Object.entries(req.headers)) headers[k] = Array.isArray(v) ? v.join(', ') : v;
      const rec = {
        method: req.method ?? '',
        url: req.url ?? '',
        headers,
        body: Buffer.concat(chunks).toString(),
      };
      requests.push(rec);
      answer(harness.modes, rec, req, res);
    });
    res.on('close', () => {
      if (!res.writableFinished) closedByClient++;
    });
  });
  server.on('connection', (s: Socket) => {
    sockets.add(s);
    s.on('close', () => sockets.delete(s));
  });
  // Idle connections outlive a loaded worker's stalls (the server shares the client's thread).
  server.keepAliveTimeout = 65_000;
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  const harness: Harness<M> = {
    url: `http://127.0.0.1:${port}`,
    port,
    modes,
    requests,
    closedByClient: () => closedByClient,
    close: () =>
      new Promise<void>((resolve) => {
        for (const s of sockets) s.destroy();
        server.close(() => resolve());
      }),
  };
  return harness;
}
