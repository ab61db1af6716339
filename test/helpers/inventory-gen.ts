// Generated inventories for property tests: a model (groups, their hosts, children without a
// cycle, vars) written as INI and as YAML, and Ansible patterns over its names. Values are
// those both formats read alike (whole numbers, booleans, words no YAML 1.1 resolver takes for
// something else).
import fc from 'fast-check';

export interface GenInventory {
  groups: { name: string; hosts: string[]; children: string[]; vars: [string, unknown][] }[];
  hostVars: Record<string, [string, unknown][]>;
  allVars: [string, unknown][];
}

const RESERVED = /^(y|n|yes|no|on|off|true|false|null|nan|inf|none|all|ungrouped|vars|hosts|children)$/i;
const word = fc.stringMatching(/^[a-z][a-z0-9]{0,5}$/).filter((w) => !RESERVED.test(w));
const value = fc.oneof(fc.integer({ min: -999, max: 99999 }), fc.boolean(), word);
const vars = fc.uniqueArray(fc.tuple(fc.constantFrom('a', 'b', 'c', 'port', 'site'), value), {
  selector: ([k]) => k,
  maxLength: 3,
});

export const genInventory: fc.Arbitrary<GenInventory> = fc
  .record({
    groupNames: fc.uniqueArray(fc.constantFrom('edge', 'core', 'dc1', 'dc2', 'lab', 'web', 'db'), {
      minLength: 1,
      maxLength: 5,
    }),
    hostNames: fc.uniqueArray(
      fc.oneof(
        fc.integer({ min: 1, max: 30 }).map((n) => `edge-${String(n).padStart(2, '0')}`),
        fc.integer({ min: 1, max: 9 }).map((n) => `core-${n}`),
        fc.integer({ min: 1, max: 9 }).map((n) => `r${n}.lab`),
      ),
      { minLength: 1, maxLength: 12 },
    ),
    seed: fc.array(fc.nat(), { minLength: 64, maxLength: 64 }),
    varsOf: fc.array(vars, { minLength: 24, maxLength: 24 }),
  })
  .map(({ groupNames, hostNames, seed, varsOf }) => {
    let s = 0;
    const next = () => seed[s++ % seed.length] as number;
    const groups = groupNames.map((name, i) => ({
      name,
      hosts: hostNames.filter(() => next() % 3 === 0),
      // Children only among later groups: no cycle.
      children: groupNames.slice(i + 1).filter(() => next() % 4 === 0),
      vars: varsOf[i] ?? [],
    }));
    const hostVars: Record<string, [string, unknown][]> = {};
    hostNames.forEach((h, i) => {
      hostVars[h] = varsOf[8 + (i % 12)] ?? [];
    });
    return { groups, hostVars, allVars: varsOf[23] ?? [] };
  });

const iniValue = (v: unknown) => (v === true ? 'True' : v === false ? 'False' : String(v));
const yamlValue = (v: unknown) => String(v);

/** Every host appears at least once: a host in no group is written before any section. */
export function toIni(m: GenInventory): string {
  const grouped = new Set(m.groups.flatMap((g) => g.hosts));
  const hostLine = (h: string, first: Set<string>) => {
    const vs = first.has(h) ? [] : (m.hostVars[h] ?? []);
    first.add(h);
    return [h, ...vs.map(([k, v]) => `${k}=${iniValue(v)}`)].join(' ');
  };
  const done = new Set<string>();
  const out: string[] = Object.keys(m.hostVars)
    .filter((h) => !grouped.has(h))
    .map((h) => hostLine(h, done));
  for (const g of m.groups) {
    out.push(`[${g.name}]`, ...g.hosts.map((h) => hostLine(h, done)));
    if (g.vars.length) out.push(`[${g.name}:vars]`, ...g.vars.map(([k, v]) => `${k}=${iniValue(v)}`));
  }
  for (const g of m.groups) if (g.children.length) out.push(`[${g.name}:children]`, ...g.children);
  if (m.allVars.length) out.push('[all:vars]', ...m.allVars.map(([k, v]) => `${k}=${iniValue(v)}`));
  return `${out.join('\n')}\n`;
}

export function toYaml(m: GenInventory): string {
  const grouped = new Set(m.groups.flatMap((g) => g.hosts));
  const done = new Set<string>();
  const host = (h: string, indent: string) => {
    const vs = done.has(h) ? [] : (m.hostVars[h] ?? []);
    done.add(h);
    return vs.length
      ? [`${indent}${h}:`, ...vs.map(([k, v]) => `${indent}  ${k}: ${yamlValue(v)}`)]
      : [`${indent}${h}:`];
  };
  const out: string[] = ['all:'];
  if (m.allVars.length) out.push('  vars:', ...m.allVars.map(([k, v]) => `    ${k}: ${yamlValue(v)}`));
  const ungrouped = Object.keys(m.hostVars).filter((h) => !grouped.has(h));
  if (ungrouped.length) out.push('  hosts:', ...ungrouped.flatMap((h) => host(h, '    ')));
  out.push('  children:');
  for (const g of m.groups) {
    out.push(`    ${g.name}:`);
    if (g.hosts.length) out.push('      hosts:', ...g.hosts.flatMap((h) => host(h, '        ')));
    if (g.vars.length) out.push('      vars:', ...g.vars.map(([k, v]) => `        ${k}: ${yamlValue(v)}`));
    if (g.children.length) out.push('      children:', ...g.children.map((c) => `        ${c}:`));
  }
  return `${out.join('\n')}\n`;
}

/** Patterns over the model's names: names, globs, regexes, unions, `&`, `!`, subscripts. */
export function genPattern(m: GenInventory): fc.Arbitrary<string> {
  const names = [...m.groups.map((g) => g.name), ...Object.keys(m.hostVars), 'all'];
  const atom = fc.oneof(
    fc.constantFrom(...names),
    fc.constantFrom('edge*', '*-0?', 'core-*', '*.lab', 'd*', '*', 'r[1-4]*'),
    fc.constantFrom('~edge-0[1-5]', '~(core|r)', '~d.*', '~.*-1'),
    fc
      .tuple(fc.constantFrom(...m.groups.map((g) => g.name)), fc.constantFrom('[0]', '[-1]', '[1:2]', '[1:]'))
      .map(([g, s]) => g + s),
  );
  return fc
    .array(fc.tuple(fc.constantFrom('', '', '&', '!'), atom), { minLength: 1, maxLength: 4 })
    .chain((parts) =>
      fc
        .constantFrom(':', ',')
        .map((sep) => parts.map(([op, a]) => (a.startsWith('~') && op ? a : op + a)).join(sep)),
    );
}
