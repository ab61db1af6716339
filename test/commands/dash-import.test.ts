// biome-ignore-all lint/suspicious/noTemplateCurlyInString: Grafana's ${name} syntax is what these strings hold.
// `routersh dash import`, run through the product's entry (runCommand → execute) on small hand-written
// exports: the mapping of each panel kind, rows (collapsed too), data source references,
// templating, the list of what was skipped and why, pages past 64 panels, and bad input (one
// line, exit 2, nothing written).
import { existsSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import { runCommand } from '../helpers/command-io.js';

const dir = mkdtempSync(join(tmpdir(), 'dash-import-'));
let n = 0;

async function run(json: unknown, extra: string[] = []) {
  const file = join(dir, `in-${++n}.json`);
  writeFileSync(file, typeof json === 'string' ? json : JSON.stringify(json));
  const r = await runCommand(['dash', 'import', file, ...extra]);
  return { status: r.code, out: r.out, err: r.err, file };
}

const prom = { type: 'prometheus', uid: '${datasource}' };
const ts = (title: string, exprs: string[], more: object = {}) => ({
  type: 'timeseries',
  title,
  datasource: prom,
  gridPos: { x: 0, y: 0, w: 12, h: 8 },
  targets: exprs.map((expr, i) => ({ expr, refId: String.fromCharCode(65 + i) })),
  ...more,
});

describe('routersh dash import', () => {
  it('maps panels, keeps expressions byte for byte, lists what it skipped', async () => {
    const r = await run({
      title: 'T',
      time: { from: 'now-1h', to: 'now' },
      refresh: '30s',
      __inputs: [{ name: 'DS_LOKI', pluginId: 'loki' }],
      templating: {
        list: [
          { type: 'datasource', name: 'datasource', query: 'prometheus' },
          {
            type: 'query',
            name: 'job',
            query: 'label_values(up, job)',
            multi: true,
            includeAll: true,
            current: { value: ['$__all'] },
          },
          {
            type: 'query',
            name: 'inst',
            query: { query: 'label_values(up{job=~"$job"}, instance)' },
            current: { value: 'a' },
          },
          { type: 'query', name: 'top', query: 'query_result(topk(5, up))', regex: '/instance="([^"]+)"/' },
          { type: 'query', name: 'names', query: 'label_names()' },
          { type: 'custom', name: 'c', query: 'a, b\\,c, k : v' },
          { type: 'interval', name: 'w', query: '1m,5m', current: { value: '5m' } },
          { type: 'constant', name: 'k', query: 'const' },
          { type: 'textbox', name: 'tb', query: 'x', current: { value: 'y' } },
        ],
      },
      panels: [
        ts('two', ['sum(rate(a_total{job=~"$job"}[$__rate_interval]))', 'b\n  + c  ']),
        {
          type: 'stat',
          title: 's',
          datasource: prom,
          gridPos: { x: 12, y: 0, w: 12, h: 8 },
          fieldConfig: {
            defaults: {
              unit: 'bytes',
              thresholds: {
                mode: 'absolute',
                steps: [
                  { value: null, color: 'green' },
                  { value: 80, color: '#F2495C' },
                ],
              },
            },
          },
          targets: [{ expr: 'up', refId: 'A' }],
        },
        { type: 'text', title: 'note', gridPos: { x: 0, y: 8, w: 24, h: 2 } },
        {
          type: 'timeseries',
          title: 'loki',
          datasource: '${DS_LOKI}',
          gridPos: { x: 0, y: 10, w: 24, h: 8 },
          targets: [{ expr: '{a="b"}' }],
        },
        {
          type: 'row',
          title: 'closed',
          collapsed: true,
          gridPos: { x: 0, y: 18, w: 24, h: 1 },
          panels: [ts('inner', ['inner_metric'], { gridPos: { x: 0, y: 19, w: 24, h: 8 } })],
        },
        { type: 'row', title: 'open', gridPos: { x: 0, y: 19, w: 24, h: 1 } },
        ts('after', ['after_metric'], { gridPos: { x: 0, y: 20, w: 24, h: 8 } }),
        ts('hidden', ['h1'], {
          gridPos: { x: 0, y: 28, w: 24, h: 8 },
          targets: [{ expr: 'h1', hide: true, refId: 'A' }],
        }),
        {
          type: 'logs',
          title: 'vl',
          datasource: { type: 'victoriametrics-logs-datasource' },
          gridPos: { x: 0, y: 36, w: 24, h: 8 },
          targets: [{ expr: 'error | limit 10' }],
        },
        {
          type: 'heatmap',
          title: 'hm',
          datasource: prom,
          gridPos: { x: 0, y: 44, w: 24, h: 8 },
          targets: [{ expr: 'x_bucket' }],
        },
      ],
    });
    expect(r.status).toBe(0);
    const d = parse(r.out);
    expect(d.title).toBe('T');
    expect(d.time).toBe('1h');
    expect(d.refresh).toBe('30s');
    // Rows are entries of `panels` (headers): each before its first panel, collapsed as exported.
    expect(d.panels.map((p: Record<string, unknown>) => ('row' in p ? p : '·'))).toEqual([
      '·',
      '·',
      '·',
      { row: 'closed', collapsed: true },
      '·',
      { row: 'open' },
      '·',
      '·',
    ]);
    d.panels = d.panels.filter((p: Record<string, unknown>) => !('row' in p));
    const exprs = d.panels.map((p: Record<string, string>) => p.chart ?? p.stat ?? p.logs);
    expect(exprs).toEqual([
      'sum(rate(a_total{job=~"$job"}[$__rate_interval]))',
      'b\n  + c  ',
      'up',
      'inner_metric',
      'after_metric',
      'error | limit 10',
    ]);
    // Two targets share their cell; the collapsed row's panel comes before the panels under it.
    expect(d.panels[0].grid).toEqual({ x: 0, y: 0, w: 6, h: 8 });
    expect(d.panels[1].grid).toEqual({ x: 6, y: 0, w: 6, h: 8 });
    expect(d.panels[2]).toMatchObject({
      stat: 'up',
      unit: 'bytes',
      thresholds: [
        { value: null, color: 'green' },
        { value: 80, color: 'red' },
      ],
    });
    expect(d.panels[3].grid.y).toBeLessThan(d.panels[4].grid.y);
    expect(d.panels[3].grid.y + d.panels[3].grid.h).toBeLessThanOrEqual(d.panels[4].grid.y);
    expect(d.variables).toEqual([
      { name: 'job', label: 'job', match: 'up', multi: true, includeAll: true, default: ['$__all'] },
      { name: 'inst', label: 'instance', match: 'up{job=~"$job"}', default: ['a'] },
      { name: 'top', query: 'topk(5, up)', regex: '/instance="([^"]+)"/' },
      { name: 'c', values: ['a', 'b,c', 'v'] },
      { name: 'w', interval: ['1m', '5m'], default: ['5m'] },
      { name: 'k', values: ['const'], default: ['const'] },
      { name: 'tb', values: ['y'], default: ['y'] },
    ]);
    expect(r.err).toContain('imported 6 panel(s): 5 of 7 PromQL/MetricsQL and 1 of 1 LogsQL');
    expect(r.err).toContain('skipped panel "note": a text panel: no query');
    expect(r.err).toContain('skipped panel "loki": target #1 queries a loki data source');
    expect(r.err).toContain('skipped panel "open / hidden": target A is hidden in Grafana');
    expect(r.err).toContain('skipped panel "open / hm": a heatmap');
    expect(r.err).toContain('skipped variable $names: label_names()');
  });

  it('old exports: rows[] with spans, ${DS_…} inputs, string data sources, untitled panels', async () => {
    const r = await run({
      __inputs: [{ name: 'DS_VM', pluginId: 'victoriametrics-metrics-datasource' }],
      rows: [
        {
          title: 'r1',
          height: '240px',
          panels: [
            { type: 'graph', span: 6, datasource: '${DS_VM}', targets: [{ expr: 'a', refId: 'A' }] },
            {
              type: 'singlestat',
              title: 's',
              span: 6,
              datasource: 'Prometheus',
              thresholds: '1,2',
              colors: ['green', 'orange', 'red'],
              targets: [{ expr: 'b' }],
            },
          ],
        },
        {
          title: 'r2',
          panels: [{ type: 'graph', title: 'g', span: 12, datasource: 'Elastic', targets: [{ expr: 'c' }] }],
        },
      ],
    });
    expect(r.status).toBe(0);
    const d = parse(r.out);
    expect(d.panels[0]).toEqual({ chart: 'a', grid: { x: 0, y: 0, w: 12, h: 8 } });
    expect(d.panels[1]).toMatchObject({
      stat: 'b',
      title: 's',
      grid: { x: 12, y: 0, w: 12, h: 8 },
      thresholds: [
        { value: null, color: 'green' },
        { value: 1, color: 'yellow' },
        { value: 2, color: 'red' },
      ],
    });
    expect(r.err).toContain(
      'skipped panel "r2 / g": target #1 queries data source Elastic (not known to be Prometheus)',
    );
  });

  it('past 64 panels: pages of at most 64, each its own file', async () => {
    const panels = Array.from({ length: 70 }, (_, i) =>
      ts(`p${i}`, [`m${i}`], { gridPos: { x: (i % 2) * 12, y: Math.floor(i / 2) * 8, w: 12, h: 8 } }),
    );
    const out = join(dir, 'big.yaml');
    const r = await run({ title: 'Big', panels }, ['-o', out]);
    expect(r.status).toBe(0);
    const a = parse(readFileSync(out, 'utf8'));
    const b = parse(readFileSync(join(dir, 'big-2.yaml'), 'utf8'));
    expect([a.panels.length, b.panels.length]).toEqual([64, 6]);
    expect([a.title, b.title]).toEqual(['Big (1/2)', 'Big (2/2)']);
    expect(b.panels[0].grid.y).toBe(0);
  });

  it('bad input: one line, exit 2, nothing written', async () => {
    const out = join(dir, 'never.yaml');
    for (const bad of [
      '{"panels": [',
      '[1, 2]',
      '{"title": "no panels"}',
      `${'['.repeat(100)}${']'.repeat(100)}`,
    ]) {
      const r = await run(bad, ['-o', out]);
      expect(r.status, bad.slice(0, 20)).toBe(2);
      expect(r.err.trim().split('\n')).toHaveLength(1);
      expect(r.err).toMatch(
        /^% .*in-\d+\.json(:\d+)?: (not JSON|not a Grafana dashboard|nested more than 64)/,
      );
      expect(existsSync(out)).toBe(false);
    }
    const missing = await run('{}', []);
    expect((await runCommand(['dash', 'import', join(dir, 'nope.json')])).code).toBe(2);
    expect(missing.status).toBe(2);
    expect((await run('{}', ['--bogus'])).status).toBe(2);
  });

  it('a target left out of a panel whose others were imported is said as such', async () => {
    const r = await run({
      panels: [
        ts('p', ['a', 'b'], {
          targets: [
            { expr: 'a', refId: 'A' },
            { expr: 'b', refId: 'B', hide: true },
          ],
        }),
      ],
    });
    expect(r.status).toBe(0);
    expect(parse(r.out).panels).toEqual([{ chart: 'a', title: 'p', grid: { x: 0, y: 0, w: 12, h: 8 } }]);
    expect(r.err).toContain('skipped in panel "p": target B is hidden in Grafana');
  });

  it("a repeated panel's saved copies are listed, not imported twice", async () => {
    const r = await run({
      panels: [
        ts('per host', ['up{host="$host"}'], { repeat: 'host' }),
        ts('per host', ['up{host="$host"}'], { repeatPanelId: 1, gridPos: { x: 12, y: 0, w: 12, h: 8 } }),
      ],
    });
    expect(parse(r.out).panels).toHaveLength(1);
    expect(r.err).toContain('skipped panel "per host": a copy of a repeated panel');
  });

  it('a hostile export: too many panels is refused in one line', async () => {
    const panels = Array.from({ length: 2_001 }, () => ({ type: 'text' }));
    const r = await run({ panels });
    expect(r.status).toBe(2);
    expect(r.err).toMatch(/2001 panels and 0 targets: more than the 2000 panels/);
  });

  it('nothing importable: exit 1, every panel listed', async () => {
    const r = await run({
      panels: [
        { type: 'text', title: 'a' },
        { type: 'news', title: 'b' },
      ],
    });
    expect(r.status).toBe(1);
    expect(r.out).toBe('');
    expect(r.err).toContain('skipped panel "a": a text panel');
    expect(r.err).toContain('skipped panel "b": a news panel');
    expect(r.err).toContain('% nothing in');
  });

  it('a title with terminal escapes reaches stderr sanitized', async () => {
    const r = await run({ panels: [{ type: 'text', title: 'x\u001b]0;pwned\u0007' }] });
    expect(r.err).not.toContain('\u001b');
  });
});
