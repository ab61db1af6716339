// The Ansible modules (issue 39 item 8) under Debian's ansible-core, as a user runs them: the
// folder from `routersh ansible-path` as ANSIBLE_LIBRARY and ANSIBLE_ACTION_PLUGINS, an ad hoc
// `ansible GROUP -i INV -c local -m routersh_command|routersh_change` over simulated routers,
// routersh found as the package's own bin/ (PATH holds no routersh). Four ansible runs in all
// (~1-2 s each): a command on every host (one unreachable), a change in check mode, the change,
// the change again.
import { spawn, spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type RouterSim, startRouterSim } from '../../sim/router/index.js';
import { runBin } from '../helpers/run-bin.js';

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
  let routers: RouterSim[];
  let dir: string;
  let env: Record<string, string>;
  const hosts = ['edge-01', 'edge-02'];

  beforeAll(async () => {
    requireAnsible();
    routers = await Promise.all([startRouterSim(), startRouterSim()]);
    dir = mkdtempSync(join(tmpdir(), 'routersh-ansible-'));
    const password = join(dir, 'admin.password');
    writeFileSync(password, 'admin\n', { mode: 0o600 });
    const [a, b] = routers.map((r) => new URL(r.url));
    // edge-01 by routersh_router, edge-02 by ansible_host/ansible_port/routersh_scheme, edge-03 down.
    writeFileSync(
      join(dir, 'inventory.yml'),
      [
        'all:',
        '  vars:',
        '    routersh_user: admin',
        `    routersh_password_file: ${password}`,
        '  children:',
        '    edge:',
        '      children:',
        '        up:',
        '          hosts:',
        `            edge-01: { routersh_router: "${a!.origin}" }`,
        `            edge-02: { ansible_host: ${b!.hostname}, ansible_port: ${b!.port}, routersh_scheme: http }`,
        '      hosts:',
        '        edge-03: { routersh_router: "http://127.0.0.1:1" }',
        '',
      ].join('\n'),
    );
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
  afterAll(() => Promise.all((routers ?? []).map((r) => r.close())));

  /** One ad hoc ansible run; each host's result from the json callback. */
  function ansible(args: string[]): Promise<{ code: number | null; hosts: Record<string, HostAnswer> }> {
    return new Promise((resolve, reject) => {
      const child = spawn(
        'ansible',
        [...args.slice(0, 1), '-i', 'inventory.yml', '-c', 'local', ...args.slice(1)],
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

  const writes = () => routers.flatMap((r) => r.requests.filter((q) => q.body.includes('"SET"')));

  it('routersh_command: each host answered with its --json document; an unreachable one fails with one line', async () => {
    const r = await ansible(['edge', '-m', 'routersh_command', '-a', "command='show interface eth0'"]);
    expect(r.code).toBe(2); // ansible: some host failed
    for (const h of hosts) {
      const a = r.hosts[h]!;
      expect({ h, failed: a.failed, changed: a.changed }).toEqual({ h, failed: undefined, changed: false });
      expect((a.output as { NodeInfo: { ShowOutput: string } }).NodeInfo.ShowOutput).toMatch(
        /^eth0: .*mtu 1500/,
      );
      // Credentials by file, never in argv.
      expect(a.cmd!.join(' ')).not.toMatch(/admin\n|not-for-any-host/);
    }
    expect(r.hosts['edge-03']).toMatchObject({ failed: true, rc: 3 });
    expect(r.hosts['edge-03']!.msg).toBe('connection refused by the router at 127.0.0.1:1');
    // The controller's ROUTERSH_PASSWORD went nowhere: every request carried the file's password.
    for (const q of routers.flatMap((s) => s.requests))
      expect(q.headers.authorization).not.toBe(
        `Basic ${Buffer.from('admin:not-for-any-host').toString('base64')}`,
      );
  });

  it('routersh_change: --check sends nothing; then changed; then, the router showing the same, not changed', async () => {
    const line = "lines='interface eth0 mtu 9000'";
    const check = await ansible(['up', '-m', 'routersh_change', '--check', '-a', line]);
    expect(check.code).toBe(0);
    for (const h of hosts) expect(check.hosts[h]).toMatchObject({ changed: true, check: true, changes: [] });
    expect(writes()).toEqual([]);

    const first = await ansible(['up', '-m', 'routersh_change', '-a', line]);
    expect(first.code).toBe(0);
    for (const h of hosts) {
      const a = first.hosts[h]!;
      expect(a).toMatchObject({ changed: true, rc: 0 });
      expect(a.changes).toEqual([
        expect.objectContaining({ line: 'interface eth0 mtu 9000', changed: true }),
      ]);
      // Journaled as routersh journals every change: `routersh undo --journal FILE` reverts it.
      expect(readFileSync(a.changes![0]!.journal, 'utf8')).toContain('"line":"interface eth0 mtu 9000"');
    }
    expect(writes()).toHaveLength(2);

    const again = await ansible(['up', '-m', 'routersh_change', '-a', line]);
    expect(again.code).toBe(0);
    for (const h of hosts) {
      expect(again.hosts[h]).toMatchObject({ changed: false, rc: 0 });
      expect(again.hosts[h]!.changes).toEqual([expect.objectContaining({ changed: false })]);
    }
  });
});
