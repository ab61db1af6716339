// What a start finds, outside any window (issue 37): a transaction a killed process left half
// done — a change sent whose answer was never recorded, an undo stopped part-way. The built
// binary is SIGKILLed while the fault router holds one of its writes (before or after applying
// it); then a script start (`-c 'show …'`) says so in one line on stderr with the command that
// settles it, its exit status its own, and a terminal start (the shell, in tmux) asks and Enter
// settles it: the router ends before or after each change, and the journal says which (the
// harness invariant, settled). On old main every start was silent and the journal kept
// `unknown` (or the undo part-way) until someone ran `undo --journal` by hand.
import { readdirSync } from 'node:fs';
import { join } from 'node:path';
import { describe, it, type TestContext } from 'vitest';
import { runBin } from '../helpers/run-bin.js';
import { BIN, hasTmux, Tmux } from '../e2e/tmux.js';
import { fold } from '../../src/features/changes/journal/fold.js';
import { events, expectInvariant, journalFile, LINES } from './invariant.js';
import { killedAt } from './killed-at.js';
import { faultRig } from './rig.js';

const T = ['--timeout', '2'];
const rig = faultRig(T);
const script = LINES.flatMap((l) => ['-c', l]);

const pendingEntries = (state: string): string[] => {
  try {
    return readdirSync(join(state, 'routersh', 'windows')).filter((f) => f.startsWith('pending~'));
  } catch {
    return [];
  }
};

/** One long line, as the terminal wrapped it. */
const joined = (s: string) => s.replace(/\n/g, '');
const esc = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** A script start says it in one line, its exit status its own; then the shell in tmux asks, and Enter settles it. */
async function startFindsAndSettles(
  ctx: TestContext,
  env: Record<string, string>,
  said: RegExp,
  question: string,
): Promise<string> {
  const { expect } = ctx;
  const state = env['XDG_STATE_HOME']!;
  const file = journalFile(state);
  expect(pendingEntries(state)).toHaveLength(1);
  const show = await runBin(['-c', 'show interface eth0'], { env });
  expect(show.code, show.stderr).toBe(0);
  expect(show.stderr).toMatch(said);
  expect(show.stderr.split('\n')).toHaveLength(2);
  const t = new Tmux(220, 40);
  ctx.onTestFinished(() => t.kill());
  t.start(`node ${BIN}`, env);
  await t.waitFor((s) => joined(s).includes(`${question} [Y/n]`));
  expect(joined(t.screen())).toContain(file);
  t.keys('Enter');
  await t.waitFor(/admin@127\.0\.0\.1> ?$/m);
  // Settled: nothing left in the index, and the next start says nothing.
  expect(pendingEntries(state)).toEqual([]);
  const again = await runBin(['-c', 'show interface eth0'], { env });
  expect(again.stderr).toBe('');
  return t.screen();
}

describe.skipIf(!hasTmux())('a transaction left half done outside any window', () => {
  for (const { at, phase } of [
    { at: 2, phase: 'before' as const },
    { at: 3, phase: 'after' as const },
  ])
    it.concurrent(`a -c script SIGKILLed ${phase} the router applied write ${at}`, async (ctx) => {
      const { expect } = ctx;
      const { router, env } = await rig.fresh();
      await killedAt(router, [...script, ...T], env, at, phase);
      const file = journalFile(env.XDG_STATE_HOME);
      const c = fold(events(file)).changes.find((x) => x.seq === at)!;
      expect(c.status).toBe('unknown');
      const text = `${file}: a change to ${router.url} was left half done (#${at} ${LINES[at - 1]}: sent, its answer never recorded)`;
      const screen = await startFindsAndSettles(
        ctx,
        env,
        new RegExp(
          `^routersh: ${esc(text)}; settle it: routersh undo --journal ${esc(file)} ${esc(c.id)}\\n$`,
        ),
        `${text}: revert it now if it took?`,
      );
      const why = `killed ${phase} write ${at}, settled at the next start`;
      // The router ends before or after each change, and the journal says which.
      expectInvariant(router, file, rig.s0, rig.s1, { settled: true, why });
      const settled = fold(events(file)).changes.find((x) => x.seq === at)!;
      // Held before the router applied it: it did not take. After: it took, and was reverted.
      expect(settled.status, why).toBe(phase === 'before' ? 'failed' : 'undone');
      expect(joined(screen)).toMatch(phase === 'before' ? /did not take: nothing to undo/ : /undone #3/);
    });

  it.concurrent('an undo SIGKILLed part-way', async (ctx) => {
    const { expect } = ctx;
    const { router, env } = await rig.fresh();
    const first = await runBin([...script, ...T], { env });
    expect(first.code, first.stderr).toBe(0);
    const file = journalFile(env.XDG_STATE_HOME);
    // `no interface eth1` is undone in four requests: killed after the router applied the second.
    await killedAt(router, ['undo', '--journal', file, '4', '--yes', ...T], env, 2, 'after');
    const text = `${file}: an undo on ${router.url} was left half done (#4 ${LINES[3]}: its undo stopped part-way)`;
    const id = fold(events(file)).changes.find((x) => x.seq === 4)!.id;
    await startFindsAndSettles(
      ctx,
      env,
      new RegExp(`^routersh: ${esc(text)}; settle it: routersh undo --journal ${esc(file)} ${esc(id)}\\n$`),
      `${text}: finish its undo now?`,
    );
    const why = 'undo killed part-way, finished at the next start';
    expectInvariant(router, file, rig.s0, rig.s1, { settled: true, why });
    const { changes } = fold(events(file));
    expect(changes.map((x) => x.status)).toEqual(['done', 'done', 'done', 'undone']);
  });
});
