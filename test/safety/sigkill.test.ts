// The fault harness, part two (issue 17 §6): routersh — the built binary — SIGKILLed at each
// step of each safe-change path: while each of its writes is on its way (the router has not
// applied it) and right after the router applied it (its answer never read). Then the invariant
// of invariant.ts holds (a change in flight may be unknown to the journal), and the recovery the
// README names brings the router back: `routersh undo --journal FILE`. A shell SIGKILLed inside a
// confirmed-change window, whose guard reverts at the window's end: window-faults.test.ts.
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { fold } from '../../src/features/changes/journal/fold.js';
import { runCommand } from '../helpers/command-io.js';
import { faultRig } from './rig.js';
import { events, expectInvariant, journalFile, LINES, slices } from './invariant.js';
import { isWrite } from './fault-router.js';
import { killedAt, PHASES } from './killed-at.js';

// A hang guard only (no answer here comes late on purpose; a held write is never answered).
const T = ['--timeout', '5'];
const rig = faultRig(T);
const { fresh, recover } = rig;

const steps = (n: number) =>
  PHASES.flatMap((phase) => Array.from({ length: n }, (_, i) => ({ at: i + 1, phase })));

describe('SIGKILL of a script at each of its writes', () => {
  it.concurrent.each(steps(4))('killed $phase the router applied write $at', async ({ at, phase }) => {
    const { router, env, script } = await fresh();
    writeFileSync(script, `${LINES.join('\n')}\n`);
    await killedAt(router, ['-f', script, ...T], env, at, phase);
    const why = `killed ${phase} write ${at}`;
    const file = journalFile(env.XDG_STATE_HOME);
    const said = expectInvariant(router, file, rig.s0, rig.s1, { why });
    // The change in flight is the only one the journal cannot know.
    expect(said.filter((c) => c === 'unknown').length, why).toBeLessThanOrEqual(1);
    await recover(router, env, why);
  });
});

describe('SIGTERM of a script at each of its writes, the write held unanswered', () => {
  // A --timeout far past the test's 15 s: the script must end on the signal, not on a deadline.
  it.concurrent.each(steps(2))('terminated $phase the router applied write $at', async ({ at, phase }) => {
    const { router, env, script } = await fresh();
    writeFileSync(script, `${LINES.join('\n')}\n`);
    await killedAt(router, ['-f', script, '--timeout', '60'], env, at, phase, 'SIGTERM');
    const why = `terminated ${phase} write ${at}`;
    const said = expectInvariant(router, journalFile(env.XDG_STATE_HOME), rig.s0, rig.s1, { why });
    expect(said.filter((c) => c === 'unknown').length, why).toBeLessThanOrEqual(1);
    await recover(router, env, why);
  });
});

describe('SIGKILL of undo at each of its writes', () => {
  it.concurrent.each(steps(7))('killed $phase the router applied undo write $at', async ({ at, phase }) => {
    const { router, env, script } = await fresh();
    writeFileSync(script, `${LINES.join('\n')}\n`);
    expect((await runCommand(['-f', script, ...T], env)).code).toBe(0);
    const file = journalFile(env.XDG_STATE_HOME);
    await killedAt(router, ['undo', '--journal', file, '4', '--yes', ...T], env, at, phase);
    const why = `undo killed ${phase} write ${at}`;
    expectInvariant(router, file, rig.s0, rig.s1, { why });
    await recover(router, env, why);
  });
});

describe('SIGKILL of match-list import at its writes', () => {
  const FEED = ['192.0.2.10', '192.0.2.11', '192.0.2.12', '192.0.2.13', '192.0.2.14'];
  const cases = PHASES.flatMap((phase) => [1, 3, 5].map((at) => ({ at, phase })));
  it.concurrent.each(cases)('killed $phase the router applied import write $at', async ({ at, phase }) => {
    const { router, env } = await fresh();
    const feed = join(env.XDG_STATE_HOME, 'feed.txt');
    writeFileSync(feed, `${FEED.join('\n')}\n`);
    const before = slices(router).blacklist as string[];
    await killedAt(router, ['match-list', 'import', 'blacklist', feed, ...T], env, at, phase);
    const why = `import killed ${phase} write ${at}`;
    expect(
      (slices(router).blacklist as string[]).filter((e) => !FEED.includes(e)),
      why,
    ).toEqual(before);
    const file = journalFile(env.XDG_STATE_HOME);
    const undo = await runCommand(['undo', '--journal', file, '--yes', ...T], env);
    expect(undo.err, why).not.toMatch(/changed since|internal error|at .*\.js:\d/);
    // The journal says which: the after the undo read (the import's answer was never written).
    const settled = fold(events(file)).changes[0]!;
    expect(settled.status, why).toMatch(/undone|failed/);
    expect(slices(router).blacklist, why).toEqual(before);
  });
});

describe('SIGKILL of a script of many adds to one list', () => {
  it('undo --journal resolves its unfinished changes with one read of the list, not one each', async () => {
    const { router, env, script } = await fresh();
    const N = 120;
    const nets = Array.from({ length: N }, (_, i) => `203.0.113.${i + 1}`);
    writeFileSync(
      script,
      `${nets.map((n) => `ipv4 firewall match-list blacklist action match net ${n}`).join('\n')}\n`,
    );
    const before = slices(router).blacklist as string[];
    // Killed as its last add reached the router: the afters of the changes since the journal's
    // last coalesced read were never written.
    await killedAt(router, ['-f', script, ...T], env, N, 'after');
    const file = journalFile(env.XDG_STATE_HOME);
    const unfinished = fold(events(file)).changes.filter((c) => !c.after).length;
    // How many afters are unwritten depends on the machine's pace (a loaded one coalesces
    // fewer); a few are enough for "one read, not one each" to mean something.
    expect(unfinished).toBeGreaterThan(2);
    const n = router.requests.length;
    const undo = await runCommand(['undo', '--journal', file, String(N), '--yes', ...T], env);
    expect(undo.err).toBe('');
    const sent = router.requests.slice(n);
    const firstWrite = sent.findIndex(isWrite);
    const listReads = sent
      .slice(0, firstWrite)
      .filter((r) => r.method === 'GET' && r.url.endsWith('/blacklist/action/match'));
    // One to resolve what the killed script left unfinished, one for the undo's plan.
    expect(listReads.length).toBeLessThanOrEqual(2);
    expect(slices(router).blacklist).toEqual(before);
  });
});
