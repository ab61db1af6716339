// The ping pane's source: the router's ping again and again with count 1, one request at a time,
// the next `intervalMs` after the last one started, each with its own timeout (a timeout is a
// loss), the count as the total; a stop aborts the request under way, which then does not count.
// Against the router simulator over HTTP, and against ports that answer when the test says.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Envelope, RouterRequest } from '../../../src/api/router/types.js';
import type { PingResult } from '../../../src/contract/panes.js';
import type { RouterPort } from '../../../src/contract/services.js';
import { type PingClock, type PingSpec, pingSource } from '../../../src/features/ping/ping-source.js';
import type { Session } from '../../../src/session/session.js';
import { type RouterSim, startRouterSim } from '../../../sim/router/index.js';
import { waitFor } from '../../helpers/ink.js';
import { testSession } from '../../helpers/session.js';
import { simConfig } from '../../helpers/sim-config.js';

let sim: RouterSim;
let session: Session;
beforeAll(async () => {
  sim = await startRouterSim();
  session = await testSession(simConfig(sim.url));
});
afterAll(async () => {
  await session.close();
  await sim.close();
});

const ping = (target: string): RouterRequest => ({
  method: 'POST',
  words: ['ping', target],
  actions: ['SET'],
  options: { count: [1], size: [100] },
});
const spec = (o: Partial<PingSpec> = {}): PingSpec => ({
  pane: 'ping',
  line: 'ping 10.0.0.1',
  request: ping('10.0.0.1'),
  intervalMs: 1,
  ...o,
});

/** Runs a source until its end; its results. */
function collect(router: RouterPort, s: PingSpec, o?: Parameters<typeof pingSource>[2]) {
  const results: PingResult[] = [];
  const source = pingSource(router, s, o);
  const ended = new Promise<void>((end) => source.start({ result: (r) => results.push(r), end }));
  return { results, ended, source };
}

/** A router port that counts requests under way at once, over the real one. */
function counting(router: RouterPort) {
  let now = 0;
  const o = { most: 0, sent: [] as RouterRequest[] };
  const port: RouterPort = {
    async send(req, opts) {
      o.sent.push(req);
      o.most = Math.max(o.most, ++now);
      try {
        return await router.send(req, opts);
      } finally {
        now--;
      }
    },
  };
  return { port, o };
}

/** A router port whose requests wait for the test (or for their signal). */
function held() {
  const calls: Array<{ signal: AbortSignal; answer: (message: string) => void }> = [];
  const port: RouterPort = {
    send: (_req, { signal }) =>
      new Promise<Envelope>((resolve, reject) => {
        signal?.addEventListener('abort', () => reject(new Error('aborted')), { once: true });
        calls.push({
          signal: signal!,
          answer: (message) =>
            resolve({ ok: true, requestStatus: 'OK', message, messageLines: [message], raw: {} }),
        });
      }),
  };
  return { port, calls };
}

describe('pingSource against the router simulator', () => {
  it('sends the count, one request at a time, each with count 1 and the other options; reads each reply', async () => {
    const { port, o } = counting(session.services.router);
    const before = sim.requests.length;
    const { results, ended } = collect(port, spec({ count: 4 }));
    await ended;
    expect(results.map((r) => [r.seq, r.kind])).toEqual([
      [1, 'reply'],
      [2, 'reply'],
      [3, 'reply'],
      [4, 'reply'],
    ]);
    for (const r of results) expect(r.kind === 'reply' && r.rttMs > 0).toBe(true);
    expect(o.most).toBe(1);
    const bodies = sim.requests.slice(before).map((r) => [r.method, r.url, JSON.parse(r.body)]);
    expect(bodies).toEqual(
      Array(4).fill([
        'POST',
        '/api/ping/10.0.0.1',
        { Actions: ['SET'], Options: { count: [1], size: [100] } },
      ]),
    );
  });

  it('a target that never answers is a loss each time (TEST-NET-1)', async () => {
    const { results, ended } = collect(
      session.services.router,
      spec({ request: ping('192.0.2.9'), count: 2 }),
    );
    await ended;
    expect(results).toMatchObject([
      { seq: 1, kind: 'lost', why: '100% packet loss' },
      { seq: 2, kind: 'lost', why: '100% packet loss' },
    ]);
  });

  it('a router error is a loss with its message, and the next request goes on', async () => {
    sim.faults.set({ status: { code: 500, count: 1 } });
    const { results, ended } = collect(session.services.router, spec({ count: 2 }));
    await ended;
    expect(results[0]).toMatchObject({ seq: 1, kind: 'lost', why: expect.stringMatching(/HTTP 500/) });
    expect(results[1]).toMatchObject({ seq: 2, kind: 'reply' });
  });
});

describe('pingSource, one request at a time', () => {
  it('the answer it opened with comes first, without a request', async () => {
    const { port, calls } = held();
    const results: PingResult[] = [];
    const first = { text: '64 bytes from 10.0.0.1: icmp_seq=1 ttl=64 time=0.5 ms', at: 0 };
    const stop = pingSource(port, spec({ first, count: 2 })).start({
      result: (r) => results.push(r),
      end: () => {},
    });
    await waitFor(() => expect(calls).toHaveLength(1));
    expect(results).toEqual([{ seq: 1, at: 0, kind: 'reply', rttMs: 0.5 }]);
    calls[0]!.answer('junk \u001b[2J');
    await waitFor(() => expect(results).toHaveLength(2));
    expect(results[1]).toMatchObject({ seq: 2, kind: 'unparsed', text: 'junk \u001b[2J' }); // the pane sanitizes
    stop();
  });

  it('a request that takes longer than its timeout is a loss and is aborted', async () => {
    const { port, calls } = held();
    const { results, ended } = collect(port, spec({ count: 1 }), { timeoutMs: 5 });
    await ended;
    expect(results).toMatchObject([{ seq: 1, kind: 'lost', why: 'no answer in 0.005 s' }]);
    expect(calls[0]!.signal.aborted).toBe(true);
  });

  it('a stop aborts the request under way, which does not count; a start goes on with the count', async () => {
    const { port, calls } = held();
    const results: PingResult[] = [];
    const source = pingSource(port, spec({ count: 2 }));
    let ended = 0;
    const on = { result: (r: PingResult) => results.push(r), end: () => ended++ };
    const stop = source.start(on);
    await waitFor(() => expect(calls).toHaveLength(1));
    stop();
    expect(calls[0]!.signal.aborted).toBe(true);
    source.start(on);
    await waitFor(() => expect(calls).toHaveLength(2));
    calls[1]!.answer('time=1 ms');
    await waitFor(() => expect(calls).toHaveLength(3));
    expect(results).toEqual([expect.objectContaining({ seq: 1, kind: 'reply', rttMs: 1 })]);
    calls[2]!.answer('time=2 ms');
    await waitFor(() => expect(ended).toBe(1));
    expect(results.map((r) => r.seq)).toEqual([1, 2]);
  });

  it('waits what is left of the interval since the last request started, not a whole interval', async () => {
    const { port, calls } = held();
    let now = 10_000;
    const waits: number[] = [];
    const clock: PingClock = {
      now: () => now,
      sleep: async (ms) => {
        waits.push(ms);
        now += ms;
      },
    };
    const stop = pingSource(port, spec({ intervalMs: 1000 }), { clock }).start({
      result: () => {},
      end: () => {},
    });
    await waitFor(() => expect(calls).toHaveLength(1));
    expect(waits).toEqual([]); // the first at once
    now += 300; // the answer took 300 ms
    calls[0]!.answer('time=300 ms');
    await waitFor(() => expect(calls).toHaveLength(2));
    now += 1500; // this one took longer than the interval: the next goes at once
    calls[1]!.answer('time=1500 ms');
    await waitFor(() => expect(calls).toHaveLength(3));
    expect(waits).toEqual([700]);
    stop();
  });
});
