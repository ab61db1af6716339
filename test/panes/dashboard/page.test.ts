// The dashboard's page, pure: Grafana's gravity (panels fall to the first free line), each
// kind's least height, stacking on narrow screens, rows as headers that open and close (nested
// ones too), and the view over a page taller than the screen (focus, PgUp/PgDn, `rows a–b of n`).
import { describe, expect, it } from 'vitest';
import type { Panel, Row } from '../../../src/contract/dashboard.js';
import {
  clampTop,
  focusedAt,
  initView,
  moveFocus,
  scrollPage,
  stepFocus,
  toggleRow,
  type ViewState,
  whereText,
} from '../../../src/panes/dashboard/dash-view.js';
import {
  type Layout,
  layoutDashboard,
  MIN_BOX,
  overlaps,
  rectOf,
} from '../../../src/panes/dashboard/layout.js';

const chart = (x: number, y: number, w: number, h: number, title = `c${x},${y}`): Panel => ({
  kind: 'chart',
  title,
  expr: 'up',
  grid: { x, y, w, h },
});
const stat = (x: number, y: number, w: number, h: number): Panel => ({
  kind: 'stat',
  title: `s${x},${y}`,
  expr: 'up',
  grid: { x, y, w, h },
});
const panelRects = (l: Layout) => l.items.filter((it) => it.kind === 'panel');

function noOverlaps(l: Layout) {
  const items = l.items;
  for (let i = 0; i < items.length; i++)
    for (let j = i + 1; j < items.length; j++) expect(overlaps(items[i]!.rect, items[j]!.rect)).toBe(false);
}

describe('gravity and least heights', () => {
  it('a panel at y 480 falls up under the one above it (the blank screen of issue 36)', () => {
    const l = layoutDashboard({ panels: [chart(0, 0, 12, 8), chart(0, 480, 12, 8)] }, 120, 40);
    expect(rectOf(l, 0)).toEqual({ x: 0, y: 0, w: 60, h: 19 });
    // Stretched to fill the screen (38 lines): both keep the same height, the second right under.
    expect(rectOf(l, 1)).toEqual({ x: 0, y: 19, w: 60, h: 19 });
  });

  it('panels fall only as far as their own columns are free, keeping x and w', () => {
    const panels = [
      chart(0, 0, 12, 20),
      chart(12, 0, 12, 12),
      chart(12, 300, 12, 12),
      chart(0, 9000, 24, 12),
    ];
    const l = layoutDashboard({ panels }, 120, 30);
    expect(rectOf(l, 2)).toMatchObject({ x: 60, y: 12, w: 60 });
    // The full-width one waits for both columns: under the taller pile (12 + 12 > 20).
    expect(rectOf(l, 3)).toMatchObject({ x: 0, y: 24, w: 120, h: 12 });
    expect(l.height).toBe(36);
    noOverlaps(l);
  });

  it("every box is at least its kind's least height; side by side boxes of one grid height stay equal", () => {
    const panels = [chart(0, 0, 8, 2), stat(8, 0, 8, 2), stat(16, 0, 8, 1), chart(0, 2, 24, 3)];
    const l = layoutDashboard({ panels }, 120, 80);
    for (const it of panelRects(l)) expect(it.rect.h).toBeGreaterThanOrEqual(MIN_BOX[panels[it.index]!.kind]);
    expect(rectOf(l, 1)!.h).toBe(rectOf(l, 0)!.h);
    expect(rectOf(l, 3)!.y).toBe(rectOf(l, 0)!.y + rectOf(l, 0)!.h);
    noOverlaps(l);
  });

  it('a panel taller than the screen is cut to the screen', () => {
    const l = layoutDashboard({ panels: [chart(0, 0, 24, 200), chart(0, 200, 24, 10)] }, 120, 40);
    expect(rectOf(l, 0)!.h).toBe(38);
    expect(l.height).toBe(38 + 11);
  });

  it('below 100 columns panels stack full width, in the grid order, at their least height or more', () => {
    const panels = [stat(12, 0, 12, 4), chart(0, 0, 12, 8), chart(0, 8, 24, 20)];
    const l = layoutDashboard({ panels }, 80, 24);
    expect(l.stacked).toBe(true);
    expect(panelRects(l).map((it) => [it.index, it.rect])).toEqual([
      [1, { x: 0, y: 0, w: 80, h: 11 }],
      [0, { x: 0, y: 11, w: 80, h: 4 }],
      [2, { x: 0, y: 15, w: 80, h: 20 }],
    ]);
  });
});

describe('rows', () => {
  // Top panel, row A (open: 2 panels), row B (collapsed: 1 panel, then nested row C collapsed:
  // 2 panels, then nested D open: 1 panel), row E (open: 1 panel).
  const panels = [
    chart(0, 0, 24, 8),
    chart(0, 9, 12, 8),
    chart(12, 9, 12, 8),
    ...[0, 1, 2, 3, 4, 5].map((k) => chart(0, 100 * k, 24, 8)),
  ];
  const rows: Row[] = [
    { title: 'A', before: 1 },
    { title: 'B', before: 3, collapsed: true },
    { title: 'C', before: 4, collapsed: true, depth: 1 },
    { title: 'D', before: 6, depth: 1 },
    { title: 'E', before: 8 },
  ];
  const d = { panels, rows };
  const shown = (l: Layout) =>
    l.items.map((it) => (it.kind === 'row' ? it.rect.w && `[${rows[it.index]!.title}]` : it.index));

  it('are one header line each; a collapsed row hides its panels and the rows inside it', () => {
    const v = initView(rows);
    const l = layoutDashboard({ ...d, open: v.open }, 120, 40);
    expect(shown(l)).toEqual([0, '[A]', 1, 2, '[B]', '[E]', 8]);
    const b = l.items.find((it) => it.kind === 'row' && it.index === 1)!;
    expect(b).toMatchObject({ open: false, panels: 5, rect: { h: 1, w: 120 } });
    noOverlaps(l);
  });

  it('Enter on a header opens it, nested collapsed rows stay closed until opened themselves', () => {
    let v: ViewState = initView(rows);
    const lay = () => layoutDashboard({ ...d, open: v.open }, 120, 40);
    // To B's header: Tab past 0, A, 1, 2.
    for (let k = 0; k < 4; k++) v = stepFocus(v, lay(), 1);
    expect(v.focusRow).toBe(1);
    v = toggleRow(v);
    expect(shown(lay())).toEqual([0, '[A]', 1, 2, '[B]', 3, '[C]', '[D]', 6, 7, '[E]', 8]);
    v = stepFocus(stepFocus(v, lay(), 1), lay(), 1);
    expect(v.focusRow).toBe(2);
    v = toggleRow(v);
    expect(shown(lay())).toEqual([0, '[A]', 1, 2, '[B]', 3, '[C]', 4, 5, '[D]', 6, 7, '[E]', 8]);
    // Closing B closes everything inside it again; the focus stays on B's header.
    v = { ...v, focusRow: 1 };
    v = toggleRow(v);
    expect(shown(lay())).toEqual([0, '[A]', 1, 2, '[B]', '[E]', 8]);
    expect(focusedAt(v, lay())).toBe(4);
  });

  it('a page that starts with a row starts with its header focused', () => {
    expect(initView([{ before: 0 }]).focusRow).toBe(0);
    expect(initView(rows).focusRow).toBeNull();
  });
});

describe('the view over a page taller than the screen', () => {
  // Twelve charts, two a row: 6 bands of 11 lines = 66 lines; 38 on screen at 120×40.
  const panels = Array.from({ length: 12 }, (_, k) => chart((k % 2) * 12, Math.floor(k / 2) * 8, 12, 8));
  const l = layoutDashboard({ panels }, 120, 40);
  const v0: ViewState = initView([]);

  it('says where it is', () => {
    expect(l.height).toBe(66);
    expect(whereText(v0, l)).toBe('rows 1–38 of 66');
    expect(whereText({ ...v0, top: 500 }, l)).toBe('rows 29–66 of 66');
    expect(whereText(v0, layoutDashboard({ panels: panels.slice(0, 2) }, 120, 40))).toBeUndefined();
  });

  it('follows the focus down and up (Tab, ↓, ↑)', () => {
    let v = v0;
    for (let k = 0; k < 7; k++) v = stepFocus(v, l, 1);
    expect(v.focus).toBe(7);
    // Panel 7 is in the 4th band (lines 33–43): the view moved just enough to show it whole.
    expect(v.top).toBe(44 - 38);
    v = moveFocus(v, l, 1);
    expect(v.focus).toBe(9);
    expect(v.top).toBe(55 - 38);
    v = moveFocus(moveFocus(moveFocus(v, l, -1), l, -1), l, -1);
    expect(v.focus).toBe(3);
    expect(v.top).toBe(11);
    // ↓ from the last band stays.
    expect(moveFocus({ ...v0, focus: 11 }, l, 1).focus).toBe(11);
    // Shift-Tab from the first wraps to the last, and shows it.
    expect(stepFocus(v0, l, -1)).toMatchObject({ focus: 11, top: 28 });
  });

  it('PgDn and PgUp move a screen; the focus moves to the first panel shown whole', () => {
    let v = scrollPage(v0, l, 1);
    expect(v.top).toBe(28);
    expect(whereText(v, l)).toBe('rows 29–66 of 66');
    expect(v.focus).toBe(6);
    v = scrollPage(v, l, 1);
    expect(v.top).toBe(28);
    v = scrollPage(v, l, -1);
    expect(v.top).toBe(0);
    // Panel 6 (lines 33–43) is no longer whole on screen: the focus goes to the first that is.
    expect(v.focus).toBe(0);
    expect(clampTop(-5, l)).toBe(0);
  });
});
