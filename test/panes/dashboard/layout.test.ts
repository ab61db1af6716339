// The dashboard screen's layout and frame, pure: Grafana's grid on 80×24, 120×40 and 200×60.
// Boxes never overlap, each gets its kind's least height, a page that fits fills the screen, the
// frame is rows − 1 lines and never wider than the terminal, and titles from the file are
// sanitized and cut to their box. (Compaction, rows and scrolling: page.test.ts.)
import { stripVTControlCharacters } from 'node:util';
import { describe, expect, it } from 'vitest';
import { dashboardFrame } from '../../../src/panes/dashboard/dashboard-frame.js';
import { initDashState } from '../../../src/panes/dashboard/dashboard-reducer.js';
import {
  gridHeight,
  type Layout,
  layoutDashboard,
  MIN_BOX,
  overlaps,
  type Rect,
} from '../../../src/panes/dashboard/layout.js';
import { displayWidth } from '../../../src/term/text-width.js';
import type { GridPos, Panel } from '../../../src/contract/dashboard.js';
import { dashboard, SIX_PANELS } from './fixtures.js';

const rectsOf = (l: Layout): Rect[] => l.items.filter((it) => it.kind === 'panel').map((it) => it.rect);
const lay = (grids: GridPos[], cols: number, rows: number) =>
  rectsOf(layoutDashboard({ panels: grids.map((grid) => ({ grid, kind: 'stat' as const })) }, cols, rows));

const SIZES: Array<[number, number]> = [
  [80, 24],
  [120, 40],
  [200, 60],
];

describe('layout', () => {
  for (const [cols, rows] of SIZES) {
    it(`${cols}×${rows}: boxes of at least their kind's height, none overlapping`, () => {
      const l = layoutDashboard(dashboard(), cols, rows);
      expect(l.items.map((it) => it.kind === 'panel' && it.index).sort()).toEqual([0, 1, 2, 3, 4, 5]);
      for (const it of l.items) {
        const r = it.rect;
        expect(r.w).toBeGreaterThan(2);
        expect(r.h).toBeGreaterThanOrEqual(MIN_BOX[SIX_PANELS[it.index]!.kind]);
        expect(r.x + r.w).toBeLessThanOrEqual(cols);
        expect(r.y + r.h).toBeLessThanOrEqual(l.height);
      }
      const rects = rectsOf(l);
      for (let i = 0; i < rects.length; i++)
        for (let j = i + 1; j < rects.length; j++) expect(overlaps(rects[i]!, rects[j]!)).toBe(false);
      // The full width is used; a page that fits fills the screen to the status line.
      expect(Math.max(...rects.map((r) => r.x + r.w))).toBe(cols);
      expect(l.height).toBeGreaterThanOrEqual(gridHeight(rows));
      if (l.height === gridHeight(rows)) expect(Math.max(...rects.map((r) => r.y + r.h))).toBe(l.height);
      // Narrow screens stack the panels full width, one under another.
      if (cols < 100) for (const r of rects) expect(r).toMatchObject({ x: 0, w: cols });
    });

    it(`${cols}×${rows}: the frame is rows − 1 lines of at most ${cols} columns`, () => {
      const d = dashboard();
      const s = initDashState(d, { sinceMs: 3_600_000 }, {}, 0);
      const lines = dashboardFrame(
        d,
        s,
        layoutDashboard(d, cols, rows),
        (_i, w, h) => Array(h).fill('x'.repeat(w + 5)),
        {
          width: cols,
          rows,
          color: true,
        },
      );
      expect(lines).toHaveLength(rows - 1);
      for (const l of lines) expect(displayWidth(stripVTControlCharacters(l))).toBeLessThanOrEqual(cols);
      // Every box's top border is on the screen, the focused (first) one drawn heavy.
      const text = lines.map((l) => stripVTControlCharacters(l)).join('\n');
      expect(text).toContain('┏━ Traffic by group');
      // At 80×24 the logs panel is further down the page (stacked): scrolled to, not squeezed.
      if (cols >= 100) expect(text).toContain('┌─ Error logs');
      else expect(text).toMatch(/Overview · rows 1–22 of \d+ · /);
    });
  }

  it('overlapping grid positions are still drawn within the screen', () => {
    for (const cols of [80, 120]) {
      const rects = lay(
        [
          { x: 20, y: 0, w: 40, h: 3 },
          { x: -5, y: -1, w: 0, h: 0 },
          { x: 0, y: 0, w: 24, h: 8 },
        ],
        cols,
        24,
      );
      for (const r of rects) {
        expect(r.x + r.w).toBeLessThanOrEqual(cols);
        expect(r.x).toBeGreaterThanOrEqual(0);
        expect(r.h).toBeGreaterThanOrEqual(MIN_BOX.stat);
      }
      for (let i = 0; i < rects.length; i++)
        for (let j = i + 1; j < rects.length; j++) expect(overlaps(rects[i]!, rects[j]!)).toBe(false);
    }
  });
});

describe('titles from the file', () => {
  it('are sanitized and cut to their box', () => {
    const evil = 'Evil\u001b]0;pwned\u0007\u001b[2J title that is much too long for a quarter of the screen';
    const panels: Panel[] = [
      { kind: 'chart', title: evil, expr: 'up', grid: { x: 0, y: 0, w: 6, h: 8 } },
      { kind: 'chart', title: 'other', expr: 'up', grid: { x: 6, y: 0, w: 18, h: 8 } },
    ];
    const d = dashboard(panels, { rows: [{ title: `Row ${evil}`, before: 0 }] });
    const s = { ...initDashState(d, { sinceMs: 3_600_000 }, {}, 0), focusRow: null };
    const lines = dashboardFrame(d, s, layoutDashboard(d, 120, 24), () => [], {
      width: 120,
      rows: 24,
      color: false,
    });
    const all = lines.join('\n');
    expect(all).not.toContain('\u001b');
    expect(all).not.toContain('\u0007');
    expect(lines[0]).toMatch(/^── ▾ Row Evil.*─$/);
    expect(displayWidth(lines[0]!)).toBe(120);
    const top = lines[1]!;
    expect(displayWidth(top)).toBe(120);
    // The first box is 30 columns: its title is cut with … and its border closes it.
    expect(top.slice(0, 30)).toMatch(/^┏━ Evil.*…\s*━*┓$/);
    expect(top.slice(30)).toMatch(/^┌─ other ─+┐$/);
  });

  it('the status line names the dashboard, the window and the chosen values', () => {
    const d = dashboard();
    const s = initDashState(d, { sinceMs: 3_600_000 }, { host: { values: ['bras-1'], all: false } }, 0);
    const last = dashboardFrame(d, s, layoutDashboard(d, 120, 40), () => [], {
      width: 120,
      rows: 40,
      color: false,
    }).at(-1)!;
    expect(last).toMatch(/^Overview · last 1h · every 10s · host=bras-1 · Tab focus/);
    expect(last).toMatch(/q back$/);
  });
});
