import { describe, expect, it } from 'vitest';
import {
  type LogAction,
  type LogState,
  initLogState,
  logReducer,
} from '../../../src/panes/logs/log-reducer.js';
import { rec } from './fake-source.js';

const run = (s: LogState, ...actions: LogAction[]) => actions.reduce(logReducer, s);
const loaded = (n: number, nextOffset?: number) =>
  run(
    initLogState({ follow: true }),
    { type: 'viewport', rows: 10 },
    {
      type: 'page-loaded',
      offset: 0,
      records: Array.from({ length: n }, (_, i) => rec(1000 + i)),
      ...(nextOffset !== undefined && { nextOffset }),
    },
  );

describe('logReducer', () => {
  it('scrolling up pauses follow; PgDn back to the bottom does not resume; End does', () => {
    let s = loaded(50);
    s = run(s, { type: 'scroll', by: 1 });
    expect(s).toMatchObject({ scroll: 1, follow: false });
    s = run(s, { type: 'page', direction: 1 });
    expect(s).toMatchObject({ scroll: 0, follow: false });
    s = run(s, { type: 'bottom' });
    expect(s.follow).toBe(true);
  });

  it('PgUp at the top asks for the next older page once and remembers the offset', () => {
    let s = loaded(30, 30);
    s = run(s, { type: 'page', direction: -1 }, { type: 'page', direction: -1 });
    expect(s.scroll).toBe(20);
    expect(s.pendingOlder).toBeNull();
    s = run(s, { type: 'page', direction: -1 });
    expect(s.pendingOlder).toBe(30);
    s = run(s, {
      type: 'page-loaded',
      offset: 30,
      records: Array.from({ length: 30 }, (_, i) => rec(900 + i)),
      nextOffset: 60,
    });
    expect(s).toMatchObject({ pendingOlder: null, olderOffset: 60, loadedOffsets: [0, 30], scroll: 30 });
    expect(s.buffer.size).toBe(60);
  });

  it('a fixed range never follows', () => {
    const s = run(initLogState({ follow: false }), { type: 'bottom' });
    expect(s.follow).toBe(false);
  });

  it('highlight prompt: typing, backspace, apply, cancel', () => {
    let s = run(initLogState({ follow: false }), { type: 'promptOpen' }, { type: 'promptInput', text: 'er' });
    s = run(
      s,
      { type: 'promptInput', text: 'x' },
      { type: 'promptBackspace' },
      { type: 'promptInput', text: 'r' },
    );
    expect(s.prompt).toBe('err');
    s = run(s, { type: 'promptApply' });
    expect(s).toMatchObject({ highlight: 'err', prompt: null });
    s = run(s, { type: 'promptOpen' }, { type: 'promptInput', text: 'zz' }, { type: 'promptCancel' });
    expect(s).toMatchObject({ highlight: 'err', prompt: null });
  });
});

describe('skipped follow records', () => {
  it('adds counts, remembers an uncounted skip, and the status line leads with it', async () => {
    const { logFrame } = await import('../../../src/panes/logs/log-frame.js');
    let s = initLogState({ follow: true });
    s = logReducer(s, { type: 'skipped', count: 1200 });
    s = logReducer(s, { type: 'skipped', count: 34 });
    expect(s.skipped).toBe(1234);
    const status = (x: typeof s) =>
      logFrame(x, { query: '*', width: 200, height: 20, facetsAvailable: false, utc: true }).status;
    expect(status(s)).toMatch(
      /^following · 1234 records skipped \(too fast to follow; narrow the query\) · /,
    );
    s = logReducer(s, { type: 'skipped', count: undefined });
    expect(status(s)).toContain('1234+ records skipped');
    expect(status(initLogState({ follow: true }))).not.toContain('skipped');
  });
});
