// `routersh learn --test FILE|NAME…` through the product's entry (execute, as main.ts runs it):
// every built-in lesson's solutions pass on a fresh simulator (exit 0); a lesson whose solution
// is wrong fails with each check's verdict (exit 1); a lesson file with a mistake is its lines on
// stderr and exit 2, the good file beside it still tested; a step without a solution fails.
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, expect, it } from 'vitest';
import { BUILTIN_LESSONS } from '../../src/features/lessons/builtin.js';
import { runCommand } from '../helpers/command-io.js';

let dir: string;
let env: Record<string, string>;
beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), 'routersh-learn-test-'));
  env = { XDG_STATE_HOME: dir };
});
afterEach(() => rmSync(dir, { recursive: true, force: true }));

const file = (name: string, text: string) => {
  const path = join(dir, name);
  writeFileSync(path, text);
  return path;
};

const MTU = `---
title: MTU
---
## Create it
hint: \`interface eth1.100\`
solution: interface eth1.100
check: node interface eth1.100 present
## Jumbo frames
solution: interface eth1.100 mtu WRONG_MTU
check: value interface eth1.100 mtu = 9000
check: read "show interface eth1.100" regex 'mtu (\\d+)' = 9000 message "eth1.100 does not say mtu 9000"
check: read "show interface" json 'NodeInfo.ShowOutput[Name=eth1.100].MTU' > 9999 level warning message "not above 9999 (only a warning)"
## Look at it
solution: edit interface eth1
solution: show
check: ran ^show interface eth1$
`;

it('every built-in lesson passes with its solutions (exit 0), each check reported', async () => {
  const names = [...BUILTIN_LESSONS.keys()];
  const r = await runCommand(['learn', '--test', ...names], env);
  expect(r.stderr).toBe('');
  expect(r.code).toBe(0);
  for (const n of names) expect(r.stdout).toMatch(new RegExp(`^${n}: (\\d+)/\\1 steps pass$`, 'm'));
  expect(r.stdout).not.toMatch(/FAIL/);
  expect(r.stdout).toContain(`      ok   read "show interface eth1.100" regex 'mtu (\\d+)' = 9000`);
}, 120_000);

it('the right solution passes; a wrong one fails with the checks that do not hold (exit 1)', async () => {
  const right = await runCommand(['learn', '--test', file('mtu.md', MTU.replace('WRONG_MTU', '9000'))], env);
  expect(right.stderr).toBe('');
  expect(right.code).toBe(0);
  // The warning informs: shown, the step passes.
  expect(right.stdout).toContain(
    `      warn read "show interface" json 'NodeInfo.ShowOutput[Name=eth1.100].MTU' > 9999 level warning message "not above 9999 (only a warning)": not above 9999 (only a warning)\n`,
  );
  expect(right.stdout).toContain('  ok   3. Look at it\n');
  expect(right.stdout).toMatch(/^mtu: 3\/3 steps pass$/m);

  const wrong = await runCommand(['learn', '--test', file('mtu.md', MTU.replace('WRONG_MTU', '1400'))], env);
  expect(wrong.code).toBe(1);
  expect(wrong.stdout).toContain('  FAIL 2. Jumbo frames\n');
  expect(wrong.stdout).toContain(
    "      FAIL value interface eth1.100 mtu = 9000: '9000' is not configured there\n",
  );
  expect(wrong.stdout).toContain(': eth1.100 does not say mtu 9000\n');
  // The next step goes on from there.
  expect(wrong.stdout).toContain('  ok   3. Look at it\n');
  expect(wrong.stdout).toMatch(/^mtu: 2\/3 steps pass$/m);
}, 60_000);

it('a solution line that fails, or none, fails its step', async () => {
  const bad = MTU.replace('WRONG_MTU', 'bogus-mtu').replace('solution: show\n', '');
  const noSolution = bad.replace('solution: interface eth1.100\n', '');
  const r = await runCommand(['learn', '--test', file('mtu.md', noSolution)], env);
  expect(r.code).toBe(1);
  expect(r.stdout).toContain('  FAIL 1. Create it: no solution (add `solution:` lines)\n');
  expect(r.stdout).toMatch(
    / {2}FAIL 2\. Jumbo frames: solution line 'interface eth1\.100 mtu bogus-mtu' failed: /,
  );
}, 60_000);

it('a lesson file with a mistake: its lines on stderr, exit 2, the other lessons still tested', async () => {
  const broken = file(
    'broken.md',
    '---\ntitle: B\n---\n## S\nsolution: show interface\ncheck: read "interface eth0 mtu 1400" json x present\n',
  );
  const r = await runCommand(['learn', '--test', broken, 'ping'], env);
  expect(r.code).toBe(2);
  expect(r.stderr).toContain(
    `${broken}:6: check 'read' runs only a show or describe line, not 'interface eth0 mtu 1400'`,
  );
  expect(r.stdout).toMatch(/^ping: 5\/5 steps pass$/m);
  const v = await runCommand(['learn', '--validate', broken], env);
  expect(v.code).toBe(2);
  expect(v.stderr).toContain(`${broken}:6: check 'read' runs only a show or describe line`);
  const usage = await runCommand(['learn', '--test'], env);
  expect(usage.code).toBe(2);
  expect(usage.stderr).toContain('learn --test needs a lesson');
}, 60_000);
