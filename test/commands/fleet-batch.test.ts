// `routersh -i INV -c …` through routersh's own entry (execute) against a simulated fleet
// (startFleetSim): answers grouped dshbak-style, --json lines and a summary, exit 0/4/1/3,
// the --forks check, the -f NUMBER hint, a change to many refused in a script without --yes.
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type FleetSim, startFleetSim } from '../../sim/fleet/index.js';
import { execute } from '../../src/commands/index.js';
import { exitStatus } from '../../src/exit-status.js';
import { captureIo, runCommand } from '../helpers/command-io.js';

const dir = mkdtempSync(join(tmpdir(), 'routersh-fleet-batch-'));
const state = mkdtempSync(join(tmpdir(), 'routersh-state-'));
const run = (inv: string, args: string[], stdin?: string) =>
  runCommand(['-i', inv, ...args], { XDG_STATE_HOME: state }, stdin);

describe('routersh -i INV -c', () => {
  let fleet: FleetSim;
  let bad: FleetSim;
  let inv: string;
  let badInv: string;
  beforeAll(async () => {
    fleet = await startFleetSim({ routers: 5 });
    inv = fleet.writeInventory(join(dir, 'five.yml')).file;
    bad = await startFleetSim({ routers: 3, per: { 'edge-02': { fail: 503 } } });
    badInv = bad.writeInventory(join(dir, 'bad.yml')).file;
  });
  afterAll(async () => {
    await fleet.close();
    await bad.close();
  });

  it('groups identical answers under a compressed range, outliers apart', async () => {
    const got = await run(inv, ['-c', 'show interface eth0 | match mtu', '-c', 'show hostname']);
    // A script that went well says nothing on stderr (one router's would not).
    expect(got.err).toBe('');
    expect(got.code).toBe(0);
    const [mtu, names] = got.out.split('== show hostname\n');
    expect(mtu).toContain('== show interface eth0 | match mtu');
    expect(mtu).toMatch(/core-01,edge-\[01-04\] \(5\)/);
    // Each hostname differs: five groups of one.
    for (const r of fleet.routers) expect(names).toMatch(new RegExp(`^${r.name}\\n-+\\n.*${r.name}`, 'm'));
  });

  it('--json: one line per host and command, then the summary', async () => {
    const got = await run(inv, ['--json', '-c', 'show hostname']);
    const lines = got.out
      .trim()
      .split('\n')
      .map((l) => JSON.parse(l));
    expect(lines).toHaveLength(6);
    const hosts = lines.slice(0, 5);
    expect(hosts.map((l) => l.host).sort()).toEqual(fleet.routers.map((r) => r.name).sort());
    for (const l of hosts) {
      expect(l).toMatchObject({ command: 'show hostname', status: 'ok' });
      expect(typeof l.ms).toBe('number');
      expect(JSON.stringify(l.output)).toContain(l.host);
    }
    expect(lines[5].summary).toMatchObject({ hosts: 5, ok: 5, failed: 0, unreachable: 0 });
  });

  it('exit 4 when some hosts failed and some not; the failure last, one line', async () => {
    const got = await run(badInv, ['-c', 'show hostname']);
    expect(got.code).toBe(4);
    expect(got.err).toMatch(/^edge-02: % .*503/m);
    expect(got.err).toMatch(/3 hosts: 2 ok, \d failed, \d unreachable/);
    expect(got.out).toContain('edge-01');
    expect(got.out).not.toContain('edge-02');
  });

  it('all failed: 1 when hosts answered, 3 when none was reached', async () => {
    expect((await run(inv, ['-c', 'show no-such-thing'])).code).toBe(1);
    const gone = join(dir, 'gone.yml');
    writeFileSync(
      gone,
      'all:\n  hosts:\n    a1:\n      routersh_router: "http://127.0.0.1:1"\n    a2:\n      routersh_router: "http://127.0.0.1:1"\n',
    );
    const got = await run(gone, ['-c', 'show hostname']);
    expect(got.code).toBe(3);
    expect(got.err).toMatch(/^a\[1-2\] \(2\): % /m);
  });

  it('--forks outside 1..1000 is one usage line; -f 50 with no file 50 hints --forks', async () => {
    const forks = await run(inv, ['--forks', '0', '-c', 'show hostname']);
    expect([forks.code, forks.err.trim().split('\n')]).toEqual([
      2,
      [expect.stringMatching(/--forks .*1 to 1000/)],
    ]);
    const f = await run(inv, ['-f', '50']);
    expect(f.code).toBe(2);
    expect(f.err).toMatch(/cannot read script 50: no such file \(did you mean --forks 50\?/);
  });

  it('a change to more than one host is refused in a script without --yes, nothing sent', async () => {
    const before = fleet.routers.map((r) => r.sim.requests.filter((q) => q.method !== 'GET').length);
    const got = await run(inv, ['-c', 'interface eth0 mtu 1400']);
    expect(got.code).toBe(2);
    expect(got.err).toMatch(/change 5 hosts: give --yes/);
    expect(fleet.routers.map((r) => r.sim.requests.filter((q) => q.method !== 'GET').length)).toEqual(before);
  });

  it('commands from stdin run on every host', async () => {
    const got = await run(inv, ['--limit', 'edge'], 'show hostname\n');
    expect(got.code).toBe(0);
    expect(got.err).toBe('');
    for (const n of ['edge-01', 'edge-02', 'edge-03', 'edge-04']) expect(got.out).toContain(n);
  });

  it('on a terminal: a progress line rewritten in place, then cleared; a change to many is asked', async () => {
    const c = captureIo({ XDG_STATE_HOME: state });
    Object.assign(c.io.stderr, { isTTY: true });
    expect(exitStatus(await execute(['-i', inv, '-c', 'show hostname'], c.io))).toBe(0);
    expect(c.err()).toMatch(/\r\x1b\[K\d+\/5 done, 0 failed, \d+ running/);
    expect(c.err()).toMatch(/\r\x1b\[K5 hosts: 5 ok/);
    const before = fleet.routers.map((r) => r.sim.requests.filter((q) => q.method !== 'GET').length);
    const asked = captureIo({ XDG_STATE_HOME: state });
    Object.assign(asked.io.stdin, { isTTY: true });
    Object.assign(asked.io.stdout, { isTTY: true });
    asked.input('n\n');
    const ending = await execute(['-i', inv, '-c', 'interface eth0 mtu 1400'], asked.io);
    expect(exitStatus(ending)).toBe(1);
    expect(fleet.routers.map((r) => r.sim.requests.filter((q) => q.method !== 'GET').length)).toEqual(before);
  });
});
