// `routersh inventory` through the product's entry (execute, as main.ts runs it): the resolved
// hosts and where each value came from, --limit, --json, the inventory found by -i, by
// ROUTERSH_INVENTORY or by a profile's `inventory` key, `-i profiles:`, and the refusals.
import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { runCommand } from '../helpers/command-io.js';

const INI = `[edge]
edge-01 ansible_host=10.0.0.1 ansible_port=8443
edge-02 routersh_router=http://127.0.0.1:9
'a;b$(x)' routersh_router=http://127.0.0.1:10

[edge:vars]
routersh_user=ops
routersh_password_file=edge.pw
`;

function setup(): { dir: string; file: string } {
  const dir = mkdtempSync(join(tmpdir(), 'inv-cmd-'));
  const file = join(dir, 'hosts.ini');
  writeFileSync(file, INI);
  return { dir, file };
}

describe('routersh inventory', () => {
  it('lists each host, its router, user, files, groups and where each came from', async () => {
    const { dir, file } = setup();
    const r = await runCommand(['inventory', '-i', file]);
    expect(r.err).toBe('');
    expect(r.code).toBe(0);
    expect(r.out).toContain(`${file}: 3 of 3 hosts`);
    expect(r.out).toContain(
      `edge-01  https://10.0.0.1:8443  (https (default), ansible_host at ${file}:2, ansible_port at ${file}:2)`,
    );
    expect(r.out).toContain(`  user           ops  (routersh_user at ${file}:7)`);
    expect(r.out).toContain(
      `  password file  ${join(dir, 'edge.pw')}  (routersh_password_file at ${file}:8)`,
    );
    // A name with shell syntax is printed as one quoted word.
    expect(r.out).toContain(`'a;b$(x)'  http://127.0.0.1:10`);
  });

  it('--limit selects with an Ansible pattern; --json is one stable document', async () => {
    const { file } = setup();
    const r = await runCommand(['inventory', '-i', file, '--limit', 'edge:!edge-01', '--json']);
    expect(r.code).toBe(0);
    const doc = JSON.parse(r.out);
    expect(doc.hosts.map((h: { name: string }) => h.name)).toEqual(['edge-02', 'a;b$(x)']);
    expect(doc.hosts[0]).toMatchObject({
      router: 'http://127.0.0.1:9',
      user: 'ops',
      tokenFile: null,
      groups: ['all', 'edge'],
    });
    expect(doc.hosts[0].origin.routersh_user).toBe(`${file}:7`);
    expect(doc.groups.map((g: { name: string }) => g.name)).toEqual(['all', 'ungrouped', 'edge']);
  });

  it('main flags before the name work too: routersh -i FILE inventory', async () => {
    const { file } = setup();
    const r = await runCommand(['-i', file, '--limit', 'edge-02', 'inventory']);
    expect(r.code).toBe(0);
    expect(r.out).toContain(': 1 of 3 hosts');
  });

  it('finds the inventory in ROUTERSH_INVENTORY, then in the profile key inventory', async () => {
    const { dir, file } = setup();
    expect((await runCommand(['inventory'], { ROUTERSH_INVENTORY: file })).out).toContain('3 of 3 hosts');
    const cfg = join(dir, 'cfg');
    mkdirSync(join(cfg, 'routersh'), { recursive: true });
    writeFileSync(
      join(cfg, 'routersh', 'config.json'),
      JSON.stringify({
        profiles: { lab: { router: 'http://127.0.0.1:7', user: 'u', inventory: '../../hosts.ini' } },
      }),
    );
    const r = await runCommand(['inventory', '--profile', 'lab'], { XDG_CONFIG_HOME: cfg });
    expect(r.err).toBe('');
    expect(r.out).toContain(`${file}: 3 of 3 hosts`);
    const p = await runCommand(['inventory', '-i', 'profiles:'], { XDG_CONFIG_HOME: cfg });
    expect(p.out).toContain('lab  http://127.0.0.1:7');
    expect(p.out).toContain('  groups         all profiles');
  });

  it('refuses --router, an unknown pattern and a missing file in one line', async () => {
    const { file } = setup();
    const router = await runCommand(['inventory', '-i', file, '--router', 'http://x']);
    expect(router.code).toBe(2);
    expect(router.err).toMatch(/--router cannot be used with an inventory/);
    const none = await runCommand(['inventory', '-i', file, '--limit', 'core*']);
    expect(none.code).toBe(2);
    expect(none.err).toMatch(/no host of the inventory matches --limit 'core\*'/);
    const missing = await runCommand(['inventory', '-i', `${file}.nope`]);
    expect(missing.err.trim().split('\n')).toHaveLength(1);
    expect(missing.err).toContain(`${file}.nope: cannot read the inventory: ENOENT`);
    const nothing = await runCommand(['inventory']);
    expect(nothing.code).toBe(2);
    expect(nothing.err).toMatch(/no inventory/);
  });
});
