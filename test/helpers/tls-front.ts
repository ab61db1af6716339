// A TLS front for a plain-http simulator: terminates TLS on 127.0.0.1 (with the certificate
// given, asking for a client certificate when told) and pipes the bytes to the simulator's
// port, so the router and telemetry simulators can be reached over https:// unchanged.
import type { AddressInfo, Socket } from 'node:net';
import { connect } from 'node:net';
import { createServer, type TLSSocket } from 'node:tls';

export interface TlsFront {
  port: number;
  /** https://HOST:PORT (HOST 127.0.0.1 unless told). */
  url: (host?: string) => string;
  /** Handshakes that failed on this side (a missing or refused client certificate). */
  refusals: string[];
  close(): Promise<void>;
}

export async function startTlsFront(
  upstreamPort: number,
  o: { cert: string; key: string; clientCa?: string },
): Promise<TlsFront> {
  const sockets = new Set<Socket>();
  const refusals: string[] = [];
  const server = createServer(
    {
      cert: o.cert,
      key: o.key,
      ...(o.clientCa ? { ca: o.clientCa, requestCert: true, rejectUnauthorized: true } : {}),
    },
    (client: TLSSocket) => {
      const up = connect(upstreamPort, '127.0.0.1');
      sockets.add(up);
      up.on('close', () => sockets.delete(up));
      client.pipe(up).pipe(client);
      up.on('error', () => client.destroy());
      client.on('error', () => up.destroy());
    },
  );
  server.on('tlsClientError', (e: Error & { code?: string }) => refusals.push(e.code ?? e.message));
  server.on('connection', (s: Socket) => {
    sockets.add(s);
    s.on('close', () => sockets.delete(s));
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  const port = (server.address() as AddressInfo).port;
  return {
    port,
    url: (host = '127.0.0.1') => `https://${host}:${port}`,
    refusals,
    close: () =>
      new Promise<void>((r) => {
        for (const s of sockets) s.destroy();
        server.close(() => r());
      }),
  };
}
