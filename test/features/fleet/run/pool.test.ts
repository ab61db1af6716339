// The pool's own promises, with work that ignores its signal (a host stuck in code that never
// looks): the run's signal and the whole-host bound still end the host and free its slot, the
// host's signal is aborted for whatever does look, and the run's signal carries one listener
// however many hosts run (none is added per host).
import { getEventListeners } from 'node:events';
import { describe, expect, it } from 'vitest';
import { runPool } from '../../../../src/features/fleet/run/pool.js';

const never = <T>(): Promise<T> => new Promise<T>(() => {});
const name = (h: string) => h;

describe('runPool', () => {
  it('Ctrl-C ends hosts whose work ignores it, aborts their signals, starts no other host', async () => {
    const ctrlC = new AbortController();
    const signals: AbortSignal[] = [];
    const started: string[] = [];
    const outcomes = await runPool(
      ['a', 'b', 'c', 'd'],
      (h, signal) => {
        started.push(h);
        signals.push(signal);
        if (started.length === 2) queueMicrotask(() => ctrlC.abort());
        return never();
      },
      { forks: 2, signal: ctrlC.signal, name },
    );
    expect(started).toEqual(['a', 'b']);
    expect(signals.every((s) => s.aborted)).toBe(true);
    expect(outcomes.map((o) => (o.ok ? 'ok' : o.error.code))).toEqual([
      'cancelled',
      'cancelled',
      'cancelled',
      'cancelled',
    ]);
    expect(getEventListeners(ctrlC.signal, 'abort')).toHaveLength(0);
  });

  it('a run already cancelled starts no work at all', async () => {
    let calls = 0;
    const outcomes = await runPool(
      ['a', 'b'],
      async () => {
        calls++;
      },
      { forks: 2, signal: AbortSignal.abort(), name },
    );
    expect(calls).toBe(0);
    expect(outcomes.every((o) => !o.ok && o.error.code === 'cancelled')).toBe(true);
  });

  it('the bound ends a stuck host as a timeout and its slot goes to the next host', async () => {
    const run = new AbortController();
    let stuck: AbortSignal | undefined;
    const order: string[] = [];
    const outcomes = await runPool(
      ['stuck', 'next'],
      (h, signal) => {
        if (h === 'stuck') {
          stuck = signal;
          return never();
        }
        return Promise.resolve(h);
      },
      { forks: 1, signal: run.signal, name, hostBoundMs: 50, onResult: (o) => order.push(o.host) },
    );
    expect(order).toEqual(['stuck', 'next']);
    const first = outcomes[0];
    expect(first?.ok ? 'ok' : first?.error.code).toBe('timeout');
    expect(first?.ok ? '' : first?.error.message).toBe('no end within the whole-host bound of 0.1 s');
    expect(stuck?.aborted).toBe(true);
    expect(outcomes[1]).toMatchObject({ ok: true, value: 'next' });
  });

  it('hangs one listener on the run signal, whatever the number of hosts at work', async () => {
    const run = new AbortController();
    const seen: number[] = [];
    await runPool(
      Array.from({ length: 20 }, (_, i) => `h${i}`),
      async () => {
        seen.push(getEventListeners(run.signal, 'abort').length);
        await new Promise((r) => setImmediate(r));
      },
      { forks: 10, signal: run.signal, name },
    );
    expect(new Set(seen)).toEqual(new Set([1]));
    expect(getEventListeners(run.signal, 'abort')).toHaveLength(0);
  });

  it('a work that throws at once is that host failing, not the run', async () => {
    const outcomes = await runPool(
      ['bad', 'good'],
      (h) => {
        if (h === 'bad') throw new Error('boom');
        return Promise.resolve(h);
      },
      { forks: 2, signal: new AbortController().signal, name },
    );
    expect(outcomes.map((o) => [o.host, o.ok])).toEqual([
      ['bad', false],
      ['good', true],
    ]);
  });

  it('two pools sharing `next` take each host once, the later or slower one fewer', async () => {
    const hosts = Array.from({ length: 100 }, (_, i) => `h${i}`);
    const next = new Int32Array(new SharedArrayBuffer(4));
    const taken = new Map<string, string>();
    const work = (pool: string, turns: number) => async (h: string) => {
      expect(taken.has(h)).toBe(false);
      taken.set(h, pool);
      for (let i = 0; i < turns; i++) await Promise.resolve();
      return pool;
    };
    const signal = new AbortController().signal;
    const first = runPool(hosts, work('first', 1), { forks: 3, signal, name, next });
    // The second starts a turn later (a thread's start) and its hosts take longer.
    await Promise.resolve();
    const second = runPool(hosts, work('second', 8), { forks: 3, signal, name, next });
    const [a, b] = await Promise.all([first, second]);
    expect(taken.size).toBe(100);
    expect([...a, ...b].map((o) => o.host).sort()).toEqual([...hosts].sort());
    for (const [outcomes, pool] of [
      [a, 'first'],
      [b, 'second'],
    ] as const)
      for (const o of outcomes) expect(o.ok && o.value === pool && taken.get(o.host) === pool).toBe(true);
    expect(b.length).toBeGreaterThan(0);
    expect(a.length).toBeGreaterThan(b.length);
  });
});
