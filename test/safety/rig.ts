// The fault harness's rig, shared by its files (request-faults, sigkill, window-faults): fault routers
// (closed after the file), a state directory and script path for each run, the baseline S0/S1
// of a clean run of LINES (and what it sent), and the recovery the README names.
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, expect } from 'vitest';
import { fold } from '../../src/features/changes/journal/fold.js';
import { adminEnv, runCommand } from '../helpers/command-io.js';
import { type FaultRouter, startFaultRouter } from './fault-router.js';
import { events, expectInvariant, journalFile, LINES, SLICES, type Slices, slices } from './invariant.js';

export interface Rig {
  /** A fault router of its own and an environment logged in to it as admin. */
  fresh(): Promise<{ router: FaultRouter; env: ReturnType<typeof adminEnv>; script: string }>;
  /** Before and after every change of LINES, from a clean run (set in beforeAll). */
  readonly s0: Slices;
  readonly s1: Slices;
  /** What the clean run sent: every request, its writes, and the writes of `undo 4`. */
  readonly sent: { requests: number; writes: number; undoWrites: number };
  /** `routersh undo --journal FILE 4 --yes`, then the invariant, settled, and every change undone. */
  recover(router: FaultRouter, env: Record<string, string>, why: string): Promise<void>;
}

export function faultRig(timeout: string[]): Rig {
  const routers: FaultRouter[] = [];
  afterAll(async () => {
    await Promise.all(routers.map((r) => r.close()));
  });
  const rig = {
    s0: {} as Slices,
    s1: {} as Slices,
    sent: { requests: 0, writes: 0, undoWrites: 0 },
    async fresh() {
      const router = await startFaultRouter();
      routers.push(router);
      const env = adminEnv(router.url);
      return { router, env, script: join(env.XDG_STATE_HOME, 'changes.routersh') };
    },
    async recover(router: FaultRouter, env: Record<string, string>, why: string) {
      const file = journalFile(env['XDG_STATE_HOME']!);
      const r = await runCommand(['undo', '--journal', file, '4', '--yes', ...timeout], env);
      expect(r.err, why).not.toMatch(/changed since|internal error|at .*\.js:\d/);
      expectInvariant(router, file, rig.s0, rig.s1, { settled: true, why: `${why}, after undo --journal` });
      // Every change is undone, except one sent while its node could not be read first (a fault on
      // that read): the journal marks it not undoable, and it stays as after.
      const { changes } = fold(events(file));
      const kept = (j: number) =>
        changes.find((c) => c.seq === j + 1 && c.status === 'done' && c.notUndoable);
      const want = Object.fromEntries(SLICES.map((k, j) => [k, kept(j) ? rig.s1[k] : rig.s0[k]]));
      expect(slices(router), why).toEqual(want);
    },
  };
  beforeAll(async () => {
    const { router, env, script } = await rig.fresh();
    rig.s0 = slices(router);
    writeFileSync(script, `${LINES.join('\n')}\n`);
    expect((await runCommand(['-f', script, ...timeout], env)).code).toBe(0);
    rig.s1 = slices(router);
    const writes = router.writes().length;
    const undo = await runCommand(
      ['undo', '--journal', journalFile(env.XDG_STATE_HOME), '4', '--yes', ...timeout],
      env,
    );
    expect(undo.code).toBe(0);
    rig.sent = { requests: router.requests.length, writes, undoWrites: router.writes().length - writes };
    expect(slices(router)).toEqual(rig.s0);
    // A hang guard only: the clean run and its undo took over 20 s beside stress-ng.
  }, 180_000);
  return rig;
}
