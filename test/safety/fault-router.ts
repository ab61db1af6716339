// A router for the fault harness (issue 17 §6): the simulator's engine behind a plain node:http
// front (test/hostile/harness.ts) that logs in admin/admin only, records every request with its
// credentials, and puts one fault on one chosen request — before the router applies it (503, a
// reset: nothing changed) or after (a reset, a timeout, a garbled 200: changed, answer lost) —
// or holds it there so the test can SIGKILL routersh at that step. Its state is the oracle:
// read straight from the engine's data, never through routersh.
import { afterAll } from 'vitest';
import { handle } from '../../sim/router/engine.js';
import type { RouterState } from '../../sim/router/state.js';
import { initialState } from '../../sim/router/variant.js';
import { type Harness, type Recorded, startHarness } from '../hostile/harness.js';

/** Where on the request a fault strikes. `*-after`: the router applied it, then the answer is lost. */
export type Fault = '503' | 'reset' | 'reset-after' | 'timeout-after' | 'malformed-after';
export const FAULTS: readonly Fault[] = ['503', 'reset', 'reset-after', 'timeout-after', 'malformed-after'];
/** A slow router (not in FAULTS' matrices): the request waits SLOW_MS, then is applied and answered. */
export const SLOW_MS = 4000;
/**
 * When a `timeout-after` fault answers: far past every --timeout the harness uses (5 s at most
 * where the fault is armed), so the request still times out on a loaded machine, while the
 * --timeout itself is only a hang guard for the clean requests around it.
 */
export const LATE_MS = 20_000;

/** Which requests a fault counts: writes (POST SET/UNSET, DELETE) or every one. */
export type Which = 'write' | 'any';

interface Armed {
  at: number;
  which: Which;
  /** Only requests this says yes to count (a transaction's step by its path: its steps go at once). */
  match?: (r: Recorded) => boolean;
  seen: number;
  fault?: Fault | 'slow';
  /**
   * Hold the request (before or after applying it) and call `reached`; with `release`, until it
   * resolves: then it is applied (if not yet) and answered.
   */
  hold?: { phase: 'before' | 'after'; reached: () => void; release?: Promise<void> };
}

export interface FaultRouter extends Harness<Record<string, never>> {
  state: RouterState;
  /** The next fault (or hold) strikes the `at`-th request (1-based) of kind `which` from now on. */
  arm(a: Omit<Armed, 'seen'>): void;
  /** Whether the armed fault or hold struck. */
  struck(): boolean;
  /** The requests that wrote, as sent. */
  writes(): Recorded[];
  /** The most writes it has held unanswered at once (with `writeDelayMs`), since the last reset. */
  writesAtOnce(reset?: boolean): number;
  /** Sets `writeDelayMs` from now on. */
  delayWrites(ms: number): void;
}

const BASIC = `Basic ${Buffer.from('admin:admin').toString('base64')}`;
export const isWrite = (r: { method: string; body: string }) =>
  r.method === 'DELETE' || (r.method === 'POST' && !/"SHOW"/.test(r.body));

/**
 * `writeDelayMs`: each write (not a fault's) is applied and answered that long after it came.
 * `variant: 'shaped'`: the shaped router's tree and state (default: the simulator's, with the
 * reference router's show tables).
 */
export async function startFaultRouter(
  o: { writeDelayMs?: number; variant?: 'shaped' } = {},
): Promise<FaultRouter> {
  const state = initialState(Date.now(), o.variant);
  let armed: Armed | undefined;
  let struck = false;
  let inFlight = 0;
  let most = 0;
  let delay = o.writeDelayMs ?? 0;
  const h = await startHarness({}, (_m, rec, _req, res) => {
    const json = (status: number, body: unknown) => {
      if (res.destroyed) return;
      res.writeHead(status, { 'content-type': 'application/json' });
      res.end(JSON.stringify(body));
    };
    const url = new URL(rec.url, 'http://x');
    const m = /^\/api(\/.*)?$/.exec(url.pathname);
    if (!m) return json(404, { RequestStatus: 'ERROR', ErrorStatus: 'no route' });
    if (rec.headers['authorization'] !== BASIC)
      return json(401, { RequestStatus: 'ERROR', ErrorStatus: 'wrong user or password' });
    let strike: Armed | undefined;
    if (
      armed &&
      (armed.which === 'any' || isWrite(rec)) &&
      (armed.match?.(rec) ?? true) &&
      ++armed.seen === armed.at
    ) {
      strike = armed;
      armed = undefined;
      struck = true;
    }
    const words = (m[1] ?? '').split('/').filter(Boolean).map(decodeURIComponent);
    const apply = () =>
      handle({
        method: rec.method as 'GET' | 'POST' | 'DELETE',
        words,
        body: rec.method !== 'GET' && rec.body.trim() ? (JSON.parse(rec.body) as unknown) : undefined,
        query: url.searchParams,
        user: 'admin',
        state,
        now: Date.now(),
        issueToken: async () => 'x.y.z',
        variant: o.variant ?? 'reference',
      });
    if (strike?.hold) {
      const { phase, reached, release } = strike.hold;
      if (release) {
        void (async () => {
          let out = phase === 'after' ? await apply() : undefined;
          reached();
          await release;
          out ??= await apply();
          json(out.status, out.body);
        })();
        return;
      }
      // Held until routersh is killed (its socket closes) or the harness closes.
      if (phase === 'before') return reached();
      void apply().then(() => reached());
      return;
    }
    switch (strike?.fault) {
      case '503':
        return json(503, { RequestStatus: 'ERROR', ErrorStatus: 'injected: service unavailable' });
      case 'reset':
        res.socket?.destroy();
        return;
      case 'reset-after':
        void apply().then(() => res.socket?.destroy());
        return;
      case 'timeout-after':
        // Applied at once, answered long after routersh's --timeout.
        void apply().then((out) => setTimeout(() => json(out.status, out.body), LATE_MS).unref());
        return;
      case 'slow':
        setTimeout(() => void apply().then((out) => json(out.status, out.body)), SLOW_MS).unref();
        return;
      case 'malformed-after':
        void apply().then(() => {
          res.writeHead(200, { 'content-type': 'application/json' });
          res.end('{"RequestStatus": "OK", "Message": [trunc');
        });
        return;
      default:
        if (delay && isWrite(rec)) {
          most = Math.max(most, ++inFlight);
          setTimeout(
            () =>
              void apply().then((out) => {
                inFlight--;
                json(out.status, out.body);
              }),
            delay,
          );
          return;
        }
        void apply().then((out) => json(out.status, out.body));
    }
  });
  return Object.assign(h, {
    state,
    arm: (a: Omit<Armed, 'seen'>) => {
      armed = { ...a, seen: 0 };
      struck = false;
    },
    struck: () => struck,
    writes: () => h.requests.filter(isWrite),
    delayWrites: (ms: number) => {
      delay = ms;
    },
    writesAtOnce: (reset = false) => {
      const n = most;
      if (reset) most = 0;
      return n;
    },
  });
}

/** What the harness compares: the configuration a change of the scenarios can touch, canonical. */
/**
 * A file's fault routers: each call starts one (as startFaultRouter), and every one is closed
 * after the file's tests. Called at a test file's top level.
 */
export function faultRouters(): (o?: Parameters<typeof startFaultRouter>[0]) => Promise<FaultRouter> {
  const routers: FaultRouter[] = [];
  afterAll(async () => {
    await Promise.all(routers.map((r) => r.close().catch(() => {})));
  });
  return async (o) => {
    const r = await startFaultRouter(o);
    routers.push(r);
    return r;
  };
}

export function observe(s: RouterState): string {
  const eth1 = s.interfaces.get('eth1');
  return JSON.stringify({
    eth0: s.interfaces.get('eth0')?.mtu,
    eth1: eth1 ? [eth1.mtu, eth1.description, eth1.shutdown, ...eth1.addresses].join(' ') : 'absent',
    routes: s.routes.map((r) => `${r.dest} via ${r.via}`).sort(),
    blacklist: [...(s.matchLists.get('blacklist')?.entries.values() ?? [])]
      .map((e) => [e.net, e.port, e.protocol].filter(Boolean).join(' '))
      .sort(),
  });
}
