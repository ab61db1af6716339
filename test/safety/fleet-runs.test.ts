// Fleet runs (issue 39 item 4): a change to three hosts in three waves, each host inside a
// confirmed-change window that the run's one guard watches. The routers' own state is the
// oracle (fault-router.ts observe): every host that was to change ends before or after the run,
// all alike with --max-fail 0.
import { describe, expect, it } from 'vitest';
import { readRun, runIds } from '../../src/features/fleet/runs/run-index.js';
import { runCommand } from '../helpers/command-io.js';
import { type Fleet, fleet, fleetEnv, guardEnded, runOn, stepClock } from './fleet-rig.js';
import { HOUR } from './guard-proc.js';
import { LINES, slices } from './invariant.js';

const WAVES = { waves: '1,2,100%', confirmWithin: '30m' };

/** Holds host `i`'s first write until released: the run stands still inside that host's wave. */
function holdFirstWrite(f: Fleet, i: number): { held: Promise<void>; release: () => void } {
  let reached: () => void = () => {};
  let release: () => void = () => {};
  const held = new Promise<void>((r) => {
    reached = r;
  });
  const released = new Promise<void>((r) => {
    release = r;
  });
  f.routers[i]!.arm({ at: 1, which: 'write', hold: { phase: 'before', reached, release: released } });
  return { held, release };
}

const latestRun = (f: Fleet): string => runIds(f.stateDir).at(-1)!;

describe('a fleet run in three waves', () => {
  it('applies wave by wave and confirms every window at its end; its one guard then ends', async () => {
    const f = await fleet(3);
    const s0 = f.routers.map(slices);
    const { run, status } = await runOn(f, LINES, WAVES);
    expect(status, f.said.join('\n')).toBe(0);
    expect(run.waves).toEqual([1, 1, 1]);
    expect(run.hosts.map((h) => [h.wave, h.end])).toEqual([
      [1, 'confirmed'],
      [2, 'confirmed'],
      [3, 'confirmed'],
    ]);
    const after = f.routers.map(slices);
    for (const [i, s] of after.entries()) expect(s, `host ${i + 1}`).not.toEqual(s0[i]);
    expect(after[1]).toEqual(after[0]);
    await guardEnded(f, run);
    expect(readRun(f.stateDir, run.id).state).toBe('confirmed');
    // One guard for the run: every window's journal names its pid.
    expect(new Set(run.hosts.map((h) => h.journal)).size).toBe(3);
  });

  it('a gate that fails in wave 2 reverts the hosts of waves 1 and 2; wave 3 is never touched', async () => {
    const f = await fleet(3);
    // Every host but the second is described as healthy: the gate fails on host 2 only.
    for (const i of [0, 2]) f.routers[i]!.state.interfaces.get('eth0')!.description = 'healthy';
    const gate = 'show interface eth0 | match healthy';
    const s0 = f.routers.map(slices);
    const { run, status } = await runOn(f, LINES, { ...WAVES, gates: [gate] });
    expect(status, f.said.join('\n')).toBe(1);
    expect(run.state).toBe('reverted');
    expect(run.hosts.map((h) => h.end)).toEqual(['reverted', 'reverted', 'pending']);
    expect(run.hosts[1]!.why).toMatch(/gate 'show interface eth0 \| match healthy' kept no line/);
    expect(f.said.join('\n')).toMatch(
      /wave 1: gate passed on 1 of 1 host\(s\)[\s\S]*wave 2: gate failed on 1 of 1 host\(s\)/,
    );
    expect(f.routers.map(slices)).toEqual(s0);
    expect(f.routers[2]!.writes()).toEqual([]);
    await guardEnded(f, run);
  });

  it('--max-fail 1 reverts only the failed host and the run goes on (exit 4)', async () => {
    const f = await fleet(3);
    const s0 = f.routers.map(slices);
    // Host 2's third write fails (503): its first two changes were made, then reverted.
    f.routers[1]!.arm({ at: 3, which: 'write', fault: '503' });
    const { run, status } = await runOn(f, LINES, { ...WAVES, maxFail: '1' });
    expect(status, f.said.join('\n')).toBe(4);
    expect(run.hosts.map((h) => h.end)).toEqual(['confirmed', 'reverted', 'confirmed']);
    expect(run.hosts[1]!.why).toMatch(/503|unavailable/i);
    const after = f.routers.map(slices);
    expect(after[1]).toEqual(s0[1]);
    expect(after[0]).toEqual(after[2]);
    expect(after[0]).not.toEqual(s0[0]);
    await guardEnded(f, run);
  });

  it('a window too short for the waves is refused up front: nothing is sent', async () => {
    const f = await fleet(2);
    await expect(runOn(f, LINES, { waves: '1,100%', confirmWithin: '1m', soak: '5m' })).rejects.toThrow(
      /--confirm-within 1m cannot cover 2 wave\(s\)/,
    );
    for (const r of f.routers) expect(r.requests).toEqual([]);
  });
});

describe('--confirm manual: the windows wait for routersh fleet confirm|undo, or their end', () => {
  const MANUAL = { ...WAVES, confirm: 'manual' };

  it('fleet confirm keeps every host; its guard ends and nothing is reverted after', async () => {
    const f = await fleet(3);
    const s0 = f.routers.map(slices);
    const { run, status } = await runOn(f, LINES, MANUAL);
    expect(status, f.said.join('\n')).toBe(0);
    expect(run.state).toBe('awaiting-confirm');
    expect(run.hosts.map((h) => h.end)).toEqual(['changed', 'changed', 'changed']);
    expect(f.said.join('\n')).toContain(`routersh fleet confirm ${run.id}`);
    const r = await runCommand(['fleet', 'confirm', run.id], fleetEnv(f));
    expect(r.code, r.err).toBe(0);
    expect(r.out).toContain(`confirmed: run ${run.id}, 3 host(s) kept`);
    await guardEnded(f, run);
    stepClock(f, HOUR);
    const after = f.routers.map(slices);
    for (const [i, s] of after.entries()) expect(s, `host ${i + 1}`).not.toEqual(s0[i]);
    const runs = await runCommand(['fleet', 'runs', '--json'], fleetEnv(f));
    const doc = JSON.parse(runs.out.trim()) as { run: string; state: string; hosts: { end: string }[] };
    expect([doc.run, doc.state, doc.hosts.map((h) => h.end)]).toEqual([
      run.id,
      'confirmed',
      ['confirmed', 'confirmed', 'confirmed'],
    ]);
  });

  it('unconfirmed, the one guard reverts every host at the windows end', async () => {
    const f = await fleet(3);
    const s0 = f.routers.map(slices);
    const { run } = await runOn(f, LINES, MANUAL);
    expect(run.hosts.map((h) => h.end)).toEqual(['changed', 'changed', 'changed']);
    stepClock(f, HOUR);
    await guardEnded(f, run);
    expect(f.routers.map(slices)).toEqual(s0);
    const after = readRun(f.stateDir, run.id);
    expect([after.state, after.hosts.map((h) => h.end)]).toEqual([
      'reverted',
      ['reverted', 'reverted', 'reverted'],
    ]);
    const r = await runCommand(['fleet', 'confirm', run.id], fleetEnv(f));
    expect([r.code, r.err]).toEqual([1, expect.stringMatching(/too late: run .* was decided revert/)]);
  });

  it('fleet undo reverts every host through its own journal; a script needs --yes', async () => {
    const f = await fleet(3);
    const s0 = f.routers.map(slices);
    const { run } = await runOn(f, LINES, MANUAL);
    const no = await runCommand(['fleet', 'undo', run.id], fleetEnv(f));
    expect([no.code, no.err]).toEqual([2, expect.stringMatching(/would revert 3 host\(s\) .*add --yes/)]);
    const r = await runCommand(['fleet', 'undo', run.id, '--yes'], fleetEnv(f));
    expect(r.code, r.err).toBe(0);
    expect(f.routers.map(slices), r.out + r.err).toEqual(s0);
    await guardEnded(f, run);
    expect(readRun(f.stateDir, run.id).state).toBe('reverted');
  });
});

describe('SIGKILL of the run guard', () => {
  it.each([1, 2, 3])('killed while wave %i applies: the run still ends all after', async (wave) => {
    const f = await fleet(3);
    const s0 = f.routers.map(slices);
    const { held, release } = holdFirstWrite(f, wave - 1);
    const going = runOn(f, LINES, WAVES);
    await held;
    const run = readRun(f.stateDir, latestRun(f));
    process.kill(run.guard!.pid, 'SIGKILL');
    await guardEnded(f, run);
    release();
    const { status } = await going;
    expect(status, f.said.join('\n')).toBe(0);
    const after = f.routers.map(slices);
    for (const [i, s] of after.entries()) expect(s, `host ${i + 1}`).not.toEqual(s0[i]);
    expect(after[0]).toEqual(after[2]);
  });

  it('killed, then a gate fails in wave 3: every host goes back', async () => {
    const f = await fleet(3);
    for (const i of [0, 1]) f.routers[i]!.state.interfaces.get('eth0')!.description = 'healthy';
    const s0 = f.routers.map(slices);
    const { held, release } = holdFirstWrite(f, 1);
    const going = runOn(f, LINES, { ...WAVES, gates: ['show interface eth0 | match healthy'] });
    await held;
    const run = readRun(f.stateDir, latestRun(f));
    process.kill(run.guard!.pid, 'SIGKILL');
    await guardEnded(f, run);
    release();
    const { status } = await going;
    expect(status, f.said.join('\n')).toBe(1);
    expect(f.routers.map(slices)).toEqual(s0);
  });
});
