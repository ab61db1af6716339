// Rows in dashboard files and in Grafana imports: `- row:` entries read back into the model's
// rows (before their first panel, collapsed, depth), their mistakes with their line, the YAML
// writer's round trip, and the import's pages (a page that starts inside a row repeats its
// header; rows with nothing imported under them are left out; old `rows[]` exports' titled rows).
import { describe, expect, it } from 'vitest';
import type { Dashboard } from '../../../src/contract/dashboard.js';
import { dashboardYaml } from '../../../src/features/dashboards/dashboard-yaml.js';
import { importGrafana } from '../../../src/features/dashboards/grafana-import.js';
import { pageRows } from '../../../src/features/dashboards/grafana-rows.js';
import { parseDashboard } from '../../../src/features/dashboards/validate.js';

const lines = (...ls: string[]) => `${ls.join('\n')}\n`;
const parse = (text: string) => parseDashboard(text, { now: 0 });

describe('row entries in a dashboard file', () => {
  it('are read as rows before their first panel; they do not count as panels', () => {
    const r = parse(
      lines(
        'title: t',
        'panels:',
        '  - stat: up',
        '  - row: CPU',
        '  - chart: a',
        '  - row: Disks',
        '    collapsed: true',
        '  - chart: b',
        '  - row: Inner',
        '    depth: 1',
        '  - chart: c',
      ),
    );
    if (!('dashboard' in r)) throw new Error(JSON.stringify(r.issues));
    expect(r.dashboard.panels).toHaveLength(4);
    expect(r.dashboard.rows).toEqual([
      { title: 'CPU', before: 1, fileLine: 4 },
      { title: 'Disks', before: 2, collapsed: true, fileLine: 6 },
      { title: 'Inner', before: 3, depth: 1, fileLine: 9 },
    ]);
  });

  it.each([
    [
      'a depth two deeper than the row before',
      ['  - row: A', '  - row: B', '    depth: 2'],
      /^5: a row's 'depth' is 2: at most 1/,
    ],
    ['a first row inside nothing', ['  - row: A', '    depth: 1'], /^4: a row's 'depth' is 1: at most 0/],
    [
      'collapsed not a boolean',
      ['  - row: A', '    collapsed: yes please'],
      /^4: a row's 'collapsed' must be true or false/,
    ],
    [
      'an unknown key',
      ['  - row: A', '    grid: {x: 0, y: 0, w: 24, h: 1}'],
      /^4: a row: unknown key 'grid'/,
    ],
  ])('%s: said with its line', (_what, rows, message) => {
    const r = parse(lines('title: t', 'panels:', ...rows, '  - chart: up'));
    expect('issues' in r && r.issues.map((i) => `${i.line}: ${i.message}`)).toEqual([
      expect.stringMatching(message),
    ]);
  });

  it('only rows: the dashboard has no panel', () => {
    const r = parse(lines('title: t', 'panels:', '  - row: A'));
    expect('issues' in r && r.issues[0]?.message).toMatch(/'panels' is empty/);
  });

  it('are written back where they were (the YAML writer)', () => {
    const d: Dashboard = {
      title: 't',
      time: { since: '1h' },
      refreshSeconds: 0,
      variables: [],
      panels: ['a', 'b', 'c'].map((expr, i) => ({
        kind: 'chart',
        title: expr,
        expr,
        grid: { x: 0, y: i * 8, w: 24, h: 8 },
      })),
      rows: [
        { title: 'A', before: 0 },
        { title: 'B', before: 2, collapsed: true },
        { title: 'C', before: 2, depth: 1, collapsed: true },
      ],
    };
    const r = parse(dashboardYaml(d));
    if (!('dashboard' in r)) throw new Error(JSON.stringify(r.issues));
    expect(r.dashboard.rows?.map(({ fileLine: _, ...row }) => row)).toEqual(d.rows);
  });
});

describe('rows in a Grafana import', () => {
  it('a page that starts inside a row repeats the rows it is inside, closed as they were', () => {
    const rows = [
      { title: 'A', before: 0 },
      { title: 'B', before: 10, collapsed: true },
      { title: 'C', before: 20, depth: 1 },
      { title: 'D', before: 70 },
    ];
    expect(pageRows(rows, 0, 64, false)).toEqual(rows.slice(0, 3));
    expect(pageRows(rows, 64, 80, true)).toEqual([
      { title: 'B', before: 0, collapsed: true },
      { title: 'C', before: 0, depth: 1 },
      { title: 'D', before: 6 },
    ]);
    // A page starting with a row of its own repeats only the rows around that one.
    expect(pageRows(rows, 20, 30, true)).toEqual([
      { title: 'B', before: 0, collapsed: true },
      { title: 'C', before: 0, depth: 1 },
    ]);
  });

  it('rows with nothing imported under them are left out; old exports keep their shown rows', () => {
    const ts = (y: number) => ({
      type: 'timeseries',
      gridPos: { x: 0, y, w: 24, h: 8 },
      targets: [{ expr: 'up' }],
    });
    const r = importGrafana(
      JSON.stringify({
        panels: [
          ts(0),
          { type: 'row', title: 'Only text', gridPos: { y: 8 } },
          { type: 'text', gridPos: { x: 0, y: 9, w: 24, h: 2 } },
          { type: 'row', title: 'Kept', collapsed: true, gridPos: { y: 11 }, panels: [ts(12)] },
        ],
      }),
      'x.json',
    );
    expect(r.dashboards[0]!.rows).toEqual([{ title: 'Kept', before: 1, collapsed: true }]);
    const old = importGrafana(
      JSON.stringify({
        rows: [
          {
            title: 'Shown',
            showTitle: true,
            panels: [{ type: 'graph', span: 12, targets: [{ expr: 'a' }] }],
          },
          {
            title: 'Folded',
            collapse: true,
            panels: [{ type: 'graph', span: 12, targets: [{ expr: 'b' }] }],
          },
          { title: 'Hidden title', panels: [{ type: 'graph', span: 12, targets: [{ expr: 'c' }] }] },
        ],
      }),
      'old.json',
    );
    expect(old.dashboards[0]!.rows).toEqual([
      { title: 'Shown', before: 0 },
      { title: 'Folded', before: 1, collapsed: true },
    ]);
  });
});
