// A transaction's process SIGKILLed at each step (issue 38), before and after the router applied
// the step: the next start finds the transaction left half done and says so in one line in a
// script, with the command that settles it; that command (`routersh undo --journal FILE TXID`)
// reverts what took, and the router ends at the configuration before the transaction, the journal
// saying so. The transaction runs in a process of its own through a small real entry point
// (tx-entry.ts) until `config load` lands.
import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fold } from '../../src/features/changes/journal/fold.js';
import { adminEnv, runCommand } from '../helpers/command-io.js';
import { type FaultRouter, observe, startFaultRouter } from './fault-router.js';
import { events, journalFile } from './invariant.js';
import { killedAt, PHASES } from './killed-at.js';
import { expectTxInvariant, STEPS } from './tx-rig.js';

const ENTRY = ['--import', 'tsx', fileURLToPath(new URL('./tx-entry.ts', import.meta.url))];
const T = ['--timeout', '5'];

const routers: FaultRouter[] = [];
afterAll(async () => {
  await Promise.all(routers.map((r) => r.close()));
});
const fresh = async () => {
  const r = await startFaultRouter();
  routers.push(r);
  return r;
};

const s = { s0: '', s1: '' };
beforeAll(async () => {
  const router = await fresh();
  s.s0 = observe(router.state);
  // The clean run, through the entry point itself: it also fills tsx's cache, so the cases'
  // processes start in a few seconds beside each other.
  const env = adminEnv(router.url);
  // Asynchronously: the fault router answers from this process.
  const { stdout } = await promisify(execFile)(process.execPath, [...ENTRY, router.url], {
    env: { ...process.env, ...env },
    encoding: 'utf8',
  });
  expect(stdout.trim()).toBe('committed');
  s.s1 = observe(router.state);
  expect(s.s1).not.toBe(s.s0);
}, 120_000);

describe('SIGKILL of a transaction at each step', () => {
  const matrix = PHASES.flatMap((phase) => STEPS.map((_, i) => ({ phase, at: i + 1 })));
  it.concurrent.each(matrix)('killed $phase the router applied step $at', async ({ phase, at }) => {
    const router = await fresh();
    const env = adminEnv(router.url);
    // A hang guard only: ten processes compiling through tsx beside each other start slowly.
    await killedAt(router, [router.url], env, at, phase, 'SIGKILL', ENTRY, 90_000);
    const why = `killed ${phase} step ${at}`;
    const file = journalFile(env.XDG_STATE_HOME);
    const tx = fold(events(file)).transactions.at(-1);
    expect(tx?.end, why).toBeUndefined();
    // The router is part-way: the steps before this one, and this one if it was applied.
    expect(observe(router.state) === s.s0, why).toBe(at === 1 && phase === 'before');
    // A start in a script says so, in one line, with the command that settles it.
    const start = await runCommand(['-c', 'show interface eth0 mtu', ...T], env);
    const line = start.err.split('\n').find((l) => l.includes('a transaction on'));
    expect(line, `${why}: ${start.err}`).toMatch(
      new RegExp(
        `left half done \\(${tx!.id} config load merge test.conf: ${at - (phase === 'before' ? 1 : 0)}|settle it: routersh undo --journal`,
      ),
    );
    expect(line, why).toContain(`settle it: routersh undo --journal ${file} ${tx!.id}`);
    const undo = await runCommand(['undo', '--journal', file, tx!.id, '--yes', ...T], env);
    expect(undo.code, `${why}: ${undo.err}`).toBe(0);
    expect(undo.out, why).toContain(`transaction ${tx!.id} reverted`);
    expectTxInvariant(router, env.XDG_STATE_HOME, undefined, s, why);
    expect(observe(router.state), why).toBe(s.s0);
    // Settled: the next start says nothing of it.
    const again = await runCommand(['-c', 'show interface eth0 mtu', ...T], env);
    expect(again.err, why).not.toContain('a transaction on');
  });
});
