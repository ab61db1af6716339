// A server that never answers: the deadline gives `timeout`, the caller's signal gives
// `cancelled`, and either way the exchange's socket is destroyed (the server sees it close),
// for both clients.
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
 * Promptly: undici's own per-request timeouts (the backup, ticking every ~0.5 s) would close
 * the socket too, but mostly later than this.
 */
const socketsClosed = (s: TestServer) =>
  vi.waitFor(() => expect(s.openSockets()).toBe(0), { timeout: 150, interval: 5 });

describe.each(apis)('$service client', ({ service, call }) => {
  it('times out on a server that never answers, and closes the socket', async () => {
    const s = await silent();
    const e = await failure(call(s.url, 150));
    expect(e.code).toBe('timeout');
    expect(exitStatusOf(e)).toBe(3);
    expect(e.message).toBe(`no answer from the ${service} at 127.0.0.1:${s.port} within 0.15 s`);
    expect(s.requests).toHaveLength(1);
    await socketsClosed(s);
  });

  it('is cancelled by the signal while waiting, and closes the socket', async () => {
    const s = await silent();
    const ac = new AbortController();
    const p = call(s.url, 5000, ac.signal);
    await vi.waitFor(() => expect(s.requests).toHaveLength(1), { timeout: 1000, interval: 5 });
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
