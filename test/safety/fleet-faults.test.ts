// The fault harness for fleet runs (issue 39): a three-wave run of the harness's four changes
// (invariant.ts LINES) on three fault routers, started as a user starts it (`routersh -i INV -c
// … --waves 1,2,100%`), with a fault at each wave: a 503 or a reset before the router applies a
// write, an answer lost after it did (reset, timeout, garbled), a SIGKILL of routersh before and
// after a write, and a SIGKILL of the run's guard. The invariant, per host, is the single
// router's (invariant.ts: each change before or after, as its journal says, every write
// journaled); and across hosts, with --max-fail 0: after the run, or its recovery (`routersh fleet
// undo RUN`, or the guard settling the run on SIGTERM as at its end), every host is as before the
// run or every one is as after it.
import { beforeAll, describe, expect, it } from 'vitest';
import { processAlive } from '../../src/features/changes/process-alive.js';
import { readRun, runIds, type RunIndex } from '../../src/features/fleet/runs/run-index.js';
import { runCommand } from '../helpers/command-io.js';
import { pairs } from '../helpers/whole.js';
import { FAULTS } from './fault-router.js';
import { type Fleet, cliRun, fleet, fleetEnv, guardEnded, guardReady, killedMakerAt } from './fleet-rig.js';
import { expectInvariant, LINES, type Slices, slices } from './invariant.js';

const ARGS = ['--waves', '1,2,100%', '--confirm-within', '30m', '--timeout', '5', '--yes'];
const WAVES = [1, 2, 3] as const;

/** Before and after the run's lines, from a clean run (the fault routers all start alike). */
async function baseline(): Promise<{ s0: Slices; s1: Slices }> {
  const f = await fleet(3);
  try {
    const s0 = slices(f.routers[0]!);
    const r = await runCommand(cliRun(f, LINES, ARGS), fleetEnv(f));
    expect(r.code, r.err).toBe(0);
    return { s0, s1: slices(f.routers[0]!) };
  } finally {
    await f.close();
  }
}

const onlyRun = (f: Fleet): RunIndex => readRun(f.stateDir, runIds(f.stateDir).at(-1)!);

/** The invariant on every host (its own journal), and all hosts alike: all before or all after. */
function expectAllAlike(
  f: Fleet,
  run: RunIndex,
  base: { s0: Slices; s1: Slices },
  why: string,
  settled = true,
) {
  for (const [i, h] of run.hosts.entries())
    expectInvariant(f.routers[i]!, h.journal, base.s0, base.s1, { settled, why: `${why}, ${h.name}` });
  const now = f.routers.map(slices);
  const all = (s: Slices) => now.every((x) => JSON.stringify(x) === JSON.stringify(s));
  expect(
    all(base.s0) || all(base.s1),
    `${why}: every host before, or every host after: ${JSON.stringify(now)}`,
  ).toBe(true);
}

describe('a three-wave run, a request fault in each wave', () => {
  let base: { s0: Slices; s1: Slices };
  beforeAll(async () => {
    base = await baseline();
    expect(base.s1).not.toEqual(base.s0);
  }, 120_000);
  // Every fault kind and every wave, each once; each kind in each wave: `npm run bench -- whole`.
  const matrix = pairs(FAULTS, WAVES, (fault, wave) => ({ fault, wave }));
  it.each(matrix)('$fault at the second write of wave $wave', async ({ fault, wave }) => {
    const f = await fleet(3);
    f.routers[wave - 1]!.arm({ at: 2, which: 'write', fault });
    const r = await runCommand(cliRun(f, LINES, ARGS), fleetEnv(f));
    const why = `${fault} in wave ${wave}`;
    const run = onlyRun(f);
    expectAllAlike(f, run, base, why);
    // Either the lost answer was settled and the run went on (exit 0, all after), or it failed
    // and every host went back (exit 1, all before).
    expect([0, 1], `${why}: ${r.err}`).toContain(r.code);
    await guardEnded(f, run);
  });
});

describe('a three-wave run, routersh SIGKILLed in each wave', () => {
  let base: { s0: Slices; s1: Slices };
  beforeAll(async () => {
    base = await baseline();
  }, 120_000);
  // Before and after, and every wave, each once; both in each wave: `npm run bench -- whole`.
  const matrix = pairs(['before', 'after'] as const, WAVES, (phase, wave) => ({ phase, wave }));
  it.each(matrix)(
    'killed $phase the second write of wave $wave; fleet undo recovers',
    async ({ phase, wave }) => {
      const f = await fleet(3);
      await killedMakerAt(f, wave - 1, cliRun(f, LINES, ARGS), 2, phase);
      const run = onlyRun(f);
      const why = `killed ${phase} write 2 of wave ${wave}`;
      // The guard lives on, the windows open: only the host in flight may not know its change.
      expect(processAlive(run.guard!.pid, run.guard!.pidStart), why).toBe(true);
      const u = await runCommand(['fleet', 'undo', run.id, '--yes', '--timeout', '5'], { ...fleetEnv(f) });
      expect(u.code, `${why}: ${u.out}${u.err}`).toBe(0);
      expectAllAlike(f, run, base, why);
      expect(f.routers.map(slices), why).toEqual(f.routers.map(() => base.s0));
      await guardEnded(f, run);
    },
  );

  it.each(WAVES)('killed in wave %i; its guard, told to stop, reverts every host', async (wave) => {
    const f = await fleet(3);
    await killedMakerAt(f, wave - 1, cliRun(f, LINES, ARGS), 2, 'after');
    const run = onlyRun(f);
    await guardReady(f, run);
    process.kill(run.guard!.pid, 'SIGTERM');
    await guardEnded(f, run);
    const why = `killed after write 2 of wave ${wave}, guard SIGTERMed`;
    expectAllAlike(f, run, base, why);
    expect(f.routers.map(slices), why).toEqual(f.routers.map(() => base.s0));
    expect(readRun(f.stateDir, run.id).state, why).toBe('reverted');
  });

  it('routersh and its guard both SIGKILLed: fleet undo recovers', async () => {
    const f = await fleet(3);
    await killedMakerAt(f, 1, cliRun(f, LINES, ARGS), 2, 'after');
    const run = onlyRun(f);
    process.kill(run.guard!.pid, 'SIGKILL');
    await guardEnded(f, run);
    const u = await runCommand(['fleet', 'undo', run.id, '--yes', '--timeout', '5'], { ...fleetEnv(f) });
    expect(u.code, `${u.out}${u.err}`).toBe(0);
    expectAllAlike(f, run, base, 'both killed');
    expect(f.routers.map(slices)).toEqual(f.routers.map(() => base.s0));
  });
});
