// Inventories at size (issue 39): `routersh inventory` (the built binary) over 100,000 hosts in
// INI and in YAML, wall time and peak RSS; and over 10,000 beside ansible-core's
// `ansible-inventory --list` reading the same files (when installed: at 100,000 it takes minutes). The unit test loads 100,000 hosts for the logic;
// its time is here. `npm run bench -- inventory`.
import { spawnSync } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { maxRssPreload, measured, ROOT } from './util.js';

function files(dir: string, N: number): { ini: string; yml: string } {
  const ini = ['[edge]'];
  for (let i = 0; i < N; i++)
    ini.push(`edge-${String(i).padStart(6, '0')} ansible_port=${8000 + (i % 1000)}`);
  ini.push('[dc1:children]', 'edge', '[dc1:vars]', 'routersh_user=ops');
  const yml = [
    'all:',
    '  children:',
    '    dc1:',
    '      vars: {routersh_user: ops}',
    '      children:',
    '        edge:',
    '          hosts:',
  ];
  for (let i = 0; i < N; i++)
    yml.push(`            edge-${String(i).padStart(6, '0')}: {ansible_port: ${8000 + (i % 1000)}}`);
  const paths = { ini: join(dir, `hosts-${N}.ini`), yml: join(dir, `hosts-${N}.yml`) };
  writeFileSync(paths.ini, ini.join('\n'));
  writeFileSync(paths.yml, yml.join('\n'));
  return paths;
}

export async function benchInventory(): Promise<Record<string, number>> {
  const dir = mkdtempSync(join(tmpdir(), 'inventory-bench-'));
  const preload = maxRssPreload(dir);
  const out: Record<string, number> = {};
  const env = { PATH: process.env.PATH ?? '', HOME: dir, XDG_STATE_HOME: dir, XDG_CONFIG_HOME: dir };
  for (const N of [10_000, 100_000])
    for (const [kind, file] of Object.entries(files(dir, N))) {
      const label = `${N.toLocaleString('en')} hosts ${kind}`;
      const r = measured(
        [join(ROOT, 'bin/routersh.cjs'), 'inventory', '-i', file, '--limit', 'dc1:!edge-0000*', '--json'],
        env,
        preload,
      );
      const doc = JSON.parse(r.out) as { hosts: unknown[] };
      if (doc.hosts.length !== N - 100) throw new Error(`${kind}: ${doc.hosts.length} hosts selected`);
      out[`routersh inventory --json, ${label} (ms)`] = r.ms;
      out[`routersh inventory --json, ${label}: peak RSS (MB)`] = r.mb;
      if (N > 10_000) continue;
      const t0 = performance.now();
      const a = spawnSync('ansible-inventory', ['-i', file, '--list'], {
        encoding: 'utf8',
        maxBuffer: 1 << 30,
        env: { ...process.env, ANSIBLE_NOCOLOR: '1' },
      });
      if (a.status === 0) out[`ansible-inventory --list, ${label} (ms)`] = performance.now() - t0;
    }
  return out;
}
