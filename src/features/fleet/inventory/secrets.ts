// Secrets never come from an inventory's text (issue 39): a password, a token or a vault value
// written in it is refused with one line that names the file, the line and the variable, never
// the value. They live in files (`routersh_password_file`, `routersh_token_file`) or the
// environment.
import { configError } from '../../../errors.js';

/** Variables that hold a secret inline, in Ansible's and routersh's names. */
const SECRET_VARS = new Set([
  'ansible_password',
  'ansible_ssh_pass',
  'ansible_ssh_password',
  'ansible_become_pass',
  'ansible_become_password',
  'ansible_sudo_pass',
  'ansible_su_pass',
  'routersh_password',
  'routersh_token',
]);

const FILE_OF: Record<string, string> = { routersh_token: 'routersh_token_file' };

/** A vault-encrypted value (`!vault |` in YAML is refused by the YAML reader itself). */
const isVault = (v: unknown): boolean => typeof v === 'string' && v.trimStart().startsWith('$ANSIBLE_VAULT;');

/** Refuses `key = value` when it holds a secret; `at` is `FILE:LINE`. */
export function checkVar(key: string, value: unknown, at: string): void {
  if (SECRET_VARS.has(key))
    throw configError(
      `${at}: '${key}' holds a secret in the inventory: name a file with ${FILE_OF[key] ?? 'routersh_password_file'} (value not shown)`,
    );
  if (isVault(value)) throw vaultError(key, at);
  if (value !== null && typeof value === 'object') {
    for (const v of Object.values(value as Record<string, unknown>))
      if (isVault(v)) throw vaultError(key, at);
  }
}

export const vaultError = (key: string, at: string) =>
  configError(
    `${at}: '${key}' is vault-encrypted: routersh reads secrets only from files or the environment (value not shown)`,
  );
