import { describe, expect, it } from 'vitest';
import {
  chartRange,
  chartReducer,
  initChartState,
  seriesKey,
} from '../../../src/panes/chart/chart-reducer.js';

const NOW = 1_000_000_000_000;
const H = 3_600_000;

describe('chartReducer', () => {
  it('zooms around the centre of a fixed range and keeps end = now while live', () => {
    let s = initChartState({ startMs: NOW - 10 * H, endMs: NOW - 6 * H }, NOW);
    s = chartReducer(s, { type: 'zoomIn', now: NOW });
    expect(chartRange(s, NOW)).toEqual({ startMs: NOW - 9 * H, endMs: NOW - 7 * H });
    let live = initChartState({ sinceMs: H }, NOW);
    live = chartReducer(live, { type: 'zoomOut', now: NOW });
    expect(chartRange(live, NOW + 5)).toEqual({ startMs: NOW + 5 - 2 * H, endMs: NOW + 5 });
  });

  it('pans by a quarter range, leaving live mode; panning back up to now is live again', () => {
    let s = initChartState({ sinceMs: 4 * H }, NOW);
    s = chartReducer(s, { type: 'pan', direction: -1, now: NOW });
    expect(s.live).toBe(false);
    expect(chartRange(s, NOW)).toEqual({ startMs: NOW - 5 * H, endMs: NOW - H });
    s = chartReducer(s, { type: 'pan', direction: 1, now: NOW });
    expect(s.live).toBe(true);
  });

  it('bumps request for refresh, resume and coarser; not for pause or toggles', () => {
    let s = initChartState({ sinceMs: H }, NOW);
    const r0 = s.request;
    s = chartReducer(s, { type: 'togglePause' });
    expect(s.request).toBe(r0);
    s = chartReducer(s, { type: 'togglePause' });
    expect(s.request).toBe(r0 + 1);
    s = chartReducer(s, { type: 'toggleSeries', key: seriesKey({ a: '1' }) });
    expect(s.hidden.has(seriesKey({ a: '1' }))).toBe(true);
    expect(s.request).toBe(r0 + 1);
    s = chartReducer(s, { type: 'coarser' });
    expect(s.coarse).toBe(2);
  });

  it('clamps the span between a minute and 31 days', () => {
    let s = initChartState({ sinceMs: 60_000 }, NOW);
    expect(chartReducer(s, { type: 'zoomIn', now: NOW })).toBe(s);
    s = initChartState({ sinceMs: 40 * 24 * H }, NOW);
    expect(s.spanMs).toBe(31 * 24 * H);
  });
});
