// The fault harness's transaction through the product (issue 38): `config load override FILE`
// of a file saved from the router with five edits — three values changed, an address added, the
// default route removed — which the plan makes five steps (four SETs, then a DELETE).
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { expect } from 'vitest';
import { runCommand } from '../helpers/command-io.js';
import type { Recorded } from '../hostile/harness.js';

/** The edits, as `sed` would make them: five steps. */
export function edited(saved: string): string {
  return saved
    .replace('interface eth0 mtu 1500', 'interface eth0 mtu 9000')
    .replace('interface eth1 description lan', 'interface eth1 description up')
    .replace('interface eth1 mtu 1500', 'interface eth1 mtu 1400')
    .replace(
      'interface eth1 ip address 192.168.1.1/24\n',
      'interface eth1 ip address 192.168.1.1/24\ninterface eth1 ip address 192.168.2.1/24\n',
    )
    .replace('ip route 0.0.0.0/0 via 10.0.0.254\n', '');
}

/** The same on the shaped router (sim/router/tree-shaped): five steps, one a deep deletion. */
export function editedShaped(saved: string): string {
  return saved
    .replace('interfaces ethernet eth1 mtu 9000', 'interfaces ethernet eth1 mtu 1500')
    .replace(
      'nat port-forward protocol udp port 51820 to 10.1.0.11',
      'nat port-forward protocol udp port 51820 to 10.1.0.12',
    )
    .replace('system host-name edge-1', 'system host-name edge-2')
    .replace(
      'system name-server 198.51.100.53\n',
      'system name-server 198.51.100.53\nsystem name-server 192.0.2.54\n',
    )
    .replace('protocols static route 10.20.0.0/16 next-hop 10.1.0.3\n', '');
}

export const LOAD_STEPS = 5;

/** Each step's request as the router receives it, in the plan's order (its steps go at once). */
const PATHS = [
  'POST /api/interface/eth0/mtu/9000',
  'POST /api/interface/eth1/description/up',
  'POST /api/interface/eth1/mtu/1400',
  'POST /api/interface/eth1/ip/address/192.168.2.1%2F24',
  'DELETE /api/ip/route/0.0.0.0%2F0/via/10.0.0.254',
];

/** The fault router's filter for step `at` (1-based). */
export const loadStep =
  (at: number) =>
  (r: Recorded): boolean =>
    `${r.method} ${new URL(r.url, 'http://x').pathname}` === PATHS[at - 1];

/** Saves the router's configuration (`config save`) and writes the edited file; its path. */
export async function loadFile(
  env: Record<string, string>,
  timeout: string[],
  edit: (saved: string) => string = edited,
): Promise<string> {
  const saved = join(env['XDG_STATE_HOME']!, 'saved.conf');
  const r = await runCommand(['-c', `config save ${saved}`, ...timeout], env);
  expect(r.code, r.err).toBe(0);
  const file = join(env['XDG_STATE_HOME']!, 'edited.conf');
  const text = edit(readFileSync(saved, 'utf8'));
  expect(
    text
      .split('\n')
      .filter((l) => !l.startsWith('#'))
      .join('\n'),
  ).not.toBe(
    readFileSync(saved, 'utf8')
      .split('\n')
      .filter((l) => !l.startsWith('#'))
      .join('\n'),
  );
  writeFileSync(file, text);
  return file;
}
