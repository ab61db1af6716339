// Any valid dashboard model, written as a file (its keys, then the YAML library's stringify),
// reads back as the same model: the validator and the format the docs state agree, for every
// kind of panel and variable, and for text the YAML writer has to quote (control characters,
// `#`, `: `, numbers written as text, Unicode).
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { stringify } from 'yaml';
import { dashboardObject } from '../../../src/features/dashboards/dashboard-yaml.js';
import type { Dashboard, Panel, Variable } from '../../../src/contract/dashboard.js';
import { parseDashboard } from '../../../src/features/dashboards/validate.js';

const NOW = Date.parse('2026-11-25T12:00:00Z');
const text = fc
  .oneof(
    fc.string({ minLength: 1, maxLength: 20 }),
    fc.string({ unit: 'grapheme', minLength: 1, maxLength: 8 }),
    fc.constantFrom('123', 'true', 'null', 'a: b', '# x', "it's", '- x', '"q"'),
  )
  .filter((s) => s.trim() !== '');
const duration = fc.constantFrom('30s', '5m', '1h', '6h', '1d', '2w', '1h30m', '90s');
const grid = fc.integer({ min: 0, max: 23 }).chain((x) =>
  fc.record({
    x: fc.constant(x),
    y: fc.integer({ min: 0, max: 10_000 }),
    w: fc.integer({ min: 1, max: 24 - x }),
    h: fc.integer({ min: 1, max: 200 }),
  }),
);
const number = fc.oneof(
  fc.integer({ min: -1e6, max: 1e6 }),
  fc.double({ noNaN: true, noDefaultInfinity: true, min: -1e9, max: 1e9 }).filter((v) => !Object.is(v, -0)),
);
const threshold = fc.record({
  value: fc.oneof(fc.constant(null), number),
  color: fc.constantFrom('green', 'yellow', 'red', 'blue', 'default' as const),
});
const opt = <T>(a: fc.Arbitrary<T>) => fc.option(a, { nil: undefined });
/** Drops the keys whose value is undefined (the model has no `key: undefined`). */
const defined = <R>(o: object): R =>
  Object.fromEntries(Object.entries(o).filter(([, v]) => v !== undefined)) as R;
const panelOf = (o: object) => defined<Panel>(o);
const variableOf = (o: object) => defined<Variable>(o);

const showLine = fc
  .tuple(
    fc.constantFrom('show', 'describe'),
    fc.stringMatching(/^[a-z0-9 .]{0,20}$/),
    fc.constantFrom('', ' | match UP', ' | count', ' | last 3 | json'),
  )
  .map(([verb, rest, pipe]) => `${verb} ${rest}`.trimEnd() + pipe);

const panel: fc.Arbitrary<Panel> = fc.oneof(
  fc
    .record({
      kind: fc.constant('chart' as const),
      title: text,
      grid,
      expr: text,
      step: opt(fc.constantFrom('30s', '1m', '60', '5m')),
      interval: opt(fc.constantFrom('15s', '1m', '2m')),
      legend: opt(text),
      unit: opt(text),
    })
    .map(panelOf),
  fc
    .record({
      kind: fc.constant('stat' as const),
      title: text,
      grid,
      expr: text,
      interval: opt(fc.constantFrom('15s', '1m', '2m')),
      unit: opt(text),
      legend: opt(text),
      thresholds: opt(fc.array(threshold, { minLength: 1, maxLength: 4 })),
    })
    .map(panelOf),
  fc.record({ kind: fc.constant('logs' as const), title: text, grid, query: text }),
  fc.record({ kind: fc.constant('histogram' as const), title: text, grid, query: text }),
  fc.record({ kind: fc.constant('monitor' as const), title: text, grid, list: text }),
  fc.record({ kind: fc.constant('show' as const), title: text, grid, line: showLine }),
);

const base = {
  multi: opt(fc.boolean()),
  includeAll: opt(fc.boolean()),
  allValue: opt(fc.string({ maxLength: 10 })),
  default: opt(fc.array(text, { minLength: 1, maxLength: 3 })),
};
/** A variable's regex: it must compile (the validator checks), as Grafana writes them or bare. */
const regex = fc.constantFrom('/(.*)/', '/^node_(.*)$/i', '.*-(?:tags|heads)-(.*)', '[a-z]+', '/"([^"]+)"/');
const variable = (name: string): fc.Arbitrary<Variable> =>
  fc.oneof(
    fc
      .record({
        name: fc.constant(name),
        kind: fc.constant('label' as const),
        label: text,
        match: opt(text),
        regex: opt(regex),
        ...base,
      })
      .map(variableOf),
    fc
      .record({
        name: fc.constant(name),
        kind: fc.constant('query' as const),
        expr: text,
        regex: opt(regex),
        ...base,
      })
      .map(variableOf),
    fc
      .record({
        name: fc.constant(name),
        kind: fc.constant('metrics' as const),
        match: text,
        regex: opt(regex),
        ...base,
      })
      .map(variableOf),
    fc
      .record({
        name: fc.constant(name),
        kind: fc.constant('list' as const),
        values: fc.array(text, { minLength: 1, maxLength: 4 }),
        ...base,
      })
      .map(variableOf),
    fc
      .record({
        name: fc.constant(name),
        kind: fc.constant('interval' as const),
        values: fc.array(duration, { minLength: 1, maxLength: 4 }),
        ...base,
      })
      .map(variableOf),
  );
const names = fc.uniqueArray(fc.stringMatching(/^[A-Za-z][A-Za-z0-9_]{0,8}$/), { maxLength: 5 });

const dashboard: fc.Arbitrary<Dashboard> = fc
  .record({
    title: text,
    time: fc.oneof(
      duration.map((since) => ({ since })),
      fc.constant({ from: 'now-2h', to: 'now' }),
      fc.constant({ from: '2026-11-24T10:00:00Z', to: '2026-11-24T12:00:00Z' }),
    ),
    refreshSeconds: fc.oneof(fc.constant(0), fc.integer({ min: 1, max: 86_400 })),
    variables: names.chain(
      (ns): fc.Arbitrary<Variable[]> => (ns.length ? fc.tuple(...ns.map(variable)) : fc.constant([])),
    ),
    panels: fc.array(panel, { minLength: 1, maxLength: 8 }),
  })
  .chain((d) =>
    fc
      .option(fc.constantFrom('15s', '30s', '1m'), { nil: undefined })
      .map((scrape): Dashboard => (scrape === undefined ? d : { ...d, scrape })),
  );

/** The model without the file's line numbers. */
const withoutLines = (d: Dashboard): Dashboard => ({
  ...d,
  panels: d.panels.map(({ fileLine: _, ...p }) => p as Panel),
  variables: d.variables.map(({ line: _, ...v }) => v as Variable),
});

describe('a dashboard model → its file (YAML) → the validator', () => {
  it('gives back the same model', () => {
    fc.assert(
      fc.property(dashboard, (d) => {
        const yaml = stringify(dashboardObject(d));
        const r = parseDashboard(yaml, { now: NOW });
        if (!('dashboard' in r)) throw new Error(`${JSON.stringify(r.issues)}\n${yaml}`);
        expect(withoutLines(r.dashboard)).toEqual(d);
      }),
      { numRuns: 300 },
    );
  });

  it('as JSON too (a .json file)', () => {
    fc.assert(
      fc.property(dashboard, (d) => {
        const r = parseDashboard(JSON.stringify(dashboardObject(d), null, 2), { now: NOW, json: true });
        if (!('dashboard' in r)) throw new Error(JSON.stringify(r.issues));
        expect(withoutLines(r.dashboard)).toEqual(d);
      }),
      { numRuns: 100 },
    );
  });
});
