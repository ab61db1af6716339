// The fault harness, time (issue 37): the wall clock of the real detached guard stepped an hour
// forward and an hour back while it waits. Moved through the product's own seam — a session
// opened with a clock (session/clock.ts), whose description its guard gets in the credentials
// pipe — not an environment variable a user could set. Forward past the deadline (a laptop
// resumed after it): reverted at once. Back: the guard's monotonic deadline still ends the
// window on time. The invariant is the harness's: the router as before each change, and the
// journal says so.
import { describe, expect, it } from 'vitest';
import { alive, clockedWindow, guardLog, HOUR, lastWindow, until } from './guard-proc.js';
import { expectInvariant, slices } from './invariant.js';
import { faultRig } from './rig.js';

const rig = faultRig(['--timeout', '5']);

describe.concurrent('the wall clock stepped while the real guard waits', () => {
  it('an hour forward, past a 30-minute window: reverted at once', async () => {
    const { router, file, pid, step } = await clockedWindow(rig, '30m');
    step(HOUR);
    // A hang guard only: without the step the window would end in 30 minutes.
    await until(() => !alive(pid), 'the guard ending after the step', 60_000);
    expect(lastWindow(file)?.state, guardLog(file)).toBe('reverted');
    expect(guardLog(file)).toMatch(/the wall clock moved forward 1h\S*: it is past the window's deadline/);
    expectInvariant(router, file, rig.s0, rig.s1, { settled: true, why: '+1 h' });
    expect(slices(router)).toEqual(rig.s0);
  }, 90_000);

  it('an hour back inside a 25-second window: still reverted at its end, by the monotonic deadline', async () => {
    const { router, file, pid, step } = await clockedWindow(rig, '25s');
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
