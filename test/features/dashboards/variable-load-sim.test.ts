// Variables at open, as Grafana loads them, against the telemetry simulator (no HTTP mocks):
// All sends the alternation of the values fetched (regex-escaped), chained variables are fetched
// after the ones they use with those values put in, a cycle is refused with one line, `.*` when
// the API cut the list or the alternation would pass the body limit, no values → each panel says
// so (docs/dashboards.md, "Variables").
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TelemetryClient } from '../../../src/api/telemetry/client.js';
import type { Chosen, Dashboard, Panel, Variable } from '../../../src/contract/dashboard.js';
import { importedYaml, importGrafana } from '../../../src/features/dashboards/grafana-import.js';
import { interpolate } from '../../../src/features/dashboards/interpolate.js';
import { parseDashboard } from '../../../src/features/dashboards/validate.js';
import {
  cycleText,
  type LoadPort,
  loadVariables,
  unfilled,
  variableOrder,
  variableSources,
} from '../../../src/features/dashboards/variable-load.js';
import { variableOptions } from '../../../src/features/dashboards/variable-values.js';
import { initialChoices } from '../../../src/features/dashboards/var-args.js';
import { startTelemetrySim, type TelemetrySim } from '../../../sim/telemetry/index.js';
import { pickerChoice, pickerReducer } from '../../../src/panes/dashboard/picker.js';

let sim: TelemetrySim;
let client: TelemetryClient;

beforeAll(async () => {
  sim = await startTelemetrySim({ seed: 7 });
  client = new TelemetryClient({ baseUrl: sim.url, apiKey: sim.keys.demo });
});
afterAll(async () => {
  await client.close();
  await sim.close();
});

const chart = (expr: string): Panel => ({
  kind: 'chart',
  title: '',
  grid: { x: 0, y: 0, w: 24, h: 8 },
  expr,
});
const dash = (variables: Variable[], exprs: string[]): Dashboard => ({
  title: 't',
  time: { since: '1h' },
  refreshSeconds: 0,
  variables,
  panels: exprs.map(chart),
});
const signal = () => AbortSignal.timeout(30_000);
const sent = (d: Dashboard, chosen: Record<string, Chosen>, expr: string) =>
  interpolate(expr, { variables: d.variables, chosen, rangeSeconds: 3600, stepSeconds: 60 });
const labelValues = async (label: string, match?: string) => {
  const now = Date.now();
  const r = await client.labelValues({
    label,
    start: now - 3_600_000,
    end: now,
    ...(match ? { matchers: [match] } : {}),
  });
  return r.data;
};
/** What the sim was asked for label-values, body by body, since `from`. */
const labelValueBodies = (from: number) =>
  sim.requests
    .slice(from)
    .filter((r) => r.url.endsWith('/metrics/label-values'))
    .map((r) => JSON.parse(r.body) as { label: string; matchers?: string[] });

describe('All: the alternation of the values fetched at open', () => {
  const cust: Variable = {
    name: 'cust',
    kind: 'label',
    label: 'customer_id',
    match: 'pkts_down',
    multi: true,
    includeAll: true,
    default: ['$__all'],
  };

  it('an imported All ($__all) sends (c1001|c1002|…), never ()', async () => {
    const d = dash([cust], ['sum by (customer_id) (rate(pkts_down{customer_id=~"$cust"}[5m]))']);
    const chosen = await variableSources(d, client).loadVariables(initialChoices(d), signal());
    const all = await labelValues('customer_id', 'pkts_down');
    expect(chosen.cust).toEqual({ values: all, all: true });
    const expression = sent(d, chosen, d.panels[0]!.kind === 'chart' ? d.panels[0]!.expr : '');
    expect(expression).toContain(`customer_id=~"(${all.join('|')})"`);
    // The server answers every customer: one series each.
    const res = await client.query({ expression, time: Date.now() });
    expect(res.data.series.map((s) => s.labels.customer_id).sort()).toEqual([...all].sort());
  });

  it('values are regex-escaped inside the alternation (the prefixes’ dots and slash)', async () => {
    const pfx: Variable = { name: 'pfx', kind: 'label', label: 'prefix', includeAll: true };
    const d = dash([pfx], ['sum by (prefix) (rate(pkts_down{prefix=~"$pfx"}[5m]))']);
    const chosen = await variableSources(d, client).loadVariables({}, signal());
    const expression = sent(d, chosen, (d.panels[0] as { expr: string }).expr);
    expect(expression).toContain('100\\\\.64\\\\.1\\\\.0/24');
    const res = await client.query({ expression, time: Date.now() });
    expect(res.data.series.length).toBe((await labelValues('prefix')).length);
  });

  it('allValue is sent as written instead', async () => {
    const d = dash([{ ...cust, allValue: '.+' }], ['pkts_down{customer_id=~"$cust"}']);
    const chosen = await variableSources(d, client).loadVariables(initialChoices(d), signal());
    expect(sent(d, chosen, 'x{c=~"$cust"}')).toBe('x{c=~".+"}');
  });

  it('values the API cut (meta.truncated): .* instead, with the reason for the status line', async () => {
    const d = dash([cust], ['pkts_down{customer_id=~"$cust"}']);
    const port: LoadPort = {
      options: (v, chosen, s) => variableOptions(v, client, s, { variables: d.variables, chosen, limit: 3 }),
      bodyLimit: async () => 65_536,
    };
    const chosen = await loadVariables(d, initialChoices(d), port, signal());
    expect(chosen.cust?.values).toHaveLength(3);
    expect(chosen.cust?.wildcard).toMatch(/cut/);
    expect(sent(d, chosen, 'x{c=~"$cust"}')).toBe('x{c=~".*"}');
  });

  it('an alternation past the request-body limit: .* instead, said', async () => {
    const d = dash([cust], ['pkts_down{customer_id=~"$cust"}']);
    const port: LoadPort = {
      options: (v, chosen, s) => variableOptions(v, client, s, { variables: d.variables, chosen }),
      bodyLimit: async () => 300,
    };
    const chosen = await loadVariables(d, initialChoices(d), port, signal());
    expect(chosen.cust?.wildcard).toMatch(/300-byte request limit/);
    expect(sent(d, chosen, 'x{c=~"$cust"}')).toBe('x{c=~".*"}');
  });
});

describe('chained variables: fetched after the ones they use, in dependency order', () => {
  it('instance waits for grp; its matcher carries grp’s value', async () => {
    // Written dependent-first: the order of the file is not the order of the fetch.
    const cust: Variable = {
      name: 'cust',
      kind: 'label',
      label: 'customer_id',
      match: 'pkts_down{grp="$grp"}',
    };
    const grp: Variable = { name: 'grp', kind: 'label', label: 'grp', default: ['wholesale'] };
    const d = dash([cust, grp], ['pkts_down{customer_id="$cust"}']);
    const from = sim.requests.length;
    const chosen = await variableSources(d, client).loadVariables(initialChoices(d), signal());
    const bodies = labelValueBodies(from);
    expect(bodies.map((b) => b.label)).toEqual(['grp', 'customer_id']);
    expect(bodies[1]?.matchers).toEqual(['pkts_down{grp="wholesale"}']);
    const wholesale = await labelValues('customer_id', 'pkts_down{grp="wholesale"}');
    expect(chosen.cust).toEqual({ values: [wholesale[0]], all: false });
  });

  it('a cycle is refused with one line, and each panel using it says so', async () => {
    const a: Variable = { name: 'a', kind: 'label', label: 'grp', match: 'pkts_down{customer_id="$b"}' };
    const b: Variable = { name: 'b', kind: 'label', label: 'customer_id', match: 'pkts_down{grp="$a"}' };
    expect(variableOrder([a, b])).toEqual({ cycle: ['a', 'b', 'a'] });
    const d = dash([a, b], ['pkts_down{grp="$a"}']);
    const chosen = await variableSources(d, client).loadVariables({}, signal());
    const why = unfilled('pkts_down{grp="$a"}', d.variables, chosen);
    expect(why).toBe(cycleText(['a', 'b', 'a']));
    expect(why?.split('\n')).toHaveLength(1);
  });

  it('query_result and metrics() through their regex', async () => {
    const q: Variable = {
      name: 'g',
      kind: 'query',
      expr: 'count by (grp) (pkts_down)',
      regex: '/grp="([^"]+)"/',
      includeAll: true,
    };
    const m: Variable = { name: 'm', kind: 'metrics', match: '^pkts_', includeAll: true };
    const d = dash([q, m], []);
    const chosen = await variableSources(d, client).loadVariables({}, signal());
    const now = await client.query({ expression: 'count by (grp) (pkts_down)', time: Date.now() });
    const grps = now.data.series.map((s) => s.labels.grp);
    expect(grps.length).toBeGreaterThan(1);
    expect([...(chosen.g?.values ?? [])].sort()).toEqual(grps.sort());
    expect([...(chosen.m?.values ?? [])].sort()).toEqual(['pkts_down', 'pkts_up']);
  });
});

describe('no values: each panel says so instead of asking', () => {
  it('a label no series has: the panel’s line names the variable', async () => {
    const v: Variable = { name: 'site', kind: 'label', label: 'no_such_label', includeAll: true };
    const d = dash([v], ['pkts_down{site=~"$site"}']);
    const chosen = await variableSources(d, client).loadVariables({}, signal());
    expect(unfilled('pkts_down{site=~"$site"}', d.variables, chosen)).toBe('$site has no values');
    expect(unfilled('pkts_down', d.variables, chosen)).toBeUndefined();
  });
});

describe('a cycle, in a file and in an import', () => {
  it('dash --validate: FILE:LINE, one line', () => {
    const yaml = [
      'title: t',
      'variables:',
      '  - name: a',
      '    label: grp',
      '    match: pkts_down{customer_id="$b"}',
      '  - name: b',
      '    label: customer_id',
      '    match: pkts_down{grp="$a"}',
      'panels:',
      '  - chart: pkts_down{grp="$a"}',
    ].join('\n');
    const r = parseDashboard(yaml);
    expect('issues' in r ? r.issues : []).toEqual([{ line: 3, message: cycleText(['a', 'b', 'a']) }]);
  });

  it('dash import: the variables of a cycle are refused, each named; the rest imported', () => {
    const d = {
      panels: [
        { type: 'timeseries', targets: [{ expr: 'up{a="$a"}' }], gridPos: { x: 0, y: 0, w: 12, h: 8 } },
      ],
      templating: {
        list: [
          { name: 'a', type: 'query', query: 'label_values(up{b="$b"}, a)' },
          { name: 'b', type: 'query', query: 'label_values(up{a="$a"}, b)' },
          { name: 'c', type: 'query', query: 'label_values(up, c)' },
        ],
      },
    };
    const r = importGrafana(JSON.stringify(d), 'g.json');
    expect(r.dashboards[0]?.variables.map((v) => v.name)).toEqual(['c']);
    expect(r.refused.map((x) => x.what)).toEqual(['variable $a', 'variable $b']);
    expect(importedYaml(r, 'g.json')).toHaveLength(1);
  });
});

describe('the `v` picker keeps what open found', () => {
  it('values cut by the API: All picked later is sent as .* too', async () => {
    const v: Variable = { name: 'cust', kind: 'label', label: 'customer_id', multi: true, includeAll: true };
    const d = dash([v], ['pkts_down{customer_id=~"$cust"}']);
    const port: LoadPort = {
      options: (x, chosen, s) => variableOptions(x, client, s, { variables: d.variables, chosen, limit: 3 }),
      bodyLimit: async () => 65_536,
    };
    // A value chosen at open (--var), then All in the picker.
    const opened = await loadVariables(d, { cust: { values: ['c1002'], all: false } }, port, signal());
    expect(opened.cust?.wildcard).toMatch(/cut/);
    let p = pickerReducer(null, {
      type: 'open',
      varIndex: 0,
      variable: v,
      chosen: opened.cust,
      values: null,
    });
    p = pickerReducer(p, { type: 'values', varIndex: 0, values: opened.cust?.values ?? [] });
    // The cursor to All (the first row), ticked.
    while (p && p.cursor > 0) p = pickerReducer(p, { type: 'up' });
    p = pickerReducer(p, { type: 'toggle' });
    const chosen = p ? pickerChoice(p) : undefined;
    expect(chosen?.all).toBe(true);
    expect(sent(d, { cust: chosen! }, 'x{c=~"$cust"}')).toBe('x{c=~".*"}');
  });
});

describe('a deadline at open', () => {
  it('the variables fetched by then are kept; the rest say they were not fetched', async () => {
    const grp: Variable = { name: 'grp', kind: 'label', label: 'grp', includeAll: true };
    const cust: Variable = {
      name: 'cust',
      kind: 'label',
      label: 'customer_id',
      match: 'pkts_down{grp=~"$grp"}',
      includeAll: true,
    };
    const d = dash([grp, cust], ['pkts_down{customer_id=~"$cust"}']);
    const controller = new AbortController();
    const port: LoadPort = {
      // The deadline passes while the second variable's look-up is under way.
      options: async (v, chosen, s) => {
        if (v.name === 'cust') controller.abort(new Error('deadline'));
        return variableOptions(v, client, s, { variables: d.variables, chosen });
      },
      bodyLimit: async () => 65_536,
    };
    const chosen = await loadVariables(d, {}, port, controller.signal);
    expect(chosen.grp?.values.length).toBeGreaterThan(1);
    expect(unfilled('pkts_down{customer_id=~"$cust"}', d.variables, chosen)).toBe(
      '$cust: not fetched in time',
    );
  });
});
