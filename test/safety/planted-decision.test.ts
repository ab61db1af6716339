// The fault harness, a decision planted by another user (issue 37 §4): while the real detached
// guard waits, a `JOURNAL.WINDOW.decided` saying "confirmed" appears that the user did not
// write — owned by `nobody` (chown 65534: the tests run as root), or the user's own but writable
// by others, or in a journal directory opened to everyone. The guard ignores it, says so once in
// its log, and reverts at the window's end: the invariant holds and the router is as before.
import { chmodSync, chownSync, renameSync, writeFileSync } from 'node:fs';
import { dirname } from 'node:path';
import { describe, expect, it } from 'vitest';
import { decisionPath } from '../../src/features/changes/window-decision.js';
import { runCommand } from '../helpers/command-io.js';
import { guardLog, lastWindow, until, waitingGuard } from './guard-proc.js';
import { expectInvariant, journalFile, LINES, slices } from './invariant.js';
import { faultRig } from './rig.js';

const T = ['--timeout', '2'];
const rig = faultRig(T);
const CASE_MS = 90_000;
// Long enough that the script's four changes end inside it on a loaded machine (4 s did not,
// beside the other safety files and stress-ng); short enough to wait for its end.
const WINDOW = '12s';
const asRoot = process.getuid?.() === 0;

type Plant = 'nobody' | 'world-writable' | 'open directory';

/** Writes a "confirmed by mallory" decision whole, then renames it to its name (never half-read). */
function plant(path: string, how: Plant): void {
  const tmp = `${path}.planting`;
  writeFileSync(tmp, `${JSON.stringify({ kind: 'confirmed', by: 'mallory' })}\n`, { mode: 0o644 });
  if (how === 'nobody' || how === 'open directory') chownSync(tmp, 65534, 65534);
  if (how === 'world-writable') chmodSync(tmp, 0o666);
  if (how === 'open directory') chmodSync(dirname(path), 0o777);
  renameSync(tmp, path);
}

describe.skipIf(!asRoot)('a decision file planted while the guard waits (needs root to chown)', () => {
  it.concurrent.each<Plant>(['nobody', 'world-writable', 'open directory'])(
    'planted %s: ignored, said once in the guard log, and the window reverts at its end',
    async (how) => {
      const { router, env, script } = await rig.fresh();
      writeFileSync(script, `confirm-within ${WINDOW}\n${LINES.join('\n')}\n`);
      const opened = await runCommand(['-f', script, '--yes', ...T], env);
      expect(opened.code, opened.err).toBe(0);
      const file = journalFile(env.XDG_STATE_HOME);
      await waitingGuard(file);
      const w = lastWindow(file);
      if (!w) throw new Error('no window opened');
      plant(decisionPath(file, w.id), how);
      // A hang guard only, far above the window's 12 s and its revert.
      await until(() => lastWindow(file)?.state !== 'open', 'the window settled', 60_000);
      expect(lastWindow(file)?.state, guardLog(file)).toBe('reverted');
      const log = guardLog(file);
      expect(log).not.toMatch(/settled by mallory/);
      expect(log.match(/ignored decision file/g) ?? [], log).toHaveLength(1);
      expectInvariant(router, file, rig.s0, rig.s1, { settled: true, why: `planted ${how}` });
      expect(slices(router)).toEqual(rig.s0);
    },
    CASE_MS,
  );
});
