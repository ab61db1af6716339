// Generated inventories (INI and YAML) and patterns against ansible-core: 24 inventories of a
// fixed seed (FC_SEED replays another), all asked of Ansible in one Python process; routersh
// must give the same hosts, groups and host vars as ansible-inventory --list and the same hosts
// for each pattern as ansible PATTERN --list-hosts and --limit (as sets where Ansible's order
// of nested groups is its own). A failure prints the seed, the replay command and the file.
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { loadInventory, PatternIndex, selectHosts } from '../../src/features/fleet/inventory/index.js';
import { loadRegexEngine } from '../../src/lang/regex.js';
import { replayCommand } from '../fast-check-replay.js';
import { ansibleOracle, asAnsibleList } from '../helpers/ansible.js';
import { genInventory, genPattern, toIni, toYaml } from '../helpers/inventory-gen.js';

const SEED = Number(process.env.FC_SEED || 20261204);
const RUNS = 24;

const outcome = (f: () => { name: string }[]): string[] | { error: true } => {
  try {
    return f()
      .map((h) => h.name)
      .sort();
  } catch {
    return { error: true };
  }
};
const outcomeOf = async (f: () => Promise<{ name: string }[]>): Promise<string[] | { error: true }> => {
  try {
    return (await f()).map((h) => h.name).sort();
  } catch {
    return { error: true };
  }
};
const theirsOf = (x: string[] | { error: string } | undefined, emptyIsError: boolean) =>
  !x || !Array.isArray(x) || (emptyIsError && x.length === 0) ? { error: true } : [...x].sort();

describe('generated inventories: routersh and ansible-core agree', () => {
  it('hosts, groups, vars and patterns of 24 INI and 24 YAML inventories', async () => {
    const cases = fc.sample(
      genInventory.chain((m) =>
        fc.tuple(fc.constant(m), fc.array(genPattern(m), { minLength: 4, maxLength: 8 })),
      ),
      { seed: SEED, numRuns: RUNS },
    );
    const dir = mkdtempSync(join(tmpdir(), 'inv-gen-'));
    const files = cases.flatMap(([m, patterns], i) =>
      [
        [`g${i}.ini`, toIni(m)],
        [`g${i}.yml`, toYaml(m)],
      ].map(([name, text]) => {
        writeFileSync(join(dir, name as string), text as string);
        return { file: name as string, patterns, text: text as string };
      }),
    );
    const answers = ansibleOracle(
      files.map(({ file, patterns }) => ({ file, patterns })),
      dir,
    );
    for (const [i, { file, patterns, text }] of files.entries()) {
      const why = `seed ${SEED}, ${file} (replay: ${replayCommand(SEED)}):\n${text}`;
      const theirs = answers[i];
      expect(theirs?.error, why).toBeUndefined();
      const inv = await loadInventory({ file: join(dir, file), env: {}, flags: {} });
      expect(JSON.parse(JSON.stringify(asAnsibleList(inv))), why).toEqual(theirs?.list);
      // PatternIndex runs `~regex` on RE2, loaded first (selectHosts loads it itself).
      await loadRegexEngine();
      const index = new PatternIndex(inv);
      for (const p of patterns) {
        expect({ p, hosts: outcome(() => index.select(p)) }, why).toEqual({
          p,
          hosts: theirsOf(theirs?.hosts[p], false),
        });
        expect({ p, limit: await outcomeOf(() => selectHosts(inv, p)) }, why).toEqual({
          p,
          limit: theirsOf(theirs?.limit[p], true),
        });
      }
    }
  });
});
