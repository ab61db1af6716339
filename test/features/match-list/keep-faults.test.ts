// sync --keep runs for weeks: a failed read or write between rounds (503, a reset connection, no
// answer in time) is retried with backoff and reported with its time, the entries never expire
// while they can still be refreshed, it gives up only once they expired and 10 rounds in a row
// failed, and the signal ends it cleanly. Against the router simulator over real HTTP, its
// fault injection (sim/faults.ts), on a manual clock: the fake sleep moves the clock.
import { afterEach, describe, expect, it, vi } from 'vitest';
import { RouterClient } from '../../../src/api/router/client.js';
import type { RouterRequest } from '../../../src/api/router/types.js';
import { parseMatchListArgs } from '../../../src/features/match-list/args.js';
import { runMatchList } from '../../../src/features/match-list/command.js';
import { GIVE_UP_ROUNDS, retryWait, sleepFor } from '../../../src/features/match-list/keep.js';
import { ManualClock } from '../../../sim/clock.js';
import type { RouterSim } from '../../../sim/router/index.js';
import { sim } from '../../sim/router/sim-http.js';

const ML = '/api/ipv4/firewall/match-list';
const auth = { authorization: `Basic ${Buffer.from('admin:admin').toString('base64')}` };
const clients: RouterClient[] = [];
afterEach(async () => {
  await Promise.all(clients.splice(0).map((c) => c.close()));
});

/** A sim on a manual clock with the list `feed` (timeout 100 s: a round every 50 s). */
async function rig(o: { timeoutMs?: number } = {}) {
  const clock = new ManualClock();
  const s = await sim({ clock });
  await fetch(`${s.url}${ML}/feed`, {
    method: 'POST',
    headers: auth,
    body: JSON.stringify({ Options: { timeout: [100] } }),
  });
  const client = new RouterClient({
    baseUrl: s.url,
    user: 'admin',
    password: 'admin',
    auth: 'basic',
    timeoutMs: o.timeoutMs ?? 5000,
  });
  clients.push(client);
  return { clock, s, client };
}

const members = async (s: RouterSim): Promise<string[]> => {
  const res = await fetch(`${s.url}${ML}/feed/action/match`, { headers: auth });
  return ((await res.json()) as { NodeInfo: { SetValues: string[] | null } }).NodeInfo.SetValues ?? [];
};

describe('match-list sync --keep between failures', () => {
  it('a 503, a reset connection and a timeout are retried after 1, 2 and 4 s, each reported with its time; the entries never expire', async () => {
    const { clock, s, client } = await rig({ timeoutMs: 300 });
    const controller = new AbortController();
    const reports: string[] = [];
    const waits: number[] = [];
    const r = await runMatchList(parseMatchListArgs(['sync', 'feed', 'f', '--keep']), {
      router: client,
      readInput: async () => '192.0.2.1\n192.0.2.2\n',
      now: () => clock.now(),
      signal: controller.signal,
      report: (l) => reports.push(l),
      sleep: async (ms) => {
        waits.push(ms);
        clock.advance(ms);
        // Before each round: what the router does to its requests.
        const round = waits.length;
        if (round === 1) s.faults.set({ status: { code: 503, count: 2 } }); // both reads of the list
        // Every request of the round (undici retries a GET whose reused socket was reset).
        if (round === 2) s.faults.set({ reset: 1000 });
        if (round === 3) s.faults.set({ hang: 1 }); // no answer within the client's 0.3 s
        if (round === 4) s.faults.clear();
        if (round === 6) controller.abort();
        return !controller.signal.aborted;
      },
    });
    expect(waits).toEqual([50_000, 1000, 2000, 4000, 50_000, 50_000]);
    expect(reports[0]).toMatch(/^match-list feed: 2 added, 0 removed, 0 failed/);
    expect(reports.slice(1, 4)).toEqual([
      '2026-11-22T12:00:50Z round 1 failed: router rejected the request (HTTP 503); retrying in 1 s (the earliest entry expires in 50 s, at 2026-11-22T12:01:40Z)',
      expect.stringMatching(
        /^2026-11-22T12:00:51Z round 2 failed: connection reset by the router at 127\.0\.0\.1:\d+; retrying in 2 s \(the earliest entry expires in 49 s, at 2026-11-22T12:01:40Z\)$/,
      ),
      expect.stringMatching(
        /^2026-11-22T12:00:53Z round 3 failed: no answer from the router at 127\.0\.0\.1:\d+ within 0\.3 s; retrying in 4 s \(the earliest entry expires in 47 s, at 2026-11-22T12:01:40Z\)$/,
      ),
    ]);
    expect(reports.slice(4)).toEqual([
      '2026-11-22T12:00:57Z round 4: 2 refreshed, 0 added, 0 removed, 0 failed',
      '2026-11-22T12:01:47Z round 5: 2 refreshed, 0 added, 0 removed, 0 failed',
    ]);
    expect(r.error).toBeUndefined();
    expect(r.text).toContain('kept in sync for 5 rounds');
    // 157 s after the first add, past its 100 s timeout: both entries are still there.
    expect((await members(s)).sort()).toEqual(['192.0.2.1', '192.0.2.2']);
  });

  it('an entry whose SET fails (503) makes the round fail: retried after 1 s, the entry refreshed then', async () => {
    const { clock, s, client } = await rig();
    const controller = new AbortController();
    const reports: string[] = [];
    const waits: number[] = [];
    let failNextWrite = false;
    // The router client as is, arming the sim's 503 just before the round's first write.
    const router = {
      send: (req: RouterRequest, o: { signal?: AbortSignal }) => {
        if (failNextWrite && req.method === 'POST') {
          failNextWrite = false;
          s.faults.set({ status: { code: 503, count: 1 } });
        }
        return client.send(req, o);
      },
      get addresses() {
        return client.addresses;
      },
    };
    await runMatchList(parseMatchListArgs(['sync', 'feed', 'f', '--keep', '--concurrency', '1']), {
      router,
      readInput: async () => '192.0.2.1\n192.0.2.2\n',
      now: () => clock.now(),
      signal: controller.signal,
      report: (l) => reports.push(l),
      sleep: async (ms) => {
        waits.push(ms);
        clock.advance(ms);
        if (waits.length === 1) failNextWrite = true;
        if (waits.length === 3) controller.abort();
        return !controller.signal.aborted;
      },
    });
    expect(waits).toEqual([50_000, 1000, 50_000]);
    expect(reports.slice(1)).toEqual([
      '2026-11-22T12:00:50Z round 1: 1 refreshed, 0 added, 0 removed, 1 failed; 1 not answered: router rejected the request (HTTP 503); retrying in 1 s (the earliest entry expires in 50 s, at 2026-11-22T12:01:40Z)',
      '2026-11-22T12:00:51Z round 2: 2 refreshed, 0 added, 0 removed, 0 failed',
    ]);
    expect((await members(s)).sort()).toEqual(['192.0.2.1', '192.0.2.2']);
  });

  it('gives up (a failure, loud) only after the entries expired and at least 10 rounds in a row failed', async () => {
    const { clock, s, client } = await rig();
    const start = clock.now();
    const reports: string[] = [];
    const waits: number[] = [];
    const run = runMatchList(parseMatchListArgs(['sync', 'feed', 'f', '--keep']), {
      router: client,
      readInput: async () => '192.0.2.1\n',
      now: () => clock.now(),
      report: (l) => reports.push(l),
      sleep: async (ms) => {
        waits.push(ms);
        clock.advance(ms);
        if (waits.length === 1) s.faults.set({ status: { code: 503, count: 1_000_000 } });
        return true;
      },
    });
    await expect(run).rejects.toThrow(
      /^2026-11-22T12:01:40Z match-list feed: giving up after 12 failed rounds in a row: the entries expired at 2026-11-22T12:01:40Z; last error: router rejected the request \(HTTP 503\)$/,
    );
    // 1 s doubling, then half the time left before the expiry at +100 s (never under 1 s):
    // the retries close in on it; the give-up comes with the first failure after it.
    expect(waits).toEqual([50_000, 1000, 2000, 4000, 8000, 16_000, 9500, 4750, 2375, 1187, 1000, 1000]);
    const at = waits.reduce((a, b) => a + b, 0);
    expect(at).toBeGreaterThan(100_000);
    expect(at - waits.at(-1)!).toBeLessThan(100_000); // it was still trying just before the expiry
    const failures = reports.filter((l) => / round \d+ failed: /.test(l));
    expect(failures).toHaveLength(11);
    expect(
      failures.every((l) =>
        /^2026-11-22T12:0\d:\d\dZ round \d+ failed: router rejected the request \(HTTP 503\); retrying in /.test(
          l,
        ),
      ),
    ).toBe(true);
    expect(reports.at(-1)).toMatch(/giving up after 12 failed rounds in a row/);
    expect(clock.now() - start).toBe(at);
  });

  it('the signal ends it cleanly in the middle of a round (a request in flight) and in a backoff wait', async () => {
    const { clock, s, client } = await rig();
    for (const where of ['request', 'wait'] as const) {
      const controller = new AbortController();
      const reports: string[] = [];
      let sleeps = 0;
      const router = {
        send: (req: RouterRequest, o: { signal?: AbortSignal }) => {
          const p = client.send(req, o);
          // The router does not answer (hang): the abort comes while the request waits.
          if (where === 'request' && sleeps === 2) setTimeout(() => controller.abort(), 20);
          return p;
        },
        get addresses() {
          return client.addresses;
        },
      };
      const r = await runMatchList(parseMatchListArgs(['sync', 'feed', 'f', '--keep']), {
        router,
        readInput: async () => '192.0.2.1\n',
        now: () => clock.now(),
        signal: controller.signal,
        report: (l) => reports.push(l),
        sleep: async (ms) => {
          clock.advance(ms);
          sleeps++;
          if (sleeps === 2)
            s.faults.set(where === 'request' ? { hang: 2 } : { status: { code: 503, count: 2 } });
          if (where === 'wait' && sleeps === 3) controller.abort();
          return !controller.signal.aborted;
        },
      });
      s.faults.clear();
      expect(r.error).toBeUndefined();
      // A round cut short by the signal is not counted; a failed one is.
      expect(r.text).toContain(
        where === 'request' ? 'kept in sync for 1 round\n' : 'kept in sync for 2 rounds\n',
      );
      expect(reports.filter((l) => /cancel/i.test(l))).toEqual([]);
      expect(reports.at(-1)).toMatch(
        where === 'request' ? / round 1: 1 refreshed/ : / round 2 failed: .*retrying in 1 s/,
      );
    }
  });
});

describe('the retry policy', () => {
  it('1 s doubling, within the normal interval, at most half the time left, never under 1 s', () => {
    const every = 1_800_000;
    expect([1, 2, 3, 4].map((failures) => retryWait({ every, failures, left: 1_000_000 }))).toEqual([
      1000, 2000, 4000, 8000,
    ]);
    expect(retryWait({ every, failures: 20, left: 1_000_000 })).toBe(500_000);
    expect(retryWait({ every, failures: 20, left: 1500 })).toBe(1000);
    expect(retryWait({ every, failures: 30, left: undefined })).toBe(every);
    expect(retryWait({ every: 1000, failures: 5, left: -1 })).toBe(1000);
    expect(GIVE_UP_ROUNDS).toBe(10);
  });

  it('a wait longer than a timer holds (a list timeout over ~49 days) still waits its whole length', async () => {
    vi.useFakeTimers();
    try {
      let slept: boolean | undefined;
      const p = sleepFor(3 * 2 ** 31).then((v) => {
        slept = v;
      });
      await vi.advanceTimersByTimeAsync(2 ** 31);
      expect(slept).toBeUndefined();
      await vi.advanceTimersByTimeAsync(2 * 2 ** 31);
      await p;
      expect(slept).toBe(true);
    } finally {
      vi.useRealTimers();
    }
  });
});
