// Many series: top N by recent value, a legend that pages, a cursor, and `t` cycling N.
import { describe, expect, it } from 'vitest';
import type { Series } from '../../../src/api/telemetry/types.js';
import { chartReducer, initChartState, seriesKey } from '../../../src/panes/chart/chart-reducer.js';
import {
  legendPageStarts,
  legendView,
  pageCursor,
  recentValue,
  shownIndexes,
} from '../../../src/panes/chart/series-view.js';

const series = (n: number, value: (i: number) => number = (i) => i): Series[] =>
  Array.from({ length: n }, (_, i) => ({
    labels: { __name__: 'pkts', customer_id: `c${i}` },
    samples: [
      { t: 0, v: 1e9, raw: '' },
      { t: 1, v: value(i), raw: '' },
      { t: 2, v: Number.NaN, raw: 'NaN' },
    ],
  }));
const keyOf = (s: Series) => seriesKey(s.labels);

describe('series view', () => {
  it('ranks by the last finite value and keeps the server order among the top N', () => {
    const s = series(200, (i) => (i * 37) % 200);
    expect(recentValue(s[5]!)).toBe(185);
    const top = shownIndexes(s, 10);
    expect(top).toHaveLength(10);
    expect(top).toEqual([...top].sort((a, b) => a - b));
    expect(top.map((i) => recentValue(s[i]!)).sort((a, b) => b - a)).toEqual([
      199, 198, 197, 196, 195, 194, 193, 192, 191, 190,
    ]);
    expect(shownIndexes(s, 0)).toHaveLength(200);
    expect(shownIndexes(series(3), 10)).toEqual([0, 1, 2]);
  });

  it('pages the legend: every item on exactly one page, none past two lines of the width', () => {
    const texts = Array.from({ length: 200 }, (_, i) => `customer_id=c${i}`);
    const starts = legendPageStarts(texts, 100);
    expect(starts[0]).toBe(0);
    expect(starts.length).toBeGreaterThan(5);
    for (let p = 1; p < starts.length; p++) expect(starts[p]!).toBeGreaterThan(starts[p - 1]!);
    expect(starts.at(-1)!).toBeLessThan(200);
  });

  it('a cursor on any page selects it, digits are per page, and paging moves the cursor', () => {
    const s = series(200);
    const state = { topN: 0, cursor: 150, hidden: new Set([keyOf(s[150]!)]) };
    const v = legendView(s, state, 100, keyOf);
    expect(v.pages).toBeGreaterThan(5);
    const selected = v.items.find((it) => it.selected)!;
    expect(selected).toMatchObject({ index: 150, hidden: true });
    expect(v.items[0]!.key).toBe(1);
    expect(v.page).toBeGreaterThan(0);
    const next = pageCursor(s, 0, 150, 100, 1);
    expect(next).toBe(v.items.at(-1)!.index + 1);
    expect(pageCursor(s, 0, 0, 100, -1)).toBe(0);
    expect(pageCursor(s, 0, 199, 100, 99)).toBe(
      legendView(s, { ...state, cursor: 199 }, 100, keyOf).items[0]!.index,
    );
  });
});

describe('chartReducer: top N and cursor', () => {
  it('t cycles 10 → 20 → 50 → all → 10 and resets the cursor; select sets it', () => {
    let s = initChartState({ sinceMs: 3_600_000 }, 0);
    expect(s.topN).toBe(10);
    s = chartReducer(s, { type: 'select', position: 7 });
    expect(s.cursor).toBe(7);
    const seen = [s.topN];
    for (let i = 0; i < 4; i++) {
      s = chartReducer(s, { type: 'cycleTopN' });
      seen.push(s.topN);
    }
    expect(seen).toEqual([10, 20, 50, 0, 10]);
    expect(s.cursor).toBe(0);
    expect(s.request).toBe(0); // no refetch: the data held has every series
  });
});
