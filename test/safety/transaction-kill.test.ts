// A transaction's process SIGKILLed at each step (issue 38): the built binary running
// `routersh -c 'config load override FILE' --yes` (tx-load.ts: five steps), killed before and
// after the router applied each step (its own request: unrelated steps go at once). The next start finds the transaction left half done and
// says so in one line in a script, with the command that settles it; that command (`routersh
// undo --journal FILE TXID --yes`) reverts what took, and the router ends at the configuration
// before the transaction, the journal saying so.
import { beforeAll, describe, expect, it } from 'vitest';
import { fold } from '../../src/features/changes/journal/fold.js';
import { adminEnv, runCommand } from '../helpers/command-io.js';
import { observe, faultRouters } from './fault-router.js';
import { events, journalFile } from './invariant.js';
import { killedAt, PHASES } from './killed-at.js';
import { expectTxInvariant } from './tx-rig.js';
import { LOAD_STEPS, loadFile, loadStep } from './tx-load.js';

const T = ['--timeout', '5'];

const started = faultRouters();
const fresh = async () => {
  const r = await started();
  return { router: r, env: adminEnv(r.url) };
};

const s = { s0: '', s1: '' };
beforeAll(async () => {
  const { router, env } = await fresh();
  s.s0 = observe(router.state);
  const file = await loadFile(env, T);
  const r = await runCommand(['-c', `config load override ${file}`, '--yes', ...T], env);
  expect(r.code, r.err).toBe(0);
  expect(r.out).toContain(`committed: ${LOAD_STEPS} requests sent`);
  s.s1 = observe(router.state);
  expect(s.s1).not.toBe(s.s0);
  expect(router.writes().length).toBe(LOAD_STEPS);
}, 120_000);

describe('SIGKILL of config load at each step', () => {
  const matrix = PHASES.flatMap((phase) =>
    Array.from({ length: LOAD_STEPS }, (_, i) => ({ phase, at: i + 1 })),
  );
  it.concurrent.each(matrix)('killed $phase the router applied step $at', async ({ phase, at }) => {
    const { router, env } = await fresh();
    const conf = await loadFile(env, T);
    await killedAt(
      router,
      ['-c', `config load override ${conf}`, '--yes', ...T],
      env,
      1,
      phase,
      'SIGKILL',
      loadStep(at),
    );
    const why = `killed ${phase} step ${at}`;
    const file = journalFile(env.XDG_STATE_HOME);
    const tx = fold(events(file)).transactions.at(-1);
    expect(tx?.end, why).toBeUndefined();
    // A start in a script says so, in one line, with the command that settles it.
    const start = await runCommand(['-c', 'show interface eth0 mtu', ...T], env);
    const line = start.err.split('\n').find((l) => l.includes('a transaction on'));
    expect(line, `${why}: ${start.err}`).toContain(`left half done (${tx!.id} config load override`);
    expect(line, why).toContain(`settle it: routersh undo --journal ${file} ${tx!.id}`);
    const undo = await runCommand(['undo', '--journal', file, tx!.id, '--yes', ...T], env);
    expect(undo.code, `${why}: ${undo.err}`).toBe(0);
    expect(undo.out, why).toContain(`transaction ${tx!.id} reverted`);
    expectTxInvariant(router, env.XDG_STATE_HOME, undefined, s, why);
    expect(observe(router.state), why).toBe(s.s0);
    // Settled: the next start says nothing of it.
    const again = await runCommand(['-c', 'show interface eth0 mtu', ...T], env);
    expect(again.err, why).not.toMatch(/left half done/);
  });
});
