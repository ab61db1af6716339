// The Grafana corpus (test/corpus/grafana/) on the dashboard screen, pure: each public dashboard
// imported with the product's own import, written and read back by the file validator (import ⇔
// validate), then laid out at 120×40 and 80×24 with every row opened: every panel on the page
// with at least its kind's least height, none overlapping, and each drawn whole on some screen
// by scrolling with PgDn. Before issue 36, Node Exporter Full drew a blank screen. Plus the
// synthetic one of issue 36: y gaps to 10,000, nested collapsed rows, 64 panels.
import { readdirSync, readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { dashboardYaml } from '../../../src/features/dashboards/dashboard-yaml.js';
import { importGrafana } from '../../../src/features/dashboards/grafana-import.js';
import type { Dashboard } from '../../../src/contract/dashboard.js';
import { parseDashboard } from '../../../src/features/dashboards/validate.js';
import { scrollThrough } from './scroll-through.js';

const DIR = new URL('../../corpus/grafana/', import.meta.url);
const FILES = readdirSync(DIR).filter((f) => f.endsWith('.json'));
const SIZES: Array<[number, number]> = [
  [120, 40],
  [80, 24],
];

/** The pages `dash import` writes, as `routersh dash FILE` reads them. */
function imported(json: string, name: string): Dashboard[] {
  return importGrafana(json, name).dashboards.map((d) => {
    const r = parseDashboard(dashboardYaml(d));
    if (!('dashboard' in r)) throw new Error(`${name}: ${JSON.stringify(r.issues.slice(0, 3))}`);
    return r.dashboard;
  });
}

describe('every real Grafana dashboard of the corpus, scrolled through', () => {
  for (const file of FILES)
    it(file, () => {
      const pages = imported(readFileSync(new URL(file, DIR), 'utf8'), file);
      expect(pages.length).toBeGreaterThan(0);
      for (const d of pages)
        for (const [cols, rows] of SIZES) {
          const walk = scrollThrough(d, cols, rows);
          expect([...walk.whole].sort((a, b) => a - b)).toEqual(d.panels.map((_, i) => i));
        }
    });

  it('Node Exporter Full keeps its rows: headers, collapsed as exported', () => {
    const [first] = imported(
      readFileSync(new URL('rfmoz-node-exporter-full.json', DIR), 'utf8'),
      'node-exporter-full.json',
    );
    const rows = first!.rows ?? [];
    expect(rows.slice(0, 3).map((r) => [r.title, r.collapsed === true])).toEqual([
      ['Quick CPU / Mem / Disk', false],
      ['Basic CPU / Mem / Net / Disk', false],
      ['CPU / Memory / Net / Disk', true],
    ]);
    const walk = scrollThrough(first!, 120, 40);
    expect(walk.text).toContain('▾ Quick CPU / Mem / Disk');
    expect(walk.height).toBeGreaterThan(38);
  });
});

describe('a synthetic dashboard: y gaps to 10,000, nested collapsed rows, 64 panels', () => {
  const ts = (title: string, x: number, y: number, w = 12, h = 8) => ({
    type: 'timeseries',
    title,
    gridPos: { x, y, w, h },
    targets: [{ expr: `up{p="${title}"}`, refId: 'A' }],
  });
  const stat = (title: string, x: number, y: number) => ({
    type: 'stat',
    title,
    gridPos: { x, y, w: 6, h: 3 },
    targets: [{ expr: `up{p="${title}"}`, refId: 'A' }],
  });
  let n = 0;
  const name = () => `P${++n}`;
  // 8 panels on top, spread over y up to 10,000.
  const top = [0, 1, 2, 3, 4, 5, 6, 7].map((k) =>
    k % 2 ? stat(name(), 6 * (k % 4), k * 1300) : ts(name(), 12 * (k % 2), k * 1300),
  );
  // An open row with 8, then a collapsed row holding 8, a nested collapsed row of 16 and a
  // nested open row of 8; then a collapsed row of 16 at y 9,000.
  const open = { type: 'row', title: 'Open row', gridPos: { x: 0, y: 9_800, w: 24, h: 1 }, panels: [] };
  const openPanels = Array.from({ length: 8 }, (_, k) => ts(name(), (k % 2) * 12, 9_801 + k * 8));
  const inner1 = Array.from({ length: 16 }, (_, k) => stat(name(), (k % 4) * 6, 200 + k * 500));
  const inner2 = Array.from({ length: 8 }, (_, k) => ts(name(), 0, 9_000 + k * 100, 24));
  const outer = {
    type: 'row',
    title: 'Outer',
    collapsed: true,
    gridPos: { x: 0, y: 9_900, w: 24, h: 1 },
    panels: [
      ...Array.from({ length: 8 }, (_, k) => ts(name(), (k % 2) * 12, k * 10)),
      {
        type: 'row',
        title: 'Inner collapsed',
        collapsed: true,
        gridPos: { x: 0, y: 100, w: 24, h: 1 },
        panels: inner1,
      },
      { type: 'row', title: 'Inner open', gridPos: { x: 0, y: 8_999, w: 24, h: 1 } },
      ...inner2,
    ],
  };
  const last = {
    type: 'row',
    title: 'Last',
    collapsed: true,
    gridPos: { x: 0, y: 10_000, w: 24, h: 1 },
    panels: Array.from({ length: 16 }, (_, k) => ts(name(), 0, 10_000 + k * 600, 8)),
  };
  const json = JSON.stringify({ title: 'Synthetic', panels: [...top, open, ...openPanels, outer, last] });
  // Imported once, by whichever test comes first.
  let once: Dashboard[] | undefined;
  const synthetic = () => {
    once ??= imported(json, 'synthetic.json');
    return once;
  };

  it('imports as one page of 64 panels with its rows nested as exported', () => {
    const pages = synthetic();
    expect(pages).toHaveLength(1);
    const d = pages[0]!;
    expect(d.panels).toHaveLength(64);
    expect(d.rows?.map((r) => [r.title, r.before, r.collapsed ?? false, r.depth ?? 0])).toEqual([
      ['Open row', 8, false, 0],
      ['Outer', 16, true, 0],
      ['Inner collapsed', 24, true, 1],
      ['Inner open', 40, false, 1],
      ['Last', 48, true, 0],
    ]);
    for (const p of d.panels) expect(p.grid.y).toBeLessThanOrEqual(10_000);
  });

  for (const [cols, rows] of SIZES)
    it(`${cols}×${rows}: every panel is drawn whole on some screen, scrolling through`, () => {
      const d = synthetic()[0]!;
      const walk = scrollThrough(d, cols, rows);
      expect(walk.whole.size).toBe(64);
      for (let k = 1; k <= 64; k++) expect(walk.text).toContain(`P${k} `);
      expect(walk.text).toContain('▾ Inner collapsed');
      expect(walk.screens).toBeGreaterThan(3);
    });
});
