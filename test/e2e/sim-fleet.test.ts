// `routersh sim --routers 5 --inventory-out F` as a user runs it (the built binary, a child
// process): F is an Ansible YAML inventory that ansible-core itself reads, its passwords only in
// 0600 files, and each router answers `show hostname` with its own name through routersh.
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import { BIN, runBin } from '../helpers/run-bin.js';
import { type SimProcess, startSimProcess } from '../helpers/sim-process.js';

const home = mkdtempSync(join(tmpdir(), 'routersh-sim-fleet-'));
const env = { HOME: home, XDG_CONFIG_HOME: join(home, 'config'), XDG_STATE_HOME: join(home, 'state') };
const file = join(home, 'lab', 'fleet.yml');
const NAMES = ['edge-01', 'edge-02', 'edge-03', 'edge-04', 'core-01'];
type Vars = Record<string, string>;
let sim: SimProcess;

beforeAll(async () => {
  sim = await startSimProcess(['--routers', '5', '--inventory-out', file, '--telemetry-port', '0'], env);
});
afterAll(() => sim?.stop());

describe('routersh sim --routers 5 --inventory-out F', () => {
  it('says how to use the inventory', () => {
    expect(sim.banner).toContain(`routersh -i ${file}`);
    expect(sim.banner).toMatch(/5 routers\s+edge-01 … edge-04, core-01/);
  });

  it('writes YAML with each host once under its role, its vars, no password', () => {
    const text = readFileSync(file, 'utf8');
    const inv = parse(text) as { all: { children: Record<string, { hosts: Record<string, Vars | null> }> } };
    const { edge, core, dc1, dc2 } = inv.all.children;
    expect(Object.keys(edge!.hosts)).toEqual(NAMES.slice(0, 4));
    expect(Object.keys(core!.hosts)).toEqual(['core-01']);
    expect(Object.keys(dc1!.hosts)).toEqual(['edge-01', 'edge-03', 'core-01']);
    expect(Object.keys(dc2!.hosts)).toEqual(['edge-02', 'edge-04']);
    for (const name of NAMES) {
      const vars = (edge!.hosts[name] ?? core!.hosts[name])!;
      expect(vars.routersh_router).toMatch(/^http:\/\/127\.0\.0\.1:\d+$/);
      expect(statSync(vars.routersh_password_file!).mode & 0o777).toBe(0o600);
      const password = readFileSync(vars.routersh_password_file!, 'utf8').trim();
      expect(password.length).toBeGreaterThanOrEqual(12);
      expect(text).not.toContain(password);
      expect(sim.banner).not.toContain(password);
    }
    expect(statSync(join(home, 'lab', 'fleet-passwords')).mode & 0o777).toBe(0o700);
  });

  it('is read by ansible-inventory: 5 hosts with their vars', () => {
    const r = spawnSync('ansible-inventory', ['-i', file, '--list'], {
      encoding: 'utf8',
      env: { ...process.env, HOME: home },
    });
    if (r.error)
      throw new Error(`ansible-inventory is missing (install the package ansible-core): ${r.error.message}`);
    expect(r.status, r.stderr).toBe(0);
    const doc = JSON.parse(r.stdout) as { _meta: { hostvars: Record<string, Vars> } } & Record<
      string,
      { hosts?: string[] }
    >;
    expect(Object.keys(doc._meta.hostvars).sort()).toEqual([...NAMES].sort());
    expect(sim.telemetry).toMatch(/^http:\/\/127\.0\.0\.1:\d+$/);
    expect(doc['dc1']?.hosts).toEqual(['edge-01', 'edge-03', 'core-01']);
    for (const vars of Object.values(doc._meta.hostvars)) {
      expect(vars.routersh_user).toBe('admin');
      expect(vars.routersh_telemetry_url).toBe(sim.telemetry);
      expect(vars.routersh_password_file).toMatch(/fleet-passwords\/(edge|core)-\d+\.password$/);
    }
  });

  it('each router answers show hostname with its own name, through the built binary', async () => {
    const doc = JSON.parse(
      spawnSync('ansible-inventory', ['-i', file, '--list'], {
        encoding: 'utf8',
        env: { ...process.env, HOME: home },
      }).stdout,
    ) as { _meta: { hostvars: Record<string, Vars> } };
    const answers = await Promise.all(
      NAMES.map((name) => {
        const v = doc._meta.hostvars[name]!;
        return runBin(
          [
            '--router',
            v.routersh_router!,
            '--user',
            v.routersh_user!,
            '--password-file',
            v.routersh_password_file!,
            '-c',
            'show hostname',
          ],
          { env },
        );
      }),
    );
    expect(answers.map((a) => [a.code, a.stdout.trim(), a.stderr])).toEqual(NAMES.map((n) => [0, n, '']));
  });

  it('refuses --inventory-out without --routers, --port with it, a bad count and too few file descriptors, in one line', async () => {
    const lone = await runBin(['sim', '--inventory-out', file], { env });
    expect(lone.code).toBe(2);
    expect(lone.stderr).toMatch(/^% --inventory-out needs --routers N[^\n]*\n$/);
    const port = await runBin(['sim', '--routers', '3', '--port', '0'], { env });
    expect(port.stderr).toMatch(/--port is one router's/);
    const many = await runBin(['sim', '--routers', '1e9'], { env });
    // Out of file descriptors half-way: one line, and the routers already started are closed (it exits).
    const few = spawnSync(
      'sh',
      [
        '-c',
        `ulimit -n 200 && exec "${process.execPath}" "${BIN}" sim --routers 300 --inventory-out "${join(home, 'x.yml')}" --telemetry-port 0`,
      ],
      { encoding: 'utf8', env: { PATH: process.env.PATH ?? '', ...env }, timeout: 60_000 },
    );
    expect([few.status, few.stderr]).toEqual([
      2,
      '% 300 routers need more open files than this process may have (ulimit -n): start fewer, or raise the limit\n',
    ]);
    expect(many.stderr).toMatch(/^% --routers wants a count from 1 to 10000, not '1e9'\n$/);
  });
});
