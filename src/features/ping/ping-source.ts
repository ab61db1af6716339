// The ping pane's source: the router's ping sent again and again with `count 1`, as gping and
// mtr repeat theirs. One request is under way at a time; the next starts `intervalMs` after the
// last one started (at once when that one took longer); each has its own timeout, and a request
// that times out is a loss. The requests are reads for the journal's purpose (a ping changes
// nothing): they go straight to the router port, never through the change journal, and so are
// neither recorded nor asked about inside a confirmed-change window.
import type { PaneSpecOf, PingResult, PingSource } from '../../contract/panes.js';
import type { RouterPort } from '../../contract/services.js';
import { parsePing } from './ping-parse.js';

export type PingSpec = PaneSpecOf<'ping'>;

export interface PingClock {
  now(): number;
  /** Resolves after `ms`, or at once when `signal` aborts. */
  sleep(ms: number, signal: AbortSignal): Promise<void>;
}

const realClock: PingClock = {
  now: Date.now,
  sleep: (ms, signal) =>
    new Promise<void>((resolve) => {
      const done = () => {
        clearTimeout(timer);
        signal.removeEventListener('abort', done);
        resolve();
      };
      const timer = setTimeout(done, ms);
      signal.addEventListener('abort', done, { once: true });
    }),
};

/** How long one request may take: at least 5 s (a router's own ping waits ~2 s), else two periods. */
export const pingTimeoutMs = (intervalMs: number): number => Math.max(5000, 2 * intervalMs);

const message = (e: unknown) => (e instanceof Error ? e.message : String(e));

export function pingSource(
  router: RouterPort,
  spec: PingSpec,
  o: { clock?: PingClock; timeoutMs?: number } = {},
): PingSource {
  const clock = o.clock ?? realClock;
  const timeoutMs = o.timeoutMs ?? pingTimeoutMs(spec.intervalMs);
  let first = spec.first;
  /** Results given so far: the next request's seq is one more (a stopped one never counts). */
  let answered = first ? 1 : 0;
  let lastStart = first?.at;

  /** One request: its answer read, or undefined when stopped before it came. */
  async function once(stop: AbortSignal): Promise<PingResult | undefined> {
    const timeout = new AbortController();
    const timer = setTimeout(() => timeout.abort(), timeoutMs);
    const at = clock.now();
    lastStart = at;
    const seq = answered + 1;
    try {
      const envelope = await router.send(spec.request, { signal: AbortSignal.any([stop, timeout.signal]) });
      return stop.aborted ? undefined : { seq, at, ...parsePing(envelope.message) };
    } catch (e) {
      if (stop.aborted) return undefined;
      const why = timeout.signal.aborted ? `no answer in ${timeoutMs / 1000} s` : message(e);
      return { seq, at, kind: 'lost', why };
    } finally {
      clearTimeout(timer);
    }
  }

  return {
    start(on) {
      const stop = new AbortController();
      void (async () => {
        if (first) {
          on.result({ seq: 1, at: first.at, ...parsePing(first.text) });
          first = undefined;
        }
        for (;;) {
          if (spec.count !== undefined && answered >= spec.count) return on.end();
          if (lastStart !== undefined) {
            const wait = lastStart + spec.intervalMs - clock.now();
            if (wait > 0) await clock.sleep(wait, stop.signal);
          }
          if (stop.signal.aborted) return;
          const r = await once(stop.signal);
          if (r === undefined) return; // stopped (paused, closed) while under way: as if never sent
          answered++;
          on.result(r);
        }
      })();
      return () => stop.abort();
    },
  };
}
