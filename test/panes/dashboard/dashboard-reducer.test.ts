// The dashboard screen's state, pure: focus, zoom, the shared time window (the chart pane's
// rules), per-panel data and errors, the `v` picker and the `e` prompt.
import { describe, expect, it } from 'vitest';
import {
  type DashState,
  dashReducer,
  initDashState,
  windowRange,
} from '../../../src/panes/dashboard/dashboard-reducer.js';
import { layoutDashboard } from '../../../src/panes/dashboard/layout.js';
import { pickerChoice } from '../../../src/panes/dashboard/picker.js';
import { dashboard } from './fixtures.js';

const NOW = 1_800_000_000_000;
const HOUR = 3_600_000;
const d = dashboard();
const init = (): DashState => initDashState(d, { sinceMs: HOUR }, {}, NOW);
const layout = layoutDashboard(d, 120, 40);
const run = (s: DashState, ...actions: Parameters<typeof dashReducer>[1][]) => actions.reduce(dashReducer, s);

describe('focus and zoom', () => {
  it('Tab and Shift-Tab move the focus around all panels', () => {
    expect(run(init(), { type: 'focus', by: 1, layout }).focus).toBe(1);
    expect(run(init(), { type: 'focus', by: -1, layout }).focus).toBe(d.panels.length - 1);
    const all = Array.from({ length: d.panels.length }, () => ({ type: 'focus', by: 1, layout }) as const);
    expect(run(init(), ...all).focus).toBe(0);
  });

  it('z zooms (the zoomed pane reads for itself) and returns (every panel catches up)', () => {
    const s = run(init(), { type: 'zoom' });
    expect(s.zoomed).toBe(true);
    expect(s.request).toBe(0);
    expect(run(s, { type: 'zoom' })).toMatchObject({ zoomed: false, request: 1 });
    expect(run(s, { type: 'unzoom' })).toMatchObject({ zoomed: false, request: 1 });
    expect(run(init(), { type: 'unzoom' }).request).toBe(0);
  });
});

describe('the shared time window', () => {
  it('+ halves it and - doubles it, each a refetch of every panel', () => {
    const s = run(init(), { type: 'zoomIn', now: NOW });
    expect(s.window.spanMs).toBe(HOUR / 2);
    expect(s.request).toBe(1);
    const back = run(s, { type: 'zoomOut', now: NOW }, { type: 'zoomOut', now: NOW });
    expect(back.window.spanMs).toBe(2 * HOUR);
    expect(windowRange(back.window, NOW)).toEqual({ startMs: NOW - 2 * HOUR, endMs: NOW });
  });

  it('← leaves live mode back in time, → returns to now', () => {
    const left = run(init(), { type: 'pan', direction: -1, now: NOW });
    expect(left.window.live).toBe(false);
    expect(windowRange(left.window, NOW).endMs).toBe(NOW - HOUR / 4);
    const right = run(left, { type: 'pan', direction: 1, now: NOW });
    expect(right.window.live).toBe(true);
  });

  it('p pauses without a fetch and resumes with one', () => {
    const paused = run(init(), { type: 'togglePause', now: NOW });
    expect(paused.window.paused).toBe(true);
    expect(paused.request).toBe(0);
    const resumed = run(paused, { type: 'togglePause', now: NOW });
    expect(resumed.window.paused).toBe(false);
    expect(resumed.request).toBe(1);
  });
});

describe('panels', () => {
  it('each keeps its own data and error', () => {
    const data = { kind: 'show', text: 'ok' } as const;
    const s = run(
      init(),
      { type: 'panelLoading', panel: 0 },
      { type: 'panelLoaded', panel: 1, data, at: NOW },
      { type: 'panelFailed', panel: 2, message: 'boom', at: NOW },
    );
    expect(s.panels[0]).toMatchObject({ loading: true, data: null, error: null });
    expect(s.panels[1]).toMatchObject({ loading: false, data, error: null });
    expect(s.panels[2]).toMatchObject({ error: 'boom', data: null });
    // A failure keeps what the panel showed.
    const kept = run(s, { type: 'panelFailed', panel: 1, message: 'later', at: NOW });
    expect(kept.panels[1]).toMatchObject({ data, error: 'later' });
    // Other panels' states are the same objects (their bodies are not laid out again).
    expect(kept.panels[0]).toBe(s.panels[0]);
  });
});

describe('the v picker', () => {
  const grp = d.variables[1]!;
  const open = (s: DashState) =>
    run(s, {
      type: 'picker',
      action: { type: 'open', varIndex: 1, variable: grp, chosen: undefined, values: null },
    });

  it('space ticks several values of a multi variable; Enter chooses them and refetches', () => {
    let s = open(init());
    expect(s.picker?.values).toBeNull();
    s = run(s, {
      type: 'picker',
      action: { type: 'values', varIndex: 1, values: ['business', 'residential'] },
    });
    s = run(
      s,
      { type: 'picker', action: { type: 'down' } },
      { type: 'picker', action: { type: 'toggle' } },
      { type: 'picker', action: { type: 'down' } },
      { type: 'picker', action: { type: 'toggle' } },
      { type: 'pickerAccept' },
    );
    expect(s.picker).toBeNull();
    expect(s.chosen['grp']).toEqual({ values: ['business', 'residential'], all: false });
    expect(s.request).toBe(1);
  });

  it('All stands for every value', () => {
    let s = open(init());
    s = run(s, { type: 'picker', action: { type: 'values', varIndex: 1, values: ['a', 'b'] } });
    s = run(s, { type: 'picker', action: { type: 'toggle' } });
    expect(pickerChoice(s.picker!)).toEqual({ values: ['a', 'b'], all: true });
  });

  it('a single-value variable takes the value under the cursor', () => {
    const host = d.variables[0]!;
    let s = run(init(), {
      type: 'picker',
      action: {
        type: 'open',
        varIndex: 0,
        variable: host,
        chosen: { values: ['b'], all: false },
        values: ['a', 'b', 'c'],
      },
    });
    expect(s.picker?.cursor).toBe(1);
    s = run(s, { type: 'picker', action: { type: 'down' } }, { type: 'pickerAccept' });
    expect(s.chosen['host']).toEqual({ values: ['c'], all: false });
  });

  it('Esc closes it and changes nothing', () => {
    const s = run(open(init()), { type: 'picker', action: { type: 'close' } });
    expect(s.picker).toBeNull();
    expect(s.request).toBe(0);
  });
});

describe('the e prompt', () => {
  it('Enter keeps the edited expression for the panel it was opened on', () => {
    const s = run(
      init(),
      { type: 'focus', by: 1, layout },
      { type: 'promptOpen', text: 'sum(rate(drops[5m]))' },
      { type: 'promptText', text: 'sum(rate(drops[1m]))' },
      { type: 'promptApply' },
    );
    expect(s.prompt).toBeNull();
    expect(s.edited).toEqual({ 1: 'sum(rate(drops[1m]))' });
    expect(s.request).toBe(1);
  });

  it('Esc or an empty line changes nothing', () => {
    const esc = run(init(), { type: 'promptOpen', text: 'x' }, { type: 'promptCancel' });
    expect(esc.edited).toEqual({});
    const empty = run(
      init(),
      { type: 'promptOpen', text: 'x' },
      { type: 'promptText', text: '  ' },
      { type: 'promptApply' },
    );
    expect(empty.edited).toEqual({});
    expect(empty.request).toBe(0);
  });
});
