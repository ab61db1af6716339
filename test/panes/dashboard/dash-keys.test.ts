// The dashboard's keys, pure (dash-keys.ts): each key as the terminal sends it → the action on
// the store (or the effect the hook runs), in the screen's mode.
import { describe, expect, it } from 'vitest';
import { flushKeys, type Key, parseKeys } from '../../../src/keys/key-parser.js';
import { dashKey, type KeyContext } from '../../../src/panes/dashboard/dash-keys.js';
import { type DashState, initDashState } from '../../../src/panes/dashboard/dashboard-reducer.js';
import { layoutDashboard } from '../../../src/panes/dashboard/layout.js';
import { dashboard } from './fixtures.js';

const d = dashboard(undefined, { rows: [{ title: 'R', before: 3, collapsed: true }] });
const layout = layoutDashboard(d, 120, 40);
const ctx: KeyContext = { variables: 2, layout: () => layout, now: () => 5, editText: (i) => `text ${i}` };
const s0: DashState = initDashState(d, { sinceMs: 3_600_000 }, {}, 0);
const key = (raw: string): Key => {
  const r = parseKeys(raw);
  return [...r.keys, ...flushKeys(r.state).keys][0]!;
};

describe('dashKey', () => {
  it.each([
    ['Tab', '\t', { type: 'focus', by: 1 }],
    ['Shift-Tab', '\u001b[Z', { type: 'focus', by: -1 }],
    ['↓', '\u001b[B', { type: 'move', by: 1 }],
    ['k', 'k', { type: 'move', by: -1 }],
    ['PgDn', '\u001b[6~', { type: 'page', by: 1 }],
    ['PgUp', '\u001b[5~', { type: 'page', by: -1 }],
    ['←', '\u001b[D', { type: 'pan', direction: -1, now: 5 }],
    ['z', 'z', { type: 'zoom' }],
    ['e', 'e', { type: 'promptOpen', text: 'text 0' }],
    ['v', 'v', { effect: 'picker', varIndex: 0 }],
    ['q', 'q', { effect: 'close' }],
  ])('%s', (_name, raw, want) => {
    expect(dashKey(key(raw), s0, ctx)).toMatchObject(want);
  });

  it('Enter opens the focused row; on a panel it is used and does nothing; e on a row does nothing', () => {
    const onRow = { ...s0, focusRow: 0 };
    expect(dashKey(key('\r'), onRow, ctx)).toEqual({ type: 'toggleRow' });
    expect(dashKey(key('\r'), s0, ctx)).toBe(true);
    expect(dashKey(key('e'), onRow, ctx)).toBe(true);
  });

  it('zoomed: only z and q come back (they unzoom); the rest is not the dashboard’s', () => {
    const zoomed = { ...s0, zoomed: true };
    expect(dashKey(key('z'), zoomed, ctx)).toEqual({ type: 'unzoom' });
    expect(dashKey(key('q'), zoomed, ctx)).toEqual({ type: 'unzoom' });
    expect(dashKey(key('\u001b[6~'), zoomed, ctx)).toBe(false);
  });
});
