// A candidate's commit SIGKILLed at each step (issue 38: "a fault at any request of a load or a
// commit … SIGKILL of routersh"): the built binary running a script that stages five lines in
// candidate mode and commits them (the same five requests as tx-load.ts's load), killed before
// and after the router applied each step. The next start says the transaction was left half
// done, in one line, with the command that settles it; that command reverts what took, and the
// router ends at the configuration before the commit, the journal saying so.
import { beforeAll, describe, expect, it } from 'vitest';
import { fold } from '../../src/features/changes/journal/fold.js';
import { adminEnv, runCommand } from '../helpers/command-io.js';
import { observe, faultRouters } from './fault-router.js';
import { events, journalFile } from './invariant.js';
import { killedAt, PHASES } from './killed-at.js';
import { LOAD_STEPS, loadStep } from './tx-load.js';
import { expectTxInvariant } from './tx-rig.js';

const T = ['--timeout', '5'];
/** Staged, then committed: the five requests of tx-load.ts's edited file. */
const LINES = [
  'interface eth0 mtu 9000',
  'interface eth1 description up',
  'interface eth1 mtu 1400',
  'interface eth1 ip address 192.168.2.1/24',
  'no ip route 0.0.0.0/0 via 10.0.0.254',
];
const COMMIT = ['-c', 'configure', ...LINES.flatMap((l) => ['-c', l]), '-c', 'commit', ...T];

const started = faultRouters();
const fresh = async () => {
  const r = await started();
  return { router: r, env: adminEnv(r.url) };
};

const s = { s0: '', s1: '' };
beforeAll(async () => {
  const { router, env } = await fresh();
  s.s0 = observe(router.state);
  const r = await runCommand(COMMIT, env);
  expect(r.code, r.err).toBe(0);
  expect(r.out).toContain(`commit complete: ${LINES.length} staged lines, ${LOAD_STEPS} requests sent`);
  s.s1 = observe(router.state);
  expect(s.s1).not.toBe(s.s0);
  expect(router.writes().length).toBe(LOAD_STEPS);
}, 120_000);

describe('SIGKILL of a candidate commit at each step', () => {
  const matrix = PHASES.flatMap((phase) =>
    Array.from({ length: LOAD_STEPS }, (_, i) => ({ phase, at: i + 1 })),
  );
  it.concurrent.each(matrix)('killed $phase the router applied step $at', async ({ phase, at }) => {
    const { router, env } = await fresh();
    await killedAt(router, COMMIT, env, 1, phase, 'SIGKILL', loadStep(at));
    const why = `killed ${phase} step ${at}`;
    const file = journalFile(env.XDG_STATE_HOME);
    const tx = fold(events(file)).transactions.at(-1);
    expect(tx?.end, why).toBeUndefined();
    // A start in a script says so, in one line, with the command that settles it.
    const start = await runCommand(['-c', 'show interface eth0 mtu', ...T], env);
    const line = start.err.split('\n').find((l) => l.includes('a transaction on'));
    expect(line, `${why}: ${start.err}`).toContain(`left half done (${tx!.id} commit`);
    expect(line, why).toContain(`settle it: routersh undo --journal ${file} ${tx!.id}`);
    const undo = await runCommand(['undo', '--journal', file, tx!.id, '--yes', ...T], env);
    expect(undo.code, `${why}: ${undo.err}`).toBe(0);
    expect(undo.out, why).toContain(`transaction ${tx!.id} reverted`);
    expectTxInvariant(router, env.XDG_STATE_HOME, undefined, s, why);
    expect(observe(router.state), why).toBe(s.s0);
    const again = await runCommand(['-c', 'show interface eth0 mtu', ...T], env);
    expect(again.err, why).not.toMatch(/left half done/);
  });
});
