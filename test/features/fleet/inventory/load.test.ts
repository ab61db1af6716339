// loadInventory on files written here: INI and YAML, host_vars/ and group_vars/ beside them,
// the precedence of Ansible, the router each host resolves to and where every value came from,
// and the one-line refusals (secrets, vault values, cycles, control characters, --router).
import { chmodSync, mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { loadInventory, selectHosts } from '../../../../src/features/fleet/inventory/index.js';

const dir = () => mkdtempSync(join(tmpdir(), 'inv-'));
const write = (d: string, name: string, text: string) => {
  const p = join(d, name);
  mkdirSync(join(p, '..'), { recursive: true });
  writeFileSync(p, text);
  return p;
};
const load = (file: string, flags = {}, env = {}) => loadInventory({ file, env, flags });
const oneLine = async (p: Promise<unknown>): Promise<string> => {
  const e = (await p.then(
    () => undefined,
    (x: unknown) => x,
  )) as Error | undefined;
  if (!e) throw new Error('expected a refusal');
  expect(e.message).not.toContain('\n');
  return e.message;
};

const INI = `mail.example.com

[edge]
edge-[01:03] ansible_port=8443
edge-10 routersh_router=http://127.0.0.1:9/ ansible_user=bob

[core]
core-1 ansible_host=10.0.0.1 routersh_scheme=http routersh_user=ops

[dc1:children]
edge
core

[dc1:vars]
routersh_password_file=secrets/dc1.pw
ntp=ntp1
`;

describe('loadInventory', () => {
  it('reads an INI inventory: groups, children, ranges, inline vars, the routers', async () => {
    const d = dir();
    const inv = await load(write(d, 'hosts', INI));
    expect(inv.hosts.map((h) => h.name)).toEqual([
      'mail.example.com',
      'edge-01',
      'edge-02',
      'edge-03',
      'edge-10',
      'core-1',
    ]);
    const byName = Object.fromEntries(inv.hosts.map((h) => [h.name, h]));
    expect(byName['edge-02']?.router).toBe('https://edge-02:8443');
    expect(byName['edge-10']?.router).toBe('http://127.0.0.1:9');
    expect(byName['edge-10']?.user).toBe('bob');
    expect(byName['core-1']?.router).toBe('http://10.0.0.1');
    expect(byName['core-1']?.user).toBe('ops');
    expect(byName['core-1']?.passwordFile).toBe(join(d, 'secrets/dc1.pw'));
    expect(byName['core-1']?.groups).toEqual(['all', 'core', 'dc1']);
    expect(byName['edge-02']?.origin.ansible_port).toBe(`${join(d, 'hosts')}:4`);
    expect(byName['mail.example.com']?.groups).toEqual(['all', 'ungrouped']);
    expect((await selectHosts(inv, 'dc1:!edge-0*')).map((h) => h.name)).toEqual(['edge-10', 'core-1']);
  });

  it('Ansible precedence: all < parent < child < host; group_vars/host_vars over inline', async () => {
    const d = dir();
    const file = write(
      d,
      'inv.yml',
      `all:
  vars: {a: all, b: all, c: all, d: all}
  children:
    dc1:
      vars: {b: dc1, c: dc1}
      children:
        edge:
          vars: {c: edge}
          hosts:
            e1: {d: host}
            e2:
`,
    );
    write(d, 'group_vars/edge.yml', 'c: edge-file\n');
    write(d, 'host_vars/e2/one.yml', 'd: e2-dir\n');
    const inv = await load(file);
    const [e1, e2] = inv.hosts;
    expect(e1?.vars).toEqual({ a: 'all', b: 'dc1', c: 'edge-file', d: 'host' });
    expect(e2?.vars).toMatchObject({ c: 'edge-file', d: 'e2-dir' });
    expect(e1?.origin.c).toBe(`${join(d, 'group_vars/edge.yml')}:1`);
    expect(e1?.origin.b).toBe(`${file}:5`);
  });

  it('connection flags are defaults under the host vars; --router is refused', async () => {
    const d = dir();
    const file = write(d, 'hosts', 'a routersh_user=own\nb\n');
    const inv = await load(file, { user: 'flag-user', passwordFile: '/p' });
    expect(inv.hosts.map((h) => [h.user, h.passwordFile])).toEqual([
      ['own', '/p'],
      ['flag-user', '/p'],
    ]);
    expect(inv.hosts[1]?.origin.user).toBe('flag --user');
    expect(await oneLine(load(file, { router: 'http://x' }))).toMatch(/--router/);
  });

  it('refuses secrets and vault values in one line that never shows the value', async () => {
    const d = dir();
    const msg = await oneLine(load(write(d, 'hosts', '[g]\nh1 ansible_password=hunter2\n')));
    expect(msg).toBe(
      `${join(d, 'hosts')}:2: 'ansible_password' holds a secret in the inventory: name a file with routersh_password_file (value not shown)`,
    );
    const vault = await oneLine(
      load(
        write(
          d,
          'v.yml',
          'all:\n  hosts:\n    h:\n      routersh_user: !vault |\n        $ANSIBLE_VAULT;1.1;AES256\n        6162\n',
        ),
      ),
    );
    expect(vault).toMatch(/v\.yml:4: 'routersh_user' is vault-encrypted/);
    expect(vault).not.toContain('6162');
    write(d, 'x/host_vars/h.yml', 'routersh_token: abc\n');
    const tok = await oneLine(load(write(d, 'x/hosts', 'h\n')));
    expect(tok).toMatch(/host_vars\/h\.yml:1: 'routersh_token'/);
    expect(tok).not.toContain('abc');
  });

  it('names a cycle in children and refuses control characters in names', async () => {
    const d = dir();
    const cyc = await oneLine(
      load(write(d, 'c.yml', 'a:\n  children:\n    b:\n      children:\n        a:\n')),
    );
    expect(cyc).toMatch(/c\.yml:3: children form a cycle: b -> a -> b/);
    const ini = await oneLine(load(write(d, 'c.ini', '[a:children]\nb\n[b:children]\na\n')));
    expect(ini).toMatch(/cycle/);
    const ctl = await oneLine(load(write(d, 'n', '[g]\n"evil\x1b[2J" x=1\n')));
    expect(ctl).toBe(`${join(d, 'n')}:2: a host name holds a control character`);
  });

  it("reads a list of hosts as Ansible's host_list does: -i 'a,b:8443,'", async () => {
    const inv = await load('edge-01,edge-02:8443,');
    expect(inv.hosts.map((h) => [h.name, h.router, h.groups])).toEqual([
      ['edge-01', 'https://edge-01', ['all', 'ungrouped']],
      ['edge-02', 'https://edge-02:8443', ['all', 'ungrouped']],
    ]);
  });

  it('runs an executable dynamic inventory with --list', async () => {
    const d = dir();
    const script = write(
      d,
      'dyn.sh',
      `#!/bin/sh\n[ "$1" = --list ] || exit 3\necho '{"edge":{"hosts":["r1","r2"],"vars":{"routersh_scheme":"http"}},"_meta":{"hostvars":{"r1":{"ansible_port":81}}}}'\n`,
    );
    chmodSync(script, 0o755);
    const inv = await load(script);
    expect(inv.hosts.map((h) => h.router)).toEqual(['http://r1:81', 'http://r2']);
  });
});
