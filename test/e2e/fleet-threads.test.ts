// A run over many hosts on two threads (src/commands/fleet-threads.ts), as a user runs it: the
// built binary (the second thread starts the built program; unbundled, a run keeps one
// thread). NODE_DEBUG=worker is Node's own word that a thread was made. The threads take hosts
// from one list: every host is answered once, hostile hosts fail as on one thread, the grouped
// text is the same, and Ctrl-C ends the hosts of both threads.
import { spawn } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type FleetSim, startFleetSim } from '../../sim/fleet/index.js';
import { BIN, runBin } from '../helpers/run-bin.js';

const dir = mkdtempSync(join(tmpdir(), 'routersh-fleet-threads-'));
const env = { XDG_STATE_HOME: mkdtempSync(join(tmpdir(), 'routersh-state-')), NODE_DEBUG: 'worker' };
const oneThread = { ...env, ROUTERSH_FLEET_THREADS: '1' };
const THREAD_MADE = /created Worker with ID/;

interface HostRecord {
  host: string;
  command: string;
  status: string;
  output: unknown;
  error?: string;
}

function records(stdout: string): { hosts: HostRecord[]; summary: Record<string, number> } {
  const lines = stdout
    .trim()
    .split('\n')
    .map((l) => JSON.parse(l) as HostRecord & { summary?: Record<string, number> });
  const last = lines.pop();
  return { hosts: lines, summary: last?.summary ?? {} };
}

describe('a fleet run on two threads (the binary)', () => {
  let fleet: FleetSim;
  let inv: string;
  // Hostile hosts spread over the list, so that either thread may take any of them.
  const faults: Record<string, { fail?: 503 | 'reset' | 'malformed'; hang?: boolean }> = {
    '7': { fail: 503 },
    '107': { fail: 503 },
    '23': { fail: 'reset' },
    '123': { fail: 'reset' },
    '41': { hang: true },
    '141': { hang: true },
    '77': { fail: 'malformed' },
    '177': { fail: 'malformed' },
  };
  beforeAll(async () => {
    fleet = await startFleetSim({ routers: 200, per: faults });
    inv = fleet.writeInventory(join(dir, 'fleet.yml')).file;
  });
  afterAll(async () => {
    await fleet.close();
  });

  it('every host answered once, each as on one thread; hostile ones fail one line each', async () => {
    const args = ['-i', inv, '--timeout', '2', '--forks', '20', '--json', '-c', 'show hostname'];
    const two = await runBin(args, { env });
    const one = await runBin(args, { env: oneThread });
    expect(two.stderr).toMatch(THREAD_MADE);
    expect(one.stderr).not.toMatch(THREAD_MADE);
    expect(two.code).toBe(4);
    expect(one.code).toBe(4);
    const a = records(two.stdout);
    const b = records(one.stdout);
    expect(a.hosts).toHaveLength(200);
    expect(new Set(a.hosts.map((r) => r.host)).size).toBe(200);
    expect(a.summary).toMatchObject({ hosts: 200, ok: 192 });
    const byHost = (rs: HostRecord[]) =>
      Object.fromEntries(rs.map((r) => [r.host, { status: r.status, output: r.output, error: r.error }]));
    expect(byHost(a.hosts)).toEqual(byHost(b.hosts));
    const bad = fleet.routers.filter((_, i) => faults[String(i)]).map((r) => r.name);
    for (const r of a.hosts) {
      if (bad.includes(r.host)) {
        expect(r.status).not.toBe('ok');
        expect(r.error).not.toMatch(/\n/);
      } else expect(r.status).toBe('ok');
    }
  });

  it('the grouped text is the same as on one thread', async () => {
    const args = ['-i', inv, '--timeout', '2', '--forks', '20', '-c', 'show hostname'];
    const [two, one] = await Promise.all([runBin(args, { env }), runBin(args, { env: oneThread })]);
    expect(two.stderr).toMatch(THREAD_MADE);
    expect(two.stdout).toBe(one.stdout);
    expect(two.stdout).toContain(fleet.routers[0]!.name);
    // The failures, grouped by their line, then the count (its seconds aside; Node's debug lines out).
    const failures = (s: string) =>
      s
        .split('\n')
        .filter((l) => /^(edge|core)-|^\d+ hosts: /.test(l))
        .map((l) => l.replace(/\(\d+\.\d s\)$/, '(s)'));
    expect(failures(two.stderr)).toEqual(failures(one.stderr));
    expect(failures(two.stderr).at(-1)).toMatch(/^200 hosts: 192 ok/);
  });

  it('Ctrl-C ends the hosts of both threads, each reported once', async () => {
    const hanging = await startFleetSim({
      routers: 150,
      per: Object.fromEntries(Array.from({ length: 150 }, (_, i) => [String(i), { hang: true }])),
    });
    try {
      const file = hanging.writeInventory(join(dir, 'hanging.yml')).file;
      const child = spawn(
        process.execPath,
        [BIN, '-i', file, '--timeout', '600', '--forks', '10', '--json', '-c', 'show hostname'],
        {
          env: { PATH: process.env.PATH ?? '', HOME: process.env.HOME ?? '/tmp', ...env },
          stdio: ['pipe', 'pipe', 'pipe'],
        },
      );
      child.stdin.end();
      let stdout = '';
      let stderr = '';
      child.stdout.on('data', (d: Buffer) => (stdout += d));
      child.stderr.on('data', (d: Buffer) => (stderr += d));
      let ended = false;
      const closed = new Promise<number | null>((r) => child.on('close', r));
      void closed.then(() => (ended = true));
      const arrived = () => hanging.routers.reduce((n, r) => n + r.sim.requests.length, 0);
      // Ten hosts at work: five on each thread (the second thread's lanes have started too).
      while (!ended && arrived() < 10) await new Promise((r) => setTimeout(r, 50));
      expect(stderr).toMatch(THREAD_MADE);
      child.kill('SIGINT');
      const code = await closed;
      expect(code).toBe(1);
      const { hosts } = records(stdout);
      expect(hosts).toHaveLength(150);
      expect(new Set(hosts.map((r) => r.host)).size).toBe(150);
      for (const r of hosts) expect(r.error).toMatch(/cancelled/);
      // No host was started after Ctrl-C.
      expect(arrived()).toBe(10);
    } finally {
      await hanging.close();
    }
  });
});
