// What a panel says about its series: Grafana's legendFormat (`{{collector}}` → the series' value;
// a label it lacks → the label's name, as Grafana's renderLegendFormat), and values in the
// panel's unit (a `bool` stat reads True, not `1 bool`).
import { describe, expect, it } from 'vitest';
import type { Dashboard, DashboardSources, Panel } from '../../../src/contract/dashboard.js';
import { interpolate } from '../../../src/features/dashboards/interpolate.js';
import { initDashState } from '../../../src/panes/dashboard/dashboard-reducer.js';
import { pageMemo } from '../../../src/panes/dashboard/page.js';
import { panelTexts } from '../../../src/panes/dashboard/panel-texts.js';
import { legendName, seriesNames } from '../../../src/panes/dashboard/legend-format.js';
import { panelBody } from '../../../src/panes/dashboard/panel-body.js';
import { statBody } from '../../../src/panes/dashboard/stat-body.js';

const grid = { x: 0, y: 0, w: 24, h: 8 };
const series = (labels: Record<string, string>, v: number) => ({
  labels,
  samples: [
    { t: 0, v, raw: String(v) },
    { t: 60_000, v, raw: String(v) },
  ],
});

describe('legendFormat', () => {
  it('{{label}} → the series’ value; spaces inside the braces allowed', () => {
    expect(legendName('{{collector}}', { collector: 'cpu' })).toBe('cpu');
    expect(legendName('{{ instance }} ({{job}})', { instance: 'a:9100', job: 'node' })).toBe('a:9100 (node)');
  });

  it('a label the series lacks: its name, as Grafana writes it', () => {
    expect(legendName('{{device}} read', { instance: 'x' })).toBe('device read');
  });

  it('no format, or __auto: the labels that tell the series apart', () => {
    const s = [{ labels: { a: '1', b: 'x' } }, { labels: { a: '2', b: 'x' } }];
    expect(seriesNames(s, undefined)).toEqual(['a=1', 'a=2']);
    expect(seriesNames(s, '__auto')).toEqual(['a=1', 'a=2']);
    expect(seriesNames(s, 'A{{a}}')).toEqual(['A1', 'A2']);
  });

  it('server text in a legend is sanitized', () => {
    expect(legendName('{{x}}', { x: 'a\u001b[31mb' })).not.toContain('\u001b');
  });

  it('a chart panel’s legend line uses it, with each series’ last value in the unit', () => {
    const panel: Panel = {
      kind: 'chart',
      title: 't',
      grid,
      expr: 'x',
      legend: '{{collector}}',
      unit: 'percentunit',
    };
    const chart = {
      series: [series({ collector: 'cpu' }, 0.5), series({ collector: 'disk' }, 0.25)],
      stepSeconds: 60,
      startMs: 0,
      endMs: 60_000,
    };
    const lines = panelBody(
      panel,
      { data: { kind: 'chart', chart }, error: null, loading: false, at: 0 },
      { width: 60, height: 10, color: false, now: 60_000, utc: true },
    );
    expect(lines.at(-1)).toBe('─ cpu 50%  ─ disk 25%');
  });
});

describe('stat values in their unit', () => {
  const stat = (unit: string, v: number) =>
    statBody(
      { values: [{ labels: { job: 'a' }, value: v }], spark: [] },
      { kind: 'stat', title: 't', grid, expr: 'x', unit, legend: '{{job}}' },
      { width: 30, height: 1, color: false },
    )[0];

  it('bool: True/False, not `1 bool`', () => {
    expect(stat('bool', 1)).toBe('True  a');
    expect(stat('bool', 0)).toBe('False  a');
  });

  it('bytes, percentunit, s', () => {
    expect(stat('bytes', 1536)).toBe('1.5 KiB  a');
    expect(stat('percentunit', 0.991)).toBe('99.1%  a');
    expect(stat('s', 7200)).toBe('2 hour  a');
  });
});

describe('a legendFormat naming a variable', () => {
  it('gets the chosen value, as Grafana replaces variables in it before the labels', () => {
    const d: Dashboard = {
      title: 't',
      time: { since: '1h' },
      refreshSeconds: 0,
      variables: [{ name: 'site', kind: 'list', values: ['a.b', 'c'], multi: true }],
      panels: [{ kind: 'chart', title: 't', grid, expr: 'x', legend: '$site {{job}}' }],
    };
    const state = initDashState(d, { sinceMs: 3_600_000 }, { site: { values: ['a.b'], all: false } }, 0);
    const sources = { interpolate } as unknown as DashboardSources;
    const texts = panelTexts(
      d,
      sources,
      () => state,
      pageMemo(d, () => ({ columns: 120, rows: 40 })),
    );
    const p = texts.withLegend(0);
    expect(p.kind === 'chart' ? p.legend : undefined).toBe('a.b {{job}}');
    expect(seriesNames([{ labels: { job: 'node' } }], p.kind === 'chart' ? p.legend : undefined)).toEqual([
      'a.b node',
    ]);
  });
});
