// A server that never answers: the deadline gives `timeout`, the caller's signal gives
// `cancelled`, and either way the exchange's socket is destroyed (the server sees it close),
// for both clients. Many exchanges under one signal (a bulk send) hang one listener on it.
import { getEventListeners } from 'node:events';
import { describe, expect, it, vi } from 'vitest';
import { exitStatusOf } from '../../src/exit-status.js';
import { failure } from '../helpers/expect-error.js';
import { startServer, type TestServer } from '../helpers/http-server.js';
import { closeLater, routerClient, telemetryClient } from './clients.js';

interface Api {
  service: string;
  /** One request that the server will never answer. */
  call(url: string, timeoutMs: number, signal?: AbortSignal): Promise<unknown>;
}

const apis: Api[] = [
  {
    service: 'router',
    call: (url, timeoutMs, signal) => routerClient(url, { timeoutMs }).get(['interface'], { signal }),
  },
  {
    service: 'telemetry API',
    call: (url, timeoutMs, signal) => telemetryClient(url, { timeoutMs }).openapi(signal),
  },
];

const silent = async (): Promise<TestServer> => closeLater(await startServer(() => {}));

/**
 * The server sees the socket close (waited for as an event: on a loaded machine "promptly" has
 * no fixed bound; the hang guard is far above any real close).
 */
const socketsClosed = (s: TestServer) =>
  vi.waitFor(() => expect(s.openSockets()).toBe(0), { timeout: 60_000, interval: 5 });

describe.each(apis)('$service client', ({ service, call }) => {
  it('times out on a server that never answers, and closes the socket', async () => {
    const s = await silent();
    const e = await failure(call(s.url, 1000));
    expect(e.code).toBe('timeout');
    expect(exitStatusOf(e)).toBe(3);
    expect(e.message).toBe(`no answer from the ${service} at 127.0.0.1:${s.port} within 1 s`);
    // Sent once (a loaded server may read it only after the client gave up: wait for that).
    await vi.waitFor(() => expect(s.requests).toHaveLength(1), { timeout: 60_000, interval: 5 });
    await socketsClosed(s);
  });

  it('is cancelled by the signal while waiting, and closes the socket', async () => {
    const s = await silent();
    const ac = new AbortController();
    const p = call(s.url, 5000, ac.signal);
    await vi.waitFor(() => expect(s.requests).toHaveLength(1), { timeout: 60_000, interval: 5 });
    expect(s.openSockets()).toBe(1);
    ac.abort();
    const e = await failure(p);
    expect(e.code).toBe('cancelled');
    await socketsClosed(s);
  });

  it('an already aborted signal sends nothing', async () => {
    const s = await silent();
    const e = await failure(call(s.url, 5000, AbortSignal.abort()));
    expect(e.code).toBe('cancelled');
    expect(s.connections()).toBe(0);
  });
});

describe('many exchanges under one signal (a bulk send: 65,536 requests, one command)', () => {
  it('hang ONE abort listener on it, which cancels every one in flight and closes their sockets', async () => {
    const s = await silent();
    const ac = new AbortController();
    const client = routerClient(s.url, { timeoutMs: 5000 });
    const calls = Array.from({ length: 8 }, (_, i) =>
      failure(client.get(['interface', `e${i}`], { signal: ac.signal })),
    );
    await vi.waitFor(() => expect(s.requests).toHaveLength(8), { timeout: 60_000, interval: 5 });
    // One per exchange before: added and removed per request, they kept the bytes of a bulk
    // send alive through young collections (seconds of GC over 65,536 requests).
    expect(getEventListeners(ac.signal, 'abort')).toHaveLength(1);
    ac.abort();
    for (const e of await Promise.all(calls)) expect(e.code).toBe('cancelled');
    await vi.waitFor(() => expect(s.openSockets()).toBe(0), { timeout: 60_000, interval: 5 });
  });

  it('answered, they leave it with its one listener; the next exchanges under it are still cancelled by it', async () => {
    let answering = true;
    const s = closeLater(
      await startServer((_req, res) => {
        if (!answering) return;
        res.writeHead(200, { 'content-type': 'application/json' });
        res.end(JSON.stringify({ RequestStatus: 'OK' }));
      }),
    );
    const ac = new AbortController();
    const client = routerClient(s.url, { timeoutMs: 5000 });
    await Promise.all(Array.from({ length: 20 }, () => client.get(['interface'], { signal: ac.signal })));
    expect(getEventListeners(ac.signal, 'abort')).toHaveLength(1);
    answering = false;
    const held = failure(client.get(['interface'], { signal: ac.signal }));
    await vi.waitFor(() => expect(s.requests).toHaveLength(21), { timeout: 60_000, interval: 5 });
    ac.abort();
    expect((await held).code).toBe('cancelled');
  });
});

describe('a deadline that passes while the thread is busy', () => {
  it('an answer already there is read, not called late (the deadline ends the exchange a turn later)', async () => {
    // The server (in this thread) answers at once, then keeps the thread busy past the client's
    // deadline: the answer waits in the socket while the timer expires. Before the fix, the
    // timer's turn came first and the call failed as a timeout.
    const s = closeLater(
      await startServer((_req, res) => {
        res.writeHead(200, { 'content-type': 'application/json' });
        res.end(JSON.stringify({ RequestStatus: 'OK', Message: ['fine', '\n'] }));
        const until = performance.now() + 400;
        while (performance.now() < until);
      }),
    );
    const env = await routerClient(s.url, { timeoutMs: 150 }).get(['interface']);
    expect(env.ok).toBe(true);
  });
});
