// The fault harness, part one (issue 17 §6): every safe-change path driven through a fault at
// each request — 503 and a reset before the router applies it; a reset, a timeout and a garbled
// 200 after it did — through the product's own entry (execute, as main.ts runs it). After each
// fault, and again after the recovery the README names (`routersh undo --journal`), the invariant
// of invariant.ts must hold. The paths: a script of changes, `undo` and `match-list import`; a
// confirmed-change window's expiry (its guard, a real detached routersh, retrying):
// window-faults.test.ts. `match-list sync --keep` under faults: test/features/match-list/keep-faults.test.ts;
// leaving a shell with a window open (r/k/l, and a revert under 503): test/e2e/window-guard.test.ts.
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { fold } from '../../src/features/changes/journal/fold.js';
import { runCommand } from '../helpers/command-io.js';
import { FAULTS, type Fault, type Which } from './fault-router.js';
import { faultRig } from './rig.js';
import { events, expectInvariant, journalFile, LINES, slices } from './invariant.js';

const T = ['--timeout', '0.5'];
const rig = faultRig(T);
const { fresh, recover } = rig;

const cases = (n: number, which: Which, kinds: readonly Fault[]) =>
  kinds.flatMap((fault) => Array.from({ length: n }, (_, i) => ({ fault, at: i + 1, which })));

describe('a script of changes, a fault at each request', () => {
  it('the clean run sends what the matrix below covers', () => {
    // The clean run's requests before `undo 4` (the last after read may be coalesced away): 29
    // since a whole line's last word is no longer fetched ahead (lang/resolve.ts), 33 before.
    expect(rig.sent.requests).toBeGreaterThanOrEqual(28 + 7);
    expect([rig.sent.writes, rig.sent.undoWrites]).toEqual([4, 7]);
  });
  // Every request but the last (the final after read, which may be coalesced away).
  const matrix = [...cases(4, 'write', FAULTS), ...cases(28, 'any', ['503', 'reset'])];
  it.concurrent.each(matrix)('$fault at $which request $at', async ({ fault, at, which }) => {
    const { router, env, script } = await fresh();
    writeFileSync(script, `${LINES.join('\n')}\n`);
    router.arm({ at, which, fault });
    const r = await runCommand(['-f', script, ...T], env);
    const why = `${fault} at ${which} request ${at}`;
    expect(router.struck(), why).toBe(true);
    expect(r.err, why).not.toMatch(/internal error|at .*\.js:\d/);
    let file: string | undefined;
    try {
      file = journalFile(env.XDG_STATE_HOME);
    } catch {
      // A fault before the first change was recorded: nothing journaled, nothing may have changed.
    }
    expectInvariant(router, file, rig.s0, rig.s1, { why });
    if (file) await recover(router, env, why);
  });
});

describe('undo, a fault at each of its writes', () => {
  const matrix = cases(7, 'write', FAULTS);
  it.concurrent.each(matrix)('$fault at undo write $at', async ({ fault, at, which }) => {
    const { router, env, script } = await fresh();
    writeFileSync(script, `${LINES.join('\n')}\n`);
    expect((await runCommand(['-f', script, ...T], env)).code).toBe(0);
    const file = journalFile(env.XDG_STATE_HOME);
    router.arm({ at, which, fault });
    const r = await runCommand(['undo', '--journal', file, '4', '--yes', ...T], env);
    const why = `${fault} at undo write ${at}`;
    expect(router.struck(), why).toBe(true);
    expect(r.code, why).not.toBe(0);
    expect(r.err, why).not.toMatch(/internal error|at .*\.js:\d/);
    expectInvariant(router, file, rig.s0, rig.s1, { why });
    await recover(router, env, why);
  });
});

describe('match-list import, a fault at each of its writes', () => {
  const FEED = ['192.0.2.10', '192.0.2.11', '192.0.2.12', '192.0.2.13', '192.0.2.14'];
  const matrix = cases(5, 'write', FAULTS);
  it.concurrent.each(matrix)('$fault at import write $at', async ({ fault, at, which }) => {
    const { router, env } = await fresh();
    const feed = join(env.XDG_STATE_HOME, 'feed.txt');
    writeFileSync(feed, `${FEED.join('\n')}\n`);
    const before = slices(router).blacklist as string[];
    router.arm({ at, which, fault });
    const r = await runCommand(['match-list', 'import', 'blacklist', feed, ...T], env);
    const why = `${fault} at import write ${at}`;
    expect(router.struck(), why).toBe(true);
    expect(r.err, why).not.toMatch(/internal error|at .*\.js:\d/);
    const now = slices(router).blacklist as string[];
    // Each entry is in or out, nothing else touched.
    expect(
      now.filter((e) => !FEED.includes(e)),
      why,
    ).toEqual(before);
    const file = journalFile(env.XDG_STATE_HOME);
    const change = fold(events(file)).changes[0]!;
    // The journal says which: its after (read after the import, or by the next undo) is what the list shows.
    const undo = await runCommand(['undo', '--journal', file, '--yes', ...T], env);
    const settled = fold(events(file)).changes[0]!;
    const listed = (settled.after?.settings ?? []).map((s) => s.options['net']?.[0]).sort();
    expect(listed, `${why}: the journal's after`).toEqual(now.filter((e) => FEED.includes(e)));
    expect(change.requests.length, why).toBe(FEED.length);
    expect(undo.err, why).not.toMatch(/changed since|internal error/);
    expect(slices(router).blacklist, why).toEqual(before);
  });
});
