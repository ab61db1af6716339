// Every built-in, verb and pipe has help with at least two examples: a built-in added to the
// table without an entry does not compile (BUILTIN_HELP is typed by its names), and one with
// an empty entry fails here.
import { describe, expect, it } from 'vitest';
import { BUILTIN_HELP, BUILTIN_NAMES, BUILTIN_TABLE, VERB_HELP, VERBS } from '../../src/lang/index.js';
import { PIPES } from '../../src/lang/pipes.js';
import { helpText } from '../../src/run/help.js';

describe('the help table', () => {
  it('has an entry with syntax and two examples for every built-in, verb and pipe', () => {
    expect(Object.keys(BUILTIN_HELP).sort()).toEqual([...BUILTIN_NAMES].sort());
    for (const n of BUILTIN_NAMES) {
      expect(BUILTIN_HELP[n].syntax.startsWith(n), n).toBe(true);
      expect(BUILTIN_HELP[n].examples.length, n).toBeGreaterThanOrEqual(2);
    }
    for (const v of Object.keys(VERBS)) expect(VERB_HELP[v]?.examples.length, v).toBeGreaterThanOrEqual(2);
    for (const p of PIPES) expect(p.examples.length, p.name).toBeGreaterThanOrEqual(2);
  });

  it('help on each of them has an Examples: section', () => {
    const topics = [...BUILTIN_NAMES, ...Object.keys(VERBS), 'metrics', 'logs', 'monitor', 'pipes'];
    for (const t of topics) {
      const text = helpText(t.split(' '));
      expect(text, t).toMatch(/\nExamples:\n {2}\S.*\n {2}\S/);
    }
    for (const p of PIPES)
      expect(helpText(['pipe', p.name]), p.name).toMatch(/\nExamples:\n {2}\S.*\n {2}\S/);
  });

  // Issue 38: the whole configuration's commands are described with what a Junos or VyOS user types.
  it('names the Junos or VyOS equivalent of each whole-configuration command', () => {
    for (const t of ['config', 'configure', 'commit', 'compare', 'rollback', 'discard', 'checkpoint'])
      expect(helpText([t]), t).toMatch(/Junos|VyOS/);
    expect(helpText(['config'])).toMatch(/display set[\s\S]*VyOS: show configuration commands/);
  });

  it("a group's sub-commands keep their descriptions in one column (long syntax: on the next line)", () => {
    for (const g of ['metrics', 'logs']) {
      const lines = helpText([g]).split('\n');
      const subs = BUILTIN_NAMES.filter((n) => n.startsWith(`${g} `));
      const columns = subs.map((n) => {
        const d = BUILTIN_TABLE[n].description;
        const line = lines.find((l) => l.endsWith(` ${d}`) && l.length > d.length + 40);
        expect(line, n).toBeDefined();
        return line!.length - d.length;
      });
      expect(new Set(columns).size, g).toBe(1);
    }
  });
});
