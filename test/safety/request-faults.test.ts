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
import { adminEnv, runCommand } from '../helpers/command-io.js';
import { pairs } from '../helpers/whole.js';
import { FAULTS, type Fault, type FaultRouter, startFaultRouter, type Which } from './fault-router.js';
import { faultRig } from './rig.js';
import { events, expectInvariant, journalFile, LINES, slices, unjournaledWrites } from './invariant.js';

// --timeout 5 s, as window-faults.test.ts: a hang guard for the clean requests (at 0.5 s a clean
// request timed out on a loaded machine, the fault routers living in this worker beside the other
// cases and files), far under LATE_MS, when a `timeout-after` answers: that fault still times out.
const T = ['--timeout', '5'];
const rig = faultRig(T);
const { fresh, recover } = rig;

// Each fault kind at each request is the whole matrix (`npm run bench -- whole`); the suite
// runs a fault at every request and every fault kind, each once (test/helpers/whole.ts).
const cases = (n: number, which: Which, kinds: readonly Fault[]) =>
  pairs(kinds, positions(n), (fault, at) => ({ fault, at, which }));
const positions = (n: number) => Array.from({ length: n }, (_, i) => i + 1);

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

/**
 * A feed as users write one: every other host with its /32, which the router stores and shows
 * without (the journal must find it in that spelling: normalised-entries.test.ts).
 */
const feedText = (entries: readonly string[]) =>
  `${entries.map((e, i) => (i % 2 ? `${e}/32` : e)).join('\n')}\n`;

describe('match-list import, a fault at each of its writes', () => {
  const FEED = ['192.0.2.10', '192.0.2.11', '192.0.2.12', '192.0.2.13', '192.0.2.14'];
  const matrix = cases(5, 'write', FAULTS);
  it.concurrent.each(matrix)('$fault at import write $at', async ({ fault, at, which }) => {
    const { router, env } = await fresh();
    const feed = join(env.XDG_STATE_HOME, 'feed.txt');
    writeFileSync(feed, feedText(FEED));
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

describe('undo of a match-list import: its removals at once, a fault at each', () => {
  const FEED = Array.from({ length: 24 }, (_, i) => `198.51.100.${i + 1}`);
  /** A router with the feed imported (one journaled change of 24 entries), and the list before it. */
  const imported = async (router: FaultRouter, env: ReturnType<typeof adminEnv>) => {
    const feed = join(env.XDG_STATE_HOME, 'feed.txt');
    writeFileSync(feed, feedText(FEED));
    const before = slices(router).blacklist as string[];
    expect((await runCommand(['match-list', 'import', 'blacklist', feed, ...T], env)).code).toBe(0);
    return { before, file: journalFile(env.XDG_STATE_HOME) };
  };
  const listed = (router: FaultRouter) => slices(router).blacklist as string[];

  it('the removals go up to 16 at once; a re-created node sends its own requests one after another', async () => {
    const router = await startFaultRouter({ writeDelayMs: 40 });
    const env = adminEnv(router.url);
    const { before, file } = await imported(router, env);
    // Each removal held 400 ms: all 16 of a window reach the router while its first is held,
    // however loaded the machine (at 40 ms, a fresh clone's run saw 13).
    router.delayWrites(400);
    router.writesAtOnce(true);
    const undo = await runCommand(['undo', '--journal', file, '--yes', ...T], env);
    expect(undo.err).toBe('');
    expect(listed(router)).toEqual(before);
    expect(router.writesAtOnce(true)).toBe(16);
    router.delayWrites(40);
    // `no interface eth1` is undone by four requests: the interface first, then what was under it.
    const env2 = adminEnv(router.url);
    const script = join(env2.XDG_STATE_HOME, 'eth1.routersh');
    writeFileSync(script, 'no interface eth1\n');
    const eth1 = slices(router).eth1;
    expect((await runCommand(['-f', script, ...T], env2)).code).toBe(0);
    router.writesAtOnce(true);
    const again = await runCommand(
      ['undo', '--journal', journalFile(env2.XDG_STATE_HOME), '--yes', ...T],
      env2,
    );
    expect(again.err).toBe('');
    expect(slices(router).eth1).toBe(eth1);
    expect(router.writesAtOnce()).toBe(1);
    await router.close();
  });

  // A fault on the 1st removal, the 17th (the first after a full window of 16) and the last.
  const matrix = pairs(FAULTS, [1, 17, 24], (fault, at) => ({ fault, at }));
  it.concurrent.each(matrix)('$fault at undo write $at', async ({ fault, at }) => {
    const { router, env } = await fresh();
    const { before, file } = await imported(router, env);
    router.arm({ at, which: 'write', fault });
    const r = await runCommand(['undo', '--journal', file, '--yes', ...T], env);
    const why = `${fault} at undo write ${at}`;
    expect(router.struck(), why).toBe(true);
    expect(r.code, why).not.toBe(0);
    expect(r.err, why).toMatch(
      /^% undo of #1 match-list import blacklist .* (stopped|failed) at 'POST \/api\//,
    );
    // Each entry in or out, nothing else touched; the journal says the undo stopped part-way, and
    // accounts for every write the router received.
    const now = listed(router);
    expect(
      now.filter((e) => !FEED.includes(e)),
      why,
    ).toEqual(before);
    const undos = events(file).filter((e) => e.t === 'undone');
    expect(
      undos.map((e) => e.t === 'undone' && e.ok),
      why,
    ).toEqual([false]);
    expect(unjournaledWrites(router, file), why).toEqual([]);
    // The recovery sends only what is not yet removed, and the list is as before the import.
    const sent = router.writes().length;
    const again = await runCommand(['undo', '--journal', file, '--yes', ...T], env);
    expect(again.err, why).not.toMatch(/changed since|internal error|at .*\.js:\d/);
    expect(listed(router), why).toEqual(before);
    expect(router.writes().length - sent, why).toBe(now.filter((e) => FEED.includes(e)).length);
    expect(fold(events(file)).changes[0]!.status, why).toBe('undone');
  });
});
