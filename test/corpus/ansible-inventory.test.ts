// Real inventories (test/corpus/ansible/, see SOURCE.md) read by routersh and by ansible-core:
// the same hosts, groups, children and merged host variables as `ansible-inventory --list`,
// and the same hosts for each pattern as `ansible PATTERN --list-hosts` and `ansible all
// --limit PATTERN --list-hosts` (in order where Ansible's order is defined: it walks groups
// below the first level in an order of its own, so nested inventories compare as sets).
// Without ansible-core the test fails, naming the package to install.
import { readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import type { Inventory } from '../../src/contract/fleet.js';
import { loadInventory, PatternIndex, selectHosts } from '../../src/features/fleet/inventory/index.js';
import { loadRegexEngine } from '../../src/lang/regex.js';
import { ansibleList, ansibleOracle, asAnsibleList } from '../helpers/ansible.js';

const DIR = fileURLToPath(new URL('./ansible/', import.meta.url));
const FILES = [
  ...readdirSync(DIR).filter((f) => f !== 'SOURCE.md' && statSync(join(DIR, f)).isFile()),
  'vars-dir/hosts',
];
const PATTERNS = [
  'all',
  '*',
  'webservers',
  'webservers:dbservers',
  'webservers,dbservers',
  'webservers:!dbservers',
  'webservers:&dbservers',
  'dbservers:webservers:&east:!two.example.com',
  '!webservers',
  '*.example.com',
  'one*.com',
  'www0?.*',
  'db-[ab]*',
  '~(web|db).*\\.example\\.com',
  '~host[12]',
  '192.168.*',
  'webservers[0]',
  'webservers[-1]',
  'webservers[0:2]',
  'webservers[1:]',
  'usa:!raleigh',
  'southeast:&raleigh',
  'atlanta,raleigh[1]',
  'host2',
  'ungrouped',
  'prod:test',
  'nomatch',
];

const json = (x: unknown) => JSON.parse(JSON.stringify(x));
/** A group below the first level has children: Ansible's order of its hosts is not defined. */
const nested = (inv: Inventory) => inv.groups.some((g) => g.name !== 'all' && g.children.length > 0);
const ours = (f: () => string[]): string[] | { error: true } => {
  try {
    return f();
  } catch {
    return { error: true };
  }
};

const oursOf = async (f: () => Promise<string[]>): Promise<string[] | { error: true }> => {
  try {
    return await f();
  } catch {
    return { error: true };
  }
};

describe('ansible-core reads the corpus as routersh does', () => {
  const answers = ansibleOracle(
    FILES.map((file) => ({ file, patterns: PATTERNS })),
    DIR,
  );

  it('the oracle (one Python process) answers as the ansible-inventory command does', () => {
    expect(answers[FILES.indexOf('guide-nested.ini')]?.list).toEqual(ansibleList('guide-nested.ini', DIR));
  });

  it.each(FILES.map((f, i) => [f, i] as const))('%s: hosts, groups and host vars', async (file, i) => {
    const theirs = answers[i];
    expect(theirs?.error).toBeUndefined();
    const inv = await loadInventory({ file: join(DIR, file), env: {}, flags: {} });
    expect(json(asAnsibleList(inv))).toEqual(json(theirs?.list));
    // PatternIndex runs `~regex` on RE2, loaded first (selectHosts loads it itself).
    await loadRegexEngine();
    const index = new PatternIndex(inv);
    const sorted = (x: string[] | { error: unknown }) => (Array.isArray(x) ? [...x].sort() : { error: true });
    const shape = nested(inv)
      ? sorted
      : (x: string[] | { error: unknown }) => (Array.isArray(x) ? x : { error: true });
    for (const p of PATTERNS) {
      const a = ours(() => index.select(p).map((h) => h.name));
      const limitTheirs = theirs?.limit[p] ?? [];
      const b = await oursOf(async () => (await selectHosts(inv, p)).map((h) => h.name));
      // `ansible --limit` matching nothing lists no host; routersh refuses the run with one line.
      const expectedLimit =
        Array.isArray(limitTheirs) && limitTheirs.length === 0 ? { error: true } : limitTheirs;
      expect({ p, hosts: shape(a) }).toEqual({ p, hosts: shape(theirs?.hosts[p] ?? []) });
      expect({ p, limit: shape(b) }).toEqual({ p, limit: shape(expectedLimit as string[]) });
    }
  });
});
