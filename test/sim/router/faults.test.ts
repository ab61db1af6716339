import { describe, expect, it } from 'vitest';
import { ADMIN, call, get, sim } from './sim-http.js';

describe('router sim: fault injection and request log', () => {
  it('records every request in order with raw url, headers and body', async () => {
    const s = await sim();
    await get(s, '/api/interface/eth0/ip/address/10.0.0.1%2F24?debug=1');
    await call(s, 'POST', '/api/interface/eth7', { Actions: ['SET'] });
    expect(s.requests.map((r) => `${r.method} ${r.url}`)).toEqual([
      'GET /api/interface/eth0/ip/address/10.0.0.1%2F24?debug=1',
      'POST /api/interface/eth7',
    ]);
    expect(s.requests[1]?.body).toBe('{"Actions":["SET"]}');
    expect(s.requests[1]?.headers['authorization']).toBe(ADMIN);
  });

  it('status, malformed and latency faults apply to the next requests only', async () => {
    const s = await sim();
    s.faults.set({ status: { code: 503, count: 1 }, malformed: 1, latencyMs: 5 });
    expect((await get(s, '/api/')).status).toBe(503);
    const res = await fetch(`${s.url}/api/`, { headers: { authorization: ADMIN } });
    expect(res.status).toBe(200);
    await expect(res.text().then((t) => JSON.parse(t))).rejects.toThrow();
    expect((await get(s, '/api/')).status).toBe(200);
  });

  it('reset destroys the connection; hang is released by close()', async () => {
    const s = await sim();
    s.faults.set({ reset: 1 });
    await expect(fetch(`${s.url}/api/`, { headers: { authorization: ADMIN } })).rejects.toThrow();
    expect((await get(s, '/api/')).status).toBe(200);
    s.faults.set({ hang: 1 });
    const pending = fetch(`${s.url}/api/`, { headers: { authorization: ADMIN } });
    const settled = pending.then(
      () => 'answered',
      () => 'failed',
    );
    while (s.requests.length < 3) await new Promise((r) => setTimeout(r, 5));
    await s.close();
    expect(await settled).toBe('failed');
  });

  it('POST/DELETE /_sim/faults set and clear a plan, and are never faulted themselves', async () => {
    const s = await sim();
    const set = await call(s, 'POST', '/_sim/faults', { status: { code: 500, count: 5 } }, null);
    expect(set).toMatchObject({ status: 200, body: { RequestStatus: 'OK' } });
    expect((await get(s, '/api/')).status).toBe(500);
    expect((await call(s, 'DELETE', '/_sim/faults', undefined, null)).status).toBe(200);
    expect((await get(s, '/api/')).status).toBe(200);
    const bad = await call(s, 'POST', '/_sim/faults', { hang: 'x' }, null);
    expect(bad).toMatchObject({ status: 400, body: { ErrorStatus: 'hang must be a non-negative number' } });
    expect((await call(s, 'POST', '/_sim/faults', 'nope', null)).status).toBe(400);
  });
});
