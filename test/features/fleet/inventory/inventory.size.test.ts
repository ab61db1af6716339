// 100,000 hosts load and select (their time and memory are the bench's: npm run bench --
// inventory); a range that would make millions is refused before one name is made.
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { loadInventory, selectHosts } from '../../../../src/features/fleet/inventory/index.js';

const N = 100_000;

describe('inventory size', () => {
  it('loads 100,000 hosts with their vars and selects among them', async () => {
    // A thousand lines of a hundred hosts each: the parser, ranges, vars and resolution at size.
    const lines = ['[edge]'];
    for (let i = 0; i < N / 100; i++)
      lines.push(`edge-${String(i).padStart(4, '0')}[00:99] ansible_port=${8000 + i}`);
    lines.push('[dc1:children]', 'edge', '[dc1:vars]', 'routersh_user=ops');
    const file = join(mkdtempSync(join(tmpdir(), 'inv-size-')), 'hosts');
    writeFileSync(file, lines.join('\n'));
    const inv = await loadInventory({ file, env: {}, flags: {} });
    expect(inv.hosts).toHaveLength(N);
    expect(inv.hosts[N - 1]).toMatchObject({ router: 'https://edge-099999:8999', user: 'ops' });
    expect(inv.hosts[N - 1]?.origin.ansible_port).toBe(`${file}:1001`);
    expect(await selectHosts(inv, 'dc1:!edge-0000*')).toHaveLength(N - 100);
    expect((await selectHosts(inv, 'edge[99990:]')).map((h) => h.name)[0]).toBe('edge-099990');
  });

  it('refuses a range of millions in one line, without expanding it', async () => {
    const file = join(mkdtempSync(join(tmpdir(), 'inv-size-')), 'hosts');
    writeFileSync(file, '[g]\nh[0:9999999999]\n');
    await expect(loadInventory({ file, env: {}, flags: {} })).rejects.toThrow(
      `${file}:2: the host ranges make more than 1000000 hosts`,
    );
  });
});
