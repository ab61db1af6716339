// `routersh ansible-path` through the product's own entry: the folder of this checkout's
// Ansible modules (the end-to-end run under ansible-core is test/e2e/ansible.test.ts).
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { runCommand } from '../helpers/command-io.js';

describe('routersh ansible-path', () => {
  it('prints the folder holding routersh_command.py, routersh_change.py and their shared code', async () => {
    const r = await runCommand(['ansible-path']);
    expect({ code: r.code, err: r.err }).toEqual({ code: 0, err: '' });
    const dir = r.out.replace(/\n$/, '');
    expect(r.out).toBe(`${dir}\n`);
    for (const f of ['routersh_command.py', 'routersh_change.py', join('routersh_lib', '__init__.py')])
      expect(existsSync(join(dir, f))).toBe(true);
  });

  it('takes no argument: a usage error, exit 2', async () => {
    const r = await runCommand(['ansible-path', 'library']);
    expect(r.code).toBe(2);
    expect(r.err).toBe("% ansible-path takes no arguments, not 'library'\n");
  });
});
