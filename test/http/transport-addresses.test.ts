// The transport reads the addresses of its connection (for the own-path check): the local one
// is exactly the source address the server saw, the remote one the server's.
import { afterAll, beforeAll, expect, it } from 'vitest';
import { Transport } from '../../src/http/transport.js';
import { startServer, type TestServer } from '../helpers/http-server.js';

let server: TestServer;
const seen: Array<{ address: string | undefined; port: number | undefined }> = [];
beforeAll(async () => {
  server = await startServer((req, res) => {
    seen.push({ address: req.socket.remoteAddress, port: req.socket.remotePort });
    res.end('{}');
  });
});
afterAll(() => server.close());

it('knows nothing before a connection, then both ends of it', async () => {
  const t = new Transport({
    origin: server.url,
    service: 'router',
    timeoutMs: 5000,
    maxBodyBytes: 1024,
    connections: 1,
  });
  try {
    expect(t.addresses).toBeUndefined();
    const res = await t.call({ method: 'GET', path: '/', headers: {} });
    expect(res.status).toBe(200);
    const [peer] = seen;
    expect(t.addresses).toEqual({ local: peer?.address?.replace(/^::ffff:/, ''), remote: '127.0.0.1' });
  } finally {
    await t.close();
  }
});
