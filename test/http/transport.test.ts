// Transport cases the simulator does not play: TLS trust, a streamed body over the cap,
// an unresolvable host. Real servers on 127.0.0.1.
import { readFileSync } from 'node:fs';
import { createServer } from 'node:https';
import type { AddressInfo } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { RouterClient } from '../../src/api/router/client.js';
import { failure } from '../helpers/expect-error.js';
import { startServer, type TestServer } from '../helpers/http-server.js';
import { exitStatusOf } from '../../src/exit-status.js';

const fixture = (name: string) => readFileSync(new URL(`./fixtures/${name}`, import.meta.url), 'utf8');
const cert = fixture('localhost-cert.pem');
const key = fixture('localhost-key.pem');

const closers: Array<() => Promise<void>> = [];
afterEach(async () => {
  await Promise.all(closers.splice(0).map((c) => c()));
});

const ok = JSON.stringify({ RequestStatus: 'OK', Message: ['fine', '\n'] });

async function startTls(): Promise<string> {
  const server = createServer({ cert, key }, (_req, res) => {
    res.writeHead(200, { 'content-type': 'application/json' });
    res.end(ok);
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  closers.push(
    () =>
      new Promise<void>((r) => {
        server.closeAllConnections();
        server.close(() => r());
      }),
  );
  return `https://localhost:${(server.address() as AddressInfo).port}`;
}

function client(baseUrl: string, over: Partial<ConstructorParameters<typeof RouterClient>[0]> = {}) {
  const c = new RouterClient({ baseUrl, user: 'u', password: 'p', auth: 'basic', timeoutMs: 3000, ...over });
  closers.push(() => c.close());
  return c;
}

describe('TLS', () => {
  it('refuses an untrusted certificate with a TLS error', async () => {
    const url = await startTls();
    const e = await failure(client(url).get([]));
    expect(e.code).toBe('transport');
    expect(exitStatusOf(e)).toBe(3);
    expect(e.message).toMatch(
      /^TLS failed with the router at localhost:\d+: its certificate is self-signed: use --ca FILE/,
    );
  });

  it('trusts the router CA given as PEM', async () => {
    const url = await startTls();
    expect((await client(url, { ca: cert }).get([])).message).toBe('fine\n');
  });

  // The warning is the session's, once per run for both APIs (test/http/tls-options.test.ts).
  it('--insecure skips verification; the client itself warns nothing', async () => {
    const url = await startTls();
    const warnings: string[] = [];
    const c = client(url, { insecure: true, onWarning: (m) => warnings.push(m) });
    await c.get([]);
    await c.get([]);
    expect(warnings).toEqual([]);
  });
});

describe('bodies and hosts', () => {
  let s: TestServer;
  it('a streamed (chunked) body over the cap is a protocol error and the pool survives', async () => {
    s = await startServer((req, res) => {
      res.writeHead(200, { 'content-type': 'application/json' });
      if (req.url === '/api/big') {
        for (let i = 0; i < 64; i++) res.write(`${'x'.repeat(1024)}`);
      } else res.write(ok);
      res.end();
    });
    closers.push(() => s.close());
    const c = client(s.url, { maxBodyBytes: 16 * 1024, connections: 1 });
    const e = await failure(c.get(['big']));
    expect(e.code).toBe('protocol');
    expect(e.message).toMatch(/larger than 16384 bytes/);
    expect((await c.get(['small'])).ok).toBe(true);
  });

  // The body is decoded chunk by chunk as it arrives (collect.ts): a character whose UTF-8
  // bytes arrive in two chunks must come out whole.
  it('a body whose characters are split across chunks decodes whole', async () => {
    const body = Buffer.from(
      JSON.stringify({ RequestStatus: 'OK', Message: ['naïve \u{1F600} café', '\n'] }),
    );
    const emoji = body.indexOf(Buffer.from('\u{1F600}'));
    const cuts = [emoji + 1, emoji + 3, body.indexOf(Buffer.from('é')) + 1, body.length];
    s = await startServer(async (_req, res) => {
      res.writeHead(200, { 'content-type': 'application/json' });
      let from = 0;
      for (const cut of cuts) {
        // Each piece flushed and a turn of the loop between: they reach the client as chunks.
        await new Promise<void>((r) => res.write(body.subarray(from, cut), () => setTimeout(r, 10)));
        from = cut;
      }
      res.end();
    });
    closers.push(() => s.close());
    expect((await client(s.url).get([])).message).toBe('naïve \u{1F600} café\n');
  });

  it('an unresolvable host says so', async () => {
    const e = await failure(client('http://routersh-test.invalid:8080').get([]));
    expect(e.code).toBe('transport');
    expect(e.message).toBe('cannot resolve the host of the router at routersh-test.invalid:8080');
  });

  it('204 without a body is an OK envelope', async () => {
    s = await startServer((_req, res) => {
      res.writeHead(204);
      res.end();
    });
    closers.push(() => s.close());
    const env = await client(s.url).delete(['interface', 'x']);
    expect(env.ok).toBe(true);
  });
});

// A kept-alive connection the server closes as our next request goes out (its idle timer and
// the request crossing; on a starved machine a simulator in the same thread does it too): the
// server here reads the request and drops the connection without a byte of answer.
describe('a kept-alive connection closed under the next request', () => {
  /** Answers the first `answered` requests of each connection, then drops the connection. */
  async function dropping(answered: number) {
    const perSocket = new WeakMap<object, number>();
    const s = await startServer((req, res) => {
      const n = (perSocket.get(req.socket) ?? 0) + 1;
      perSocket.set(req.socket, n);
      if (n > answered) {
        req.socket.destroy();
        return;
      }
      res.writeHead(200, { 'content-type': 'application/json' });
      res.end(ok);
    });
    closers.push(() => s.close());
    return s;
  }

  it('a GET is sent once more on a new connection and answers', async () => {
    const s = await dropping(1);
    const c = client(s.url);
    expect((await c.get(['interface'])).ok).toBe(true);
    expect((await c.get(['interface'])).ok).toBe(true);
    expect(s.requests.map((r) => r.method)).toEqual(['GET', 'GET', 'GET']);
    expect(s.connections()).toBe(2);
  });

  it('a POST is never sent twice: the reset is the answer', async () => {
    const s = await dropping(1);
    const c = client(s.url);
    expect((await c.get(['interface'])).ok).toBe(true);
    const e = await failure(c.post(['interface', 'eth1', 'mtu'], { Actions: ['SET'] }));
    expect(e.code).toBe('transport');
    expect(e.message).toMatch(/connection (reset|closed)/);
    expect(s.requests.map((r) => r.method)).toEqual(['GET', 'POST']);
  });

  it('a GET on a new connection that is dropped is not sent again', async () => {
    const s = await dropping(0);
    const e = await failure(client(s.url).get(['interface']));
    expect(e.code).toBe('transport');
    expect(s.requests).toHaveLength(1);
  });
});
