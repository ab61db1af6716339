// The fault harness, a decision planted by another user (issue 37 §4): while the real detached
// guard waits, a `JOURNAL.WINDOW.decided` saying "confirmed" appears that the user did not
// write — owned by `nobody` (chown 65534: the tests run as root), or the user's own but writable
// by others, or in a journal directory opened to everyone. The guard ignores it, says so once in
// its log, and reverts at the window's end: the invariant holds and the router is as before.
// The window is 30 minutes, opened through the session's own wiring with a clock the test moves
// (clockedWindow): it ends when the test says, once the guard has seen the planted file, never
// racing a loaded machine's slow opening.
import { chmodSync, chownSync, renameSync, writeFileSync } from 'node:fs';
import { dirname } from 'node:path';
import { describe, expect, it } from 'vitest';
import { decisionPath } from '../../src/features/changes/window-decision.js';
import { alive, clockedWindow, guardLog, lastWindow, until } from './guard-proc.js';
import { expectInvariant, slices } from './invariant.js';
import { faultRig } from './rig.js';

// A hang guard only.
const rig = faultRig(['--timeout', '5']);
const CASE_MS = 120_000;
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
      const { router, file, pid, end } = await clockedWindow(rig, '30m');
      const w = lastWindow(file);
      if (!w) throw new Error('no window opened');
      plant(decisionPath(file, w.id), how);
      // The guard reads decisions while it waits: it has seen the planted one, and still waits.
      await until(() => /ignored decision file/.test(guardLog(file)), 'the guard seeing the planted file');
      expect(lastWindow(file)?.state, guardLog(file)).toBe('open');
      end();
      // A hang guard only: the window ends once the test moved the guard's clock.
      await until(() => !alive(pid), 'the guard ending', 60_000);
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
