// The fault harness, time (issue 37): the wall clock of the real detached guard stepped an hour
// forward and an hour back while it waits. Moved through the product's own seam — a session
// opened with a clock (session/clock.ts), whose description its guard gets in the credentials
// pipe — not an environment variable a user could set. Forward past the deadline (a laptop
// resumed after it): reverted at once. Back: the guard's monotonic deadline still ends the
// window on time. The invariant is the harness's: the router as before each change, and the
// journal says so.
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it, type TestContext } from 'vitest';
import { runPiped } from '../../src/run/output-pipes.js';
import { adminEnv } from '../helpers/command-io.js';
import { testSession } from '../helpers/session.js';
import { simConfig } from '../helpers/sim-config.js';
import { alive, guardLog, lastWindow, until, waitingGuard } from './guard-proc.js';
import { expectInvariant, journalFile, LINES, slices } from './invariant.js';
import { faultRig } from './rig.js';

const rig = faultRig(['--timeout', '5']);
const HOUR = 3_600_000;

/** A window of `window` holding LINES' changes, opened by a session whose clock reads `offsetFile`. */
async function openWindow(window: string, ctx: TestContext) {
  const { router } = await rig.fresh();
  const env = adminEnv(router.url);
  const offsetFile = join(env.XDG_STATE_HOME, 'clock-offset');
  writeFileSync(offsetFile, '0\n');
  const session = await testSession(simConfig(router.url, { timeoutMs: 5000 }), {
    env: { ...process.env, ...env },
    journal: 'file',
    guard: true,
    yes: true,
    clock: { offsetFile },
  });
  ctx.onTestFinished(() => session.close());
  for (const line of [`confirm-within ${window}`, ...LINES]) {
    const { outcome } = await runPiped(line, { context: [] }, session.services, new AbortController().signal);
    expect(outcome.kind, `${line}: ${outcome.kind === 'error' ? outcome.error.message : ''}`).not.toBe(
      'error',
    );
  }
  const file = journalFile(env.XDG_STATE_HOME);
  const pid = await waitingGuard(file);
  return { router, file, pid, step: (ms: number) => writeFileSync(offsetFile, `${ms}\n`) };
}

describe.concurrent('the wall clock stepped while the real guard waits', () => {
  it('an hour forward, past a 30-minute window: reverted at once', async (ctx) => {
    const { router, file, pid, step } = await openWindow('30m', ctx);
    step(HOUR);
    // A hang guard only: without the step the window would end in 30 minutes.
    await until(() => !alive(pid), 'the guard ending after the step', 60_000);
    expect(lastWindow(file)?.state, guardLog(file)).toBe('reverted');
    expect(guardLog(file)).toMatch(/the wall clock moved forward 1h\S*: it is past the window's deadline/);
    expectInvariant(router, file, rig.s0, rig.s1, { settled: true, why: '+1 h' });
    expect(slices(router)).toEqual(rig.s0);
  }, 90_000);

  it('an hour back inside a 25-second window: still reverted at its end, by the monotonic deadline', async (ctx) => {
    const { router, file, pid, step } = await openWindow('25s', ctx);
    step(-HOUR);
    await until(() => /the wall clock moved back/.test(guardLog(file)), 'the guard seeing the step');
    expect(guardLog(file)).toMatch(
      /the wall clock moved back 1h\S*: the window still ends in \S+ by the guard's own clock/,
    );
    // A hang guard only: by the wall clock alone the window would end in an hour.
    await until(() => !alive(pid), 'the guard ending at the monotonic deadline', 80_000);
    expect(lastWindow(file)?.state, guardLog(file)).toBe('reverted');
    expectInvariant(router, file, rig.s0, rig.s1, { settled: true, why: '-1 h' });
    expect(slices(router)).toEqual(rig.s0);
  }, 120_000);
});
