// `routersh ansible-path`: the folder holding the package's Ansible modules (ansible/:
// routersh_command, routersh_change), for ANSIBLE_LIBRARY and ANSIBLE_ACTION_PLUGINS. Found
// upwards from this module, as the guard finds bin/ (dist/ in a package, src/ in a checkout).
import { existsSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { commandFailedError, OK, usageError } from '../errors.js';
import type { Command } from './command.js';

/** The package's ansible/ folder, or undefined when this installation has none. */
export function ansibleDir(from: string = fileURLToPath(import.meta.url)): string | undefined {
  let dir = dirname(from);
  for (let i = 0; i < 5; i++) {
    const folder = join(dir, 'ansible');
    if (existsSync(join(folder, 'routersh_command.py'))) return folder;
    dir = dirname(dir);
  }
  return undefined;
}

export const command: Command<null> = {
  parse(argv) {
    if (argv.length > 0) throw usageError(`ansible-path takes no arguments, not '${argv[0]}'`);
    return null;
  },
  async run(_, io) {
    const dir = ansibleDir();
    if (!dir) throw commandFailedError('this installation of routersh has no ansible/ folder');
    io.out(`${dir}\n`);
    return OK;
  },
};
