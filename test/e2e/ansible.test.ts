// The Ansible modules (issue 39 item 8) under Debian's ansible-core, as a user runs them: SIM's
// `routersh sim --routers 3 --inventory-out FILE` (edge-01, edge-02, core-01, each its own
// password file), the folder from `routersh ansible-path` as ANSIBLE_LIBRARY and
// ANSIBLE_ACTION_PLUGINS, ad hoc `ansible PATTERN -i FILE -c local -m routersh_command|routersh_change`,
// routersh found as the package's own bin/ (PATH holds no routersh). Four ansible runs in all
// (~1-2 s each): a command on every host (plus one unreachable from a second inventory), a change
// in check mode, the change, the change again.
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import { BIN, runBin } from '../helpers/run-bin.js';
import { type SimProcess, startSimProcess } from '../helpers/sim-process.js';

interface HostAnswer {
  changed: boolean;
  failed?: boolean;
  msg?: string;
  rc?: number;
  check?: boolean;
  cmd?: string[];
  output?: unknown;
  changes?: Array<{ id: string; line: string; journal: string; changed: boolean }>;
}

/** A missing Ansible fails loudly: the modules are part of the product and this is their test. */
function requireAnsible(): void {
  const v = spawnSync('ansible', ['--version'], { encoding: 'utf8' });
  if (v.error || v.status !== 0)
    throw new Error(
      'ansible-core is not installed: the Ansible modules are tested with it (apt-get install ansible-core; .ci/run installs it)',
    );
}

describe('Ansible modules routersh_command and routersh_change', () => {
  let sim: SimProcess | undefined;
  let dir: string;
  let env: Record<string, string>;
  const edges = ['edge-01', 'edge-02'];
  const journals = () => {
    const j = join(dir, 'state', 'routersh', 'journal');
    return existsSync(j) ? readdirSync(j) : [];
  };
  /** eth0's MTU on a host, asked with routersh itself (its router and password file from SIM's inventory). */
  const mtu = async (host: string) => {
    const inv = parse(readFileSync(join(dir, 'fleet.yml'), 'utf8')) as {
      all: { children: Record<string, { hosts?: Record<string, Record<string, string> | null> }> };
    };
    const vars = Object.values(inv.all.children).find((g) => g.hosts?.[host])!.hosts![host]!;
    const r = await runBin(
      [
        '--router',
        vars.routersh_router!,
        '--user',
        vars.routersh_user!,
        '--password-file',
        vars.routersh_password_file!,
        '-c',
        'show interface eth0',
      ],
      { env: { XDG_STATE_HOME: join(dir, 'reads') } },
    );
    return /mtu (\d+)/.exec(r.stdout)?.[1];
  };

  beforeAll(async () => {
    requireAnsible();
    dir = mkdtempSync(join(tmpdir(), 'routersh-ansible-'));
    const home = { HOME: dir, XDG_CONFIG_HOME: join(dir, 'config'), XDG_STATE_HOME: join(dir, 'sim-state') };
    sim = await startSimProcess(
      ['--routers', '3', '--inventory-out', join(dir, 'fleet.yml'), '--telemetry-port', '0'],
      home,
    );
    // A second inventory: a host nothing listens for, in its own group.
    writeFileSync(join(dir, 'down.password'), 'unused\n', { mode: 0o600 });
    writeFileSync(
      join(dir, 'down.yml'),
      `down:\n  hosts:\n    edge-99: { routersh_router: "http://127.0.0.1:1", routersh_user: admin, routersh_password_file: ${join(dir, 'down.password')} }\n`,
    );
    // routersh through a wrapper that does not exec it: the journaling process is not the one
    // the module started (its pid differs), as with some version managers' shims.
    writeFileSync(join(dir, 'routersh-wrapper'), `#!/bin/sh\n"${process.execPath}" "${BIN}" "$@"\n`, {
      mode: 0o755,
    });
    const path = await runBin(['ansible-path']);
    expect(path.code).toBe(0);
    const folder = path.stdout.trim();
    env = {
      // node and ansible, but no routersh: the modules find the package's own bin/routersh.cjs.
      PATH: [dirname(process.execPath), '/usr/bin', '/bin'].join(':'),
      HOME: dir,
      XDG_STATE_HOME: join(dir, 'state'),
      ANSIBLE_LIBRARY: folder,
      ANSIBLE_ACTION_PLUGINS: folder,
      ANSIBLE_LOCAL_TEMP: join(dir, 'ansible-tmp'),
      ANSIBLE_REMOTE_TEMP: join(dir, 'ansible-tmp'),
      ANSIBLE_LOAD_CALLBACK_PLUGINS: '1',
      ANSIBLE_STDOUT_CALLBACK: 'json',
      ANSIBLE_NOCOLOR: '1',
      // The plugins are loaded from the checkout: leave no __pycache__ in it.
      PYTHONDONTWRITEBYTECODE: '1',
      // The controller's own routersh settings must not reach the hosts' runs.
      ROUTERSH_PASSWORD: 'not-for-any-host',
      ROUTERSH_ROUTER: 'http://127.0.0.1:2',
    };
  });
  afterAll(() => sim?.stop());

  /** One ad hoc ansible run over both inventories; each host's result from the json callback. */
  function ansible(args: string[]): Promise<{ code: number | null; hosts: Record<string, HostAnswer> }> {
    return new Promise((resolve, reject) => {
      const [pattern, ...rest] = args;
      const child = spawn(
        'ansible',
        [pattern!, '-i', 'fleet.yml', '-i', 'down.yml', '-c', 'local', ...rest],
        {
          cwd: dir,
          env,
        },
      );
      let out = '';
      let err = '';
      child.stdout.on('data', (d: Buffer) => {
        out += d.toString();
      });
      child.stderr.on('data', (d: Buffer) => {
        err += d.toString();
      });
      child.on('error', reject);
      child.on('close', (code) => {
        try {
          const doc = JSON.parse(out) as {
            plays: Array<{ tasks: Array<{ hosts: Record<string, HostAnswer> }> }>;
          };
          resolve({ code, hosts: doc.plays[0]!.tasks[0]!.hosts });
        } catch {
          reject(new Error(`ansible ${args.join(' ')} (exit ${code}) printed no JSON:\n${out}\n${err}`));
        }
      });
    });
  }

  it('routersh_command: each host answered with its --json document; an unreachable one fails with one line', async () => {
    const r = await ansible([
      'edge,core,down',
      '-m',
      'routersh_command',
      '-a',
      "command='show interface eth0'",
    ]);
    expect(r.code).toBe(2); // ansible: some host failed
    for (const h of [...edges, 'core-01']) {
      const a = r.hosts[h]!;
      expect({ h, failed: a.failed, changed: a.changed }).toEqual({ h, failed: undefined, changed: false });
      expect((a.output as { NodeInfo: { ShowOutput: string } }).NodeInfo.ShowOutput).toMatch(
        /^eth0: .*mtu 1500/,
      );
      // Credentials by file, never in argv; the controller's ROUTERSH_* not used (each host has
      // its own password: one sent to another host would have failed there).
      expect(a.cmd!.join(' ')).not.toContain('not-for-any-host');
    }
    expect(r.hosts['edge-99']).toMatchObject({ failed: true, rc: 3 });
    expect(r.hosts['edge-99']!.msg).toBe('connection refused by the router at 127.0.0.1:1');
  });

  it('routersh_change: --check sends nothing; then changed; then, the router showing the same, not changed', async () => {
    const line = "lines='interface eth0 mtu 9000'";
    const check = await ansible(['edge', '-m', 'routersh_change', '--check', '-a', line]);
    expect(check.code).toBe(0);
    for (const h of edges) expect(check.hosts[h]).toMatchObject({ changed: true, check: true, changes: [] });
    expect(journals()).toEqual([]);
    expect(await Promise.all(edges.map(mtu))).toEqual(['1500', '1500']);

    const first = await ansible([
      'edge',
      '-m',
      'routersh_change',
      '-a',
      `${line} executable=${join(dir, 'routersh-wrapper')}`,
    ]);
    expect(first.code).toBe(0);
    for (const h of edges) {
      const a = first.hosts[h]!;
      // Found by its session's router and start, the pid being the wrapper's.
      expect(a).toMatchObject({ changed: true, rc: 0 });
      expect(a.changes).toEqual([
        expect.objectContaining({ line: 'interface eth0 mtu 9000', changed: true }),
      ]);
      // Journaled as routersh journals every change: `routersh undo --journal FILE` reverts it.
      expect(readFileSync(a.changes![0]!.journal, 'utf8')).toContain('"line":"interface eth0 mtu 9000"');
    }
    expect(await Promise.all([...edges, 'core-01'].map(mtu))).toEqual(['9000', '9000', '1500']);

    // routersh itself (the package's bin/): its changes found by its pid.
    const again = await ansible(['edge', '-m', 'routersh_change', '-a', line]);
    expect(again.code).toBe(0);
    for (const h of edges) {
      expect(again.hosts[h]).toMatchObject({ changed: false, rc: 0 });
      expect(again.hosts[h]!.changes).toEqual([expect.objectContaining({ changed: false })]);
    }
  });
});
