// Both clients go through the one transport: the same socket failure reads the same from
// either (only the service named differs), and the body cap is each instance's own.
import { describe, expect, it } from 'vitest';
import { exitStatusOf } from '../../src/exit-status.js';
import { failure } from '../helpers/expect-error.js';
import { freePort, startServer } from '../helpers/http-server.js';
import { closeLater, KEY, PASSWORD, routerClient, telemetryClient, textOf } from './clients.js';

/** The message with the service's name taken out: what must be equal for both clients. */
const shape = (message: string) => message.replace(/the (router|telemetry API) at/, 'the SERVICE at');

describe('one errno map for both APIs', () => {
  it('a closed port: the same transport error shape from the router and the telemetry client', async () => {
    const port = await freePort();
    const url = `http://127.0.0.1:${port}`;
    const r = await failure(routerClient(url).get(['interface']));
    const t = await failure(telemetryClient(url).openapi());
    expect(r.message).toBe(`connection refused by the router at 127.0.0.1:${port}`);
    expect(t.message).toBe(`connection refused by the telemetry API at 127.0.0.1:${port}`);
    expect(shape(t.message)).toBe(shape(r.message));
    for (const e of [r, t]) {
      expect(e.code).toBe('transport');
      expect(exitStatusOf(e)).toBe(3);
      expect(e.details).toMatchObject({ errno: 'ECONNREFUSED', host: `127.0.0.1:${port}` });
    }
    expect(textOf(r)).not.toContain(PASSWORD);
    expect(textOf(t)).not.toContain(KEY);
  });

  it('a reset connection: the same shape from both', async () => {
    const s = closeLater(await startServer((req) => req.socket.destroy()));
    const r = await failure(routerClient(s.url).get(['interface']));
    const t = await failure(telemetryClient(s.url).openapi());
    expect(r.message).toBe(`connection reset by the router at 127.0.0.1:${s.port}`);
    expect(shape(t.message)).toBe(shape(r.message));
    expect([r.code, t.code]).toEqual(['transport', 'transport']);
  });
});

describe('the body cap is per instance', () => {
  const NINE_MIB = 9 * 1024 * 1024;
  it('a 9 MiB answer fails the router client (8 MiB) with protocol and passes telemetry (64 MiB)', async () => {
    const big = 'x'.repeat(NINE_MIB);
    const s = closeLater(
      await startServer((req, res) => {
        res.writeHead(200, { 'content-type': 'application/json' });
        if (req.url === '/api/v1/openapi.yaml') res.end(`openapi: 3.1.0\n# ${big}`);
        else res.end(JSON.stringify({ RequestStatus: 'OK', Message: [big] }));
      }),
    );
    const r = await failure(routerClient(s.url).get(['interface']));
    expect(r.code).toBe('protocol');
    expect(r.message).toBe(`response from the router at 127.0.0.1:${s.port} is larger than 8388608 bytes`);
    const spec = await telemetryClient(s.url).openapi();
    expect(spec.length).toBeGreaterThan(NINE_MIB);
  });
});
