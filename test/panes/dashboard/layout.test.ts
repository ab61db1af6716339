// The dashboard screen's layout and frame, pure: Grafana's grid on 80×24, 120×40 and 200×60.
// Boxes never overlap, the frame is rows − 1 lines and never wider than the terminal, and
// titles from the file are sanitized and cut to their box.
import { stripVTControlCharacters } from 'node:util';
import { describe, expect, it } from 'vitest';
import { dashboardFrame } from '../../../src/panes/dashboard/dashboard-frame.js';
import { initDashState } from '../../../src/panes/dashboard/dashboard-reducer.js';
import { gridHeight, layoutPanels, overlaps } from '../../../src/panes/dashboard/layout.js';
import { displayWidth } from '../../../src/term/text-width.js';
import { dashboard, SIX_PANELS } from './fixtures.js';

const SIZES: Array<[number, number]> = [
  [80, 24],
  [120, 40],
  [200, 60],
];

describe('layout', () => {
  for (const [cols, rows] of SIZES) {
    it(`${cols}×${rows}: boxes inside the screen above the status line, none overlapping`, () => {
      const rects = layoutPanels(
        SIX_PANELS.map((p) => p.grid),
        cols,
        rows,
      );
      for (const r of rects) {
        expect(r.w).toBeGreaterThan(2);
        expect(r.h).toBeGreaterThan(2);
        expect(r.x + r.w).toBeLessThanOrEqual(cols);
        expect(r.y + r.h).toBeLessThanOrEqual(gridHeight(rows));
        expect(r.y + r.h).toBeLessThanOrEqual(rows - 2);
      }
      for (let i = 0; i < rects.length; i++)
        for (let j = i + 1; j < rects.length; j++) expect(overlaps(rects[i]!, rects[j]!)).toBe(false);
      // The grid's full width and height are used: the boxes touch the right edge and the status line.
      expect(Math.max(...rects.map((r) => r.x + r.w))).toBe(cols);
      expect(Math.max(...rects.map((r) => r.y + r.h))).toBe(gridHeight(rows));
    });

    it(`${cols}×${rows}: the frame is rows − 1 lines of at most ${cols} columns`, () => {
      const d = dashboard();
      const rects = layoutPanels(
        d.panels.map((p) => p.grid),
        cols,
        rows,
      );
      const s = initDashState(d, { sinceMs: 3_600_000 }, {}, 0);
      const lines = dashboardFrame(d, s, rects, (_i, w, h) => Array(h).fill('x'.repeat(w + 5)), {
        width: cols,
        rows,
        color: true,
      });
      expect(lines).toHaveLength(rows - 1);
      for (const l of lines) expect(displayWidth(stripVTControlCharacters(l))).toBeLessThanOrEqual(cols);
      // Every box's top border is on the screen, the focused (first) one drawn heavy.
      const text = lines.map((l) => stripVTControlCharacters(l)).join('\n');
      expect(text).toContain('┏━ Traffic by group');
      expect(text).toContain('┌─ Error logs');
    });
  }

  it('overlapping grid positions are still drawn within the screen', () => {
    const rects = layoutPanels(
      [
        { x: 20, y: 0, w: 40, h: 3 },
        { x: -5, y: -1, w: 0, h: 0 },
      ],
      80,
      24,
    );
    for (const r of rects) {
      expect(r.x + r.w).toBeLessThanOrEqual(80);
      expect(r.y + r.h).toBeLessThanOrEqual(gridHeight(24));
      expect(r.x).toBeGreaterThanOrEqual(0);
    }
  });
});

describe('titles from the file', () => {
  it('are sanitized and cut to their box', () => {
    const evil = 'Evil\u001b]0;pwned\u0007\u001b[2J title that is much too long for a quarter of the screen';
    const d = dashboard([
      { kind: 'chart', title: evil, expr: 'up', grid: { x: 0, y: 0, w: 6, h: 8 } },
      { kind: 'chart', title: 'other', expr: 'up', grid: { x: 6, y: 0, w: 18, h: 8 } },
    ]);
    const rects = layoutPanels(
      d.panels.map((p) => p.grid),
      80,
      24,
    );
    const s = initDashState(d, { sinceMs: 3_600_000 }, {}, 0);
    const lines = dashboardFrame(d, s, rects, () => [], { width: 80, rows: 24, color: false });
    const all = lines.join('\n');
    expect(all).not.toContain('\u001b');
    expect(all).not.toContain('\u0007');
    const top = lines[0]!;
    expect(displayWidth(top)).toBe(80);
    // The first box is 20 columns: its title is cut with … and its border closes it.
    expect(top.slice(0, 20)).toMatch(/^┏━ Evil.*…\s*━*┓$/);
    expect(top.slice(20)).toMatch(/^┌─ other ─+┐$/);
  });

  it('the status line names the dashboard, the window and the chosen values', () => {
    const d = dashboard();
    const s = initDashState(d, { sinceMs: 3_600_000 }, { host: { values: ['bras-1'], all: false } }, 0);
    const rects = layoutPanels(
      d.panels.map((p) => p.grid),
      120,
      40,
    );
    const last = dashboardFrame(d, s, rects, () => [], { width: 120, rows: 40, color: false }).at(-1)!;
    expect(last).toMatch(/^Overview · last 1h · every 10s · host=bras-1 · Tab focus/);
    expect(last).toMatch(/q back$/);
  });
});
