// A window's shown state (issue 37): one pure function of the journal's events, its decision file
// and whether a process lives. Properties over arbitrary journals of two windows: what the
// journal wrote last wins when it settled the window; open with its guard's process gone is
// `unguarded` (or `unsettled` once a revert was begun); another window's lines change nothing.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { JournalEvent } from '../../../src/contract/journal.js';
import {
  needsSettling,
  OVERDUE_MS,
  windowStatus,
  type WindowFacts,
} from '../../../src/features/changes/window-status.js';
import type { WindowDecision } from '../../../src/features/changes/window-decision.js';

const DEADLINE = 1_700_000_000_000;
const WINDOWS = ['w1', 'w2'] as const;
const STATES = ['open', 'confirmed', 'reverted', 'failed', 'unsettled'] as const;

const change = (id: string, window?: string): JournalEvent => ({
  t: 'change',
  id,
  seq: 1,
  at: DEADLINE - 1000,
  line: `interface eth0 mtu ${id}`,
  requests: [],
  words: ['interface', 'eth0', 'mtu'],
  ...(window ? { window } : {}),
});

const ids = fc.constantFrom('c1', 'c2', 'c3', 'c4');
const windowOf = fc.constantFrom<string | undefined>('w1', 'w2', undefined);
const event: fc.Arbitrary<JournalEvent> = fc.oneof(
  fc
    .tuple(ids, windowOf, fc.option(fc.integer({ min: 1, max: 4 }), { nil: undefined }))
    .map(([id, w, pid]) => ({ ...change(id, w), ...(pid ? { pid } : {}) })),
  fc.tuple(ids, fc.boolean()).map(([id, ok]) => ({
    t: 'answer' as const,
    id,
    answer: { ok, status: ok ? '200' : '400' },
  })),
  ids.map((id) => ({ t: 'undo' as const, id, by: 'undo', requests: [], at: DEADLINE })),
  fc.tuple(ids, fc.boolean()).map(([id, ok]) => ({ t: 'undone' as const, id, ok, at: DEADLINE })),
  fc.tuple(fc.constantFrom(...WINDOWS), fc.constantFrom(...STATES)).map(([window, state]) => ({
    t: 'window' as const,
    window,
    state,
    deadline: DEADLINE,
    at: DEADLINE - 5000,
  })),
  fc.tuple(fc.constantFrom(...WINDOWS), fc.integer({ min: 1, max: 4 })).map(([window, pid]) => ({
    t: 'guard' as const,
    window,
    pid,
    at: DEADLINE - 5000,
  })),
);
const decision = fc.option(
  fc.constantFrom<WindowDecision>({ kind: 'confirmed', by: 'shell' }, { kind: 'revert', by: 'guard 2' }),
  { nil: undefined },
);
const facts = fc.record({
  events: fc.array(event, { maxLength: 24 }),
  decision,
  living: fc.subarray([1, 2, 3, 4]),
  now: fc.integer({ min: DEADLINE - 60_000, max: DEADLINE + 2 * OVERDUE_MS }),
});
const of = (f: {
  events: JournalEvent[];
  decision?: WindowDecision | undefined;
  living: number[];
  now: number;
}) =>
  ({
    events: f.events,
    window: 'w1',
    decision: f.decision,
    alive: (pid: number) => f.living.includes(pid),
    now: f.now,
  }) satisfies WindowFacts;

const lastWritten = (events: JournalEvent[], w = 'w1') =>
  events
    .filter((e): e is Extract<JournalEvent, { t: 'window' }> => e.t === 'window' && e.window === w)
    .at(-1);
const lastGuard = (events: JournalEvent[], w = 'w1') =>
  events.filter((e): e is Extract<JournalEvent, { t: 'guard' }> => e.t === 'guard' && e.window === w).at(-1);

describe('windowStatus', () => {
  it('a window the journal never opened has no state', () => {
    fc.assert(
      fc.property(facts, (f) => {
        const events = f.events.filter((e) => !(e.t === 'window' && e.window === 'w1'));
        expect(windowStatus(of({ ...f, events }))).toBeUndefined();
      }),
    );
  });

  it('a settled window shows what the journal wrote last, whatever the guard, decision or clock', () => {
    fc.assert(
      fc.property(facts, (f) => {
        const w = lastWritten(f.events);
        const s = windowStatus(of(f));
        if (!w) return;
        const want = {
          confirmed: 'confirmed',
          reverted: 'reverted',
          failed: 'unsettled',
          unsettled: 'unsettled',
        };
        if (w.state !== 'open') expect(s?.state).toBe(want[w.state]);
        else expect(s?.state).not.toBe('reverted');
        expect(s?.deadline).toBe(w.deadline);
      }),
    );
  });

  it('open and decided confirmed (its decider died before writing it) shows confirmed', () => {
    fc.assert(
      fc.property(facts, (f) => {
        if (lastWritten(f.events)?.state !== 'open') return;
        const s = windowStatus(of({ ...f, decision: { kind: 'confirmed', by: 'shell' } }));
        expect(s?.state).toBe('confirmed');
        expect(needsSettling(s!)).toBe(false);
      }),
    );
  });

  it('open with its guard gone: unguarded, or unsettled once a revert was begun; a live guard keeps it open until overdue', () => {
    fc.assert(
      fc.property(facts, (f) => {
        if (lastWritten(f.events)?.state !== 'open' || f.decision?.kind === 'confirmed') return;
        const s = windowStatus(of(f))!;
        const g = lastGuard(f.events);
        if (s.state === 'unguarded') expect(g && !f.living.includes(g.pid)).toBe(true);
        if (g && !f.living.includes(g.pid)) {
          expect(['unguarded', 'unsettled']).toContain(s.state);
          // Nobody is left, unless the shell that made its changes runs (it reverts at the end).
          const keeper = f.events.find((e) => e.t === 'change' && e.window === 'w1' && e.pid !== undefined);
          const kept = keeper?.t === 'change' && f.living.includes(keeper.pid!);
          expect(s.keeperAlive).toBe(kept);
          const overdue = f.now > DEADLINE + OVERDUE_MS;
          expect(needsSettling(s)).toBe(s.state === 'unsettled' || !kept || overdue);
        }
        if (g && f.living.includes(g.pid)) {
          const overdue = f.now > DEADLINE + OVERDUE_MS;
          expect(overdue ? ['open', 'unsettled'] : ['open']).toContain(s.state);
          expect(needsSettling(s)).toBe(overdue);
        }
        if (f.decision?.kind === 'revert' && g && !f.living.includes(g.pid))
          expect(s.state).toBe('unsettled');
      }),
    );
  });

  it("another window's lines change nothing", () => {
    fc.assert(
      fc.property(facts, fc.array(event, { maxLength: 12 }), (f, more) => {
        const foreign = more.filter((e) =>
          'window' in e ? e.window === 'w2' : e.t === 'change' && !e.window,
        );
        const mixed = [...f.events, ...foreign];
        expect(windowStatus(of({ ...f, events: mixed }))).toEqual(windowStatus(of(f)));
      }),
    );
  });

  it('pending counts the changes made in it, applied and not undone', () => {
    const events: JournalEvent[] = [
      { t: 'window', window: 'w1', state: 'open', deadline: DEADLINE, at: 0 },
      { t: 'guard', window: 'w1', pid: 7, at: 0 },
      change('a', 'w1'),
      { t: 'answer', id: 'a', answer: { ok: true, status: '200' } },
      change('b', 'w1'),
      { t: 'answer', id: 'b', answer: { ok: true, status: '200' } },
      change('c'),
      { t: 'answer', id: 'c', answer: { ok: true, status: '200' } },
      change('d', 'w1'),
      { t: 'answer', id: 'd', answer: { ok: false, status: '400' } },
      { t: 'undo', id: 'b', by: 'undo', requests: [], at: 0 },
      { t: 'undone', id: 'b', ok: true, at: 0 },
    ];
    const f = { events, window: 'w1', decision: undefined, now: DEADLINE - 1 };
    expect(windowStatus({ ...f, alive: () => true })).toMatchObject({ state: 'open', pending: 1 });
    expect(windowStatus({ ...f, alive: () => false })).toMatchObject({ state: 'unguarded', pending: 1 });
    // Its guard gone but the shell that made its changes still running: that shell reverts at the end.
    const shell: JournalEvent[] = events.map((e) => (e.t === 'change' ? { ...e, pid: 8 } : e));
    const kept = windowStatus({ ...f, events: shell, alive: (pid) => pid === 8 })!;
    expect(kept).toMatchObject({ state: 'unguarded', keeperAlive: true });
    expect(needsSettling(kept)).toBe(false);
    const lateKept = {
      ...f,
      events: shell,
      alive: (pid: number) => pid === 8,
      now: DEADLINE + OVERDUE_MS + 1,
    };
    expect(needsSettling(windowStatus(lateKept)!)).toBe(true);
    const begun: JournalEvent[] = [...events, { t: 'undo', id: 'a', by: 'w1 expired', requests: [], at: 0 }];
    expect(windowStatus({ ...f, events: begun, alive: () => false })?.state).toBe('unsettled');
    // No guard known (an older journal): open until it is overdue, then someone must settle it.
    const noGuard = events.filter((e) => e.t !== 'guard');
    const late = { ...f, events: noGuard, alive: () => false, now: DEADLINE + OVERDUE_MS + 1 };
    expect(needsSettling(windowStatus({ ...f, events: noGuard, alive: () => false })!)).toBe(false);
    expect(windowStatus(late)).toMatchObject({ state: 'open', overdue: true });
    expect(needsSettling(windowStatus(late)!)).toBe(true);
  });
});
