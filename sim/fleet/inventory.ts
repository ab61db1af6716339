// The fleet's Ansible YAML inventory: each host's vars under its role group (edge, core), the
// site groups (dc1, dc2) naming the same hosts again, and the passwords in a 0700 directory of
// 0600 files beside it that the inventory names by path: never a password in the inventory.
import { chmodSync, mkdirSync, writeFileSync } from 'node:fs';
import { basename, dirname, join, resolve } from 'node:path';
import { FLEET_GROUPS } from './names.js';

export interface InventoryHost {
  readonly name: string;
  readonly url: string;
  readonly user: string;
  readonly password: string;
  readonly groups: readonly string[];
  passwordFile?: string;
}

export interface WrittenInventory {
  /** The inventory, absolute. */
  readonly file: string;
  /** The 0700 directory holding `NAME.password` for each host. */
  readonly passwordDir: string;
}

/** `FILE` without its YAML extension plus `-passwords`: `lab.yml` keeps `lab-passwords/`. */
export const passwordDirOf = (file: string): string =>
  join(dirname(file), `${basename(file).replace(/\.ya?ml$/i, '')}-passwords`);

/** A YAML scalar: JSON's double-quoted strings are YAML's, escapes included. */
const q = (s: string): string => JSON.stringify(s);

export function inventoryYaml(hosts: readonly InventoryHost[], telemetryUrl?: string): string {
  const lines = [
    '# A simulated fleet (routersh sim --routers): use it with `routersh -i THIS-FILE`.',
    '# Passwords are in the files routersh_password_file names, never in this file.',
    'all:',
    '  children:',
  ];
  for (const group of FLEET_GROUPS) {
    const members = hosts.filter((h) => h.groups.includes(group));
    if (members.length === 0) continue;
    lines.push(`    ${group}:`, '      hosts:');
    for (const h of members) {
      // Vars once, under the role group (groups[0]); Ansible merges a host named in many groups.
      if (h.groups[0] !== group) {
        lines.push(`        ${h.name}:`);
        continue;
      }
      lines.push(
        `        ${h.name}:`,
        `          routersh_router: ${q(h.url)}`,
        `          routersh_user: ${q(h.user)}`,
      );
      if (h.passwordFile) lines.push(`          routersh_password_file: ${q(h.passwordFile)}`);
      if (telemetryUrl) lines.push(`          routersh_telemetry_url: ${q(telemetryUrl)}`);
    }
  }
  return `${lines.join('\n')}\n`;
}

/** Writes the password files first (so the inventory never names a missing one), then FILE. */
export function writeFleetInventory(
  file: string,
  hosts: readonly InventoryHost[],
  telemetryUrl?: string,
): WrittenInventory {
  const abs = resolve(file);
  const passwordDir = passwordDirOf(abs);
  mkdirSync(passwordDir, { recursive: true, mode: 0o700 });
  chmodSync(passwordDir, 0o700); // an existing directory too: it is about to hold secrets
  for (const h of hosts) {
    const pf = join(passwordDir, `${h.name}.password`);
    writeFileSync(pf, `${h.password}\n`, { mode: 0o600 });
    chmodSync(pf, 0o600);
    h.passwordFile = pf;
  }
  writeFileSync(abs, inventoryYaml(hosts, telemetryUrl));
  return { file: abs, passwordDir };
}
