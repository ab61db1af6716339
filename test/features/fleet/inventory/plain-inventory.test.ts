// The plain YAML inventory reader (plain-inventory.ts) against the reader of the `yaml` package's
// nodes (yaml-inventory.ts readYamlNodes): for generated inventory-shaped texts (groups,
// children, hosts with ranges, vars with maps, a secret variable, `plugin`, odd names), whatever
// the plain reader takes ends as the other ends: the same groups, hosts, variables and the
// `FILE:LINE` of each, or the same error.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { InventoryBuilder } from '../../../../src/features/fleet/inventory/model.js';
import { readPlainInventory } from '../../../../src/features/fleet/inventory/plain-inventory.js';
import { readYamlNodes } from '../../../../src/features/fleet/inventory/yaml-inventory.js';

const keys = fc.constantFrom(
  'all',
  'edge',
  'core',
  'children',
  'children',
  'hosts',
  'hosts',
  'vars',
  'edge-01',
  'web[1:3]',
  'db-[a:c]',
  'h:22',
  'ansible_host',
  'ansible_port',
  'routersh_router',
  'ansible_password',
  'ansible_group_priority',
  'plugin',
  '__proto__',
  'x',
);
const values = fc.constantFrom(
  '"http://10.0.0.1:8080"',
  'admin',
  '"x y"',
  "'q'",
  'a::b',
  'edge-02',
  '"3"',
  '""',
  '/etc/pw',
);

/** Nested maps, each line a key and a value or nothing (then deeper or null), as a writer makes them. */
const texts = fc
  .array(
    fc.record({
      depth: fc.nat({ max: 5 }),
      key: keys,
      value: fc.option(values, { nil: undefined, freq: 3 }),
      comment: fc.constantFrom('', '', ' # c'),
    }),
    { minLength: 1, maxLength: 25 },
  )
  .map((ls) => {
    let depth = 0;
    let out = '# an inventory\n';
    for (const l of ls) {
      depth = Math.min(l.depth, depth);
      out += `${'  '.repeat(depth)}${l.key}:${l.value !== undefined ? ` ${l.value}` : l.comment}\n`;
      depth = l.value === undefined ? depth + 1 : depth;
    }
    return out;
  });

/** Inventories as they are written: groups with hosts and their vars, children, group vars. */
const names = fc.constantFrom('edge', 'core', 'dc1', 'all', 'ungrouped', 'x');
const hostNames = fc.constantFrom('edge-01', 'edge-02', 'r1', 'db-01', 'x');
const varKeys = fc.oneof(
  {
    weight: 12,
    arbitrary: fc.constantFrom(
      'ansible_host',
      'ansible_port',
      'routersh_router',
      'routersh_user',
      'x',
      'hosts',
    ),
  },
  { weight: 1, arbitrary: fc.constantFrom('ansible_password', 'ansible_group_priority', '__proto__') },
);
// A value, nothing (null), or a map of two (`{map}`: `x` twice, `__proto__`, `z`).
const varPair = fc.tuple(
  varKeys,
  fc.option(fc.oneof({ weight: 6, arbitrary: values }, { weight: 1, arbitrary: fc.constant('{map}') }), {
    nil: undefined,
    freq: 4,
  }),
);
const vars = (indent: string, vs: [string, string | undefined][]) =>
  vs
    .map(([k, v]) =>
      v === '{map}'
        ? `${indent}${k}:\n${indent}  x: "1"\n${indent}  __proto__: a\n${indent}  x:\n${indent}  z: b\n`
        : `${indent}${k}:${v === undefined ? '' : ` ${v}`}\n`,
    )
    .join('');
const inventories = fc
  .array(
    fc.record({
      group: names,
      hosts: fc.array(fc.tuple(hostNames, fc.array(varPair, { maxLength: 4 })), { maxLength: 4 }),
      children: fc.array(names, { maxLength: 2 }),
      vars: fc.array(varPair, { maxLength: 3 }),
      // `vars: NAME` (a scalar where a map belongs): one variable NAME, null.
      varsWord: fc.option(varKeys, { nil: undefined, freq: 4 }),
    }),
    { minLength: 1, maxLength: 4 },
  )
  .map((groups) => {
    let out = 'all:\n  children:\n';
    for (const g of groups) {
      out += `    ${g.group}:\n`;
      if (g.hosts.length) out += '      hosts:\n';
      for (const [h, vs] of g.hosts) out += `        ${h}:\n${vars('          ', vs)}`;
      if (g.children.length) out += `      children:\n${g.children.map((c) => `        ${c}:\n`).join('')}`;
      if (g.varsWord !== undefined) out += `      vars: ${g.varsWord}\n`;
      else if (g.vars.length) out += `      vars:\n${vars('        ', g.vars)}`;
    }
    return out;
  });

/** The builder's state as plain data (every value with its origin), or the error's message. */
function read(reader: (t: string, f: string, b: InventoryBuilder) => unknown, text: string): unknown {
  const b = new InventoryBuilder();
  try {
    reader(text, 'inv.yml', b);
  } catch (e) {
    return { error: (e as Error).message };
  }
  const vars = (m: Map<string, { value: unknown; at: string }>) =>
    [...m].map(([k, v]) => [k, JSON.stringify(v.value), v.at, Object.keys(Object(v.value))]);
  return {
    groups: [...b.groups.values()].map((g) => ({ ...g, vars: vars(g.vars) })),
    hosts: [...b.hosts.values()].map((h) => ({ ...h, vars: vars(h.vars) })),
  };
}

describe('plain YAML inventory reader', () => {
  it('reads whatever it takes as the reader of the yaml nodes does', () => {
    let taken = 0;
    let hosts = 0;
    fc.assert(
      fc.property(fc.oneof(texts, inventories), (text) => {
        const plain = read((t, f, b) => {
          if (!readPlainInventory(t, f, b)) throw new Error('not plain');
        }, text);
        if ((plain as { error?: string }).error === 'not plain') return;
        taken++;
        if (((plain as { hosts?: unknown[] }).hosts?.length ?? 0) > 0) hosts++;
        expect({ text, plain }).toEqual({ text, plain: read(readYamlNodes, text) });
      }),
      { numRuns: 800 },
    );
    // The generator reaches the plain reader, and inventories with hosts, often enough to mean something.
    expect(taken).toBeGreaterThan(150);
    expect(hosts).toBeGreaterThan(40);
  });

  it('leaves to the full reader what is not plain', () => {
    for (const text of ['all:\n  hosts: [a, b]\n', 'all:\n  vars:\n    x: 1\n', 'a: &x "y"\n'])
      expect(readPlainInventory(text, 'f.yml', new InventoryBuilder())).toBe(false);
  });
});
