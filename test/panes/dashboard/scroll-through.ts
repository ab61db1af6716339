// Scrolls through a dashboard as a user would, through the reducer and the frame (pure): every
// row opened (Tab to its header, Enter), then PgDn from the top to the bottom. Says which panels
// were drawn whole on some screen, and checks each frame's size and each box's least height.
import { stripVTControlCharacters } from 'node:util';
import { expect } from 'vitest';
import type { Dashboard } from '../../../src/contract/dashboard.js';
import { clampTop } from '../../../src/panes/dashboard/dash-view.js';
import { dashboardFrame } from '../../../src/panes/dashboard/dashboard-frame.js';
import {
  type DashState,
  dashReducer,
  initDashState,
} from '../../../src/panes/dashboard/dashboard-reducer.js';
import { MIN_BOX, overlaps } from '../../../src/panes/dashboard/layout.js';
import { pageMemo } from '../../../src/panes/dashboard/page.js';
import { displayWidth } from '../../../src/term/text-width.js';

export interface Walk {
  /** Panels whose whole box was on screen at some point. */
  whole: Set<number>;
  /** Titles read on the screens, top borders and headers. */
  text: string;
  screens: number;
  height: number;
}

export function scrollThrough(d: Dashboard, columns: number, rows: number): Walk {
  const pageOf = pageMemo(d, () => ({ columns, rows }));
  let s: DashState = initDashState(d, { sinceMs: 3_600_000 }, {}, 0);
  const act = (a: Parameters<typeof dashReducer>[1]) => {
    s = dashReducer(s, a);
  };
  // Open every row: Tab around until a full turn meets no closed header.
  for (let turn = 0; turn < 100; turn++) {
    let opened = false;
    const n = pageOf(s.open).items.length;
    for (let k = 0; k < n + 1; k++) {
      act({ type: 'focus', by: 1, layout: pageOf(s.open) });
      if (s.focusRow !== null && !s.open[s.focusRow]) {
        act({ type: 'toggleRow' });
        opened = true;
      }
    }
    if (!opened) break;
  }
  expect(s.open.every(Boolean)).toBe(true);
  const layout = pageOf(s.open);
  // Every panel is on the page, none overlapping, each at least its kind's least height.
  const shown = layout.items.filter((it) => it.kind === 'panel');
  expect(shown.map((it) => it.index).sort((a, b) => a - b)).toEqual(d.panels.map((_, i) => i));
  // Checked in plain code, said at once (thousands of expect calls made this file slow).
  const bad: string[] = [];
  for (const it of shown) {
    const r = it.rect;
    if (r.h < Math.min(MIN_BOX[d.panels[it.index]!.kind], layout.view) || r.w < 2 || r.x + r.w > columns)
      bad.push(`panel ${it.index} at ${JSON.stringify(r)}`);
  }
  const items = layout.items;
  for (let i = 0; i < items.length; i++)
    for (let j = i + 1; j < items.length; j++)
      if (overlaps(items[i]!.rect, items[j]!.rect)) bad.push(`items ${i} and ${j} overlap`);
  expect(bad).toEqual([]);
  // From the top, a screen at a time.
  while (clampTop(s.top, layout) > 0) act({ type: 'page', by: -1, layout });
  const whole = new Set<number>();
  let text = '';
  let screens = 0;
  for (;;) {
    const top = clampTop(s.top, layout);
    const lines = dashboardFrame(d, s, layout, (_i, w, h) => Array(h).fill('x'.repeat(w)), {
      width: columns,
      rows,
      color: false,
    });
    if (lines.length !== rows - 1) bad.push(`a frame of ${lines.length} lines`);
    for (const l of lines)
      if (displayWidth(stripVTControlCharacters(l)) > columns) bad.push(`a line too wide: ${l}`);
    text += `${lines.join('\n')}\n`;
    screens++;
    for (const it of shown)
      if (it.rect.y >= top && it.rect.y + it.rect.h <= top + layout.view) whole.add(it.index);
    act({ type: 'page', by: 1, layout });
    if (clampTop(s.top, layout) === top) break;
  }
  expect(bad).toEqual([]);
  return { whole, text, screens, height: layout.height };
}
