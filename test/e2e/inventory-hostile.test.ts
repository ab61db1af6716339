// Hostile inventories through the built binary (`routersh inventory -i FILE`): a dynamic
// inventory that hangs (killed after 10 s with what it started), prints 1 GB (killed past
// 16 MiB), prints garbage, or exits 1 with escape sequences on stderr; each is one line, exit
// 2, nothing left running. The script never sees routersh's secrets from the environment.
import { chmodSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { runBin } from '../helpers/run-bin.js';

const dir = mkdtempSync(join(tmpdir(), 'inv-hostile-'));
function script(name: string, body: string): string {
  const p = join(dir, name);
  writeFileSync(p, `#!/bin/sh\n${body}\n`);
  chmodSync(p, 0o755);
  return p;
}
/** Running: a zombie (killed, not yet reaped where no init reaps) is not. */
const alive = (pid: number) => {
  try {
    return !/^\d+ \(.*\) Z/.test(readFileSync(`/proc/${pid}/stat`, 'utf8'));
  } catch {
    return false;
  }
};
const oneLine = (s: string) => s.trim().split('\n');

describe.concurrent('a hostile dynamic inventory', () => {
  it('hangs: killed after 10 s, its children too; one line', async () => {
    const pidFile = join(dir, 'sleep.pid');
    const hang = script('hang.sh', `sleep 1000 &\necho $! > ${pidFile}\nwait`);
    const r = await runBin(['inventory', '-i', hang]);
    expect(r.code).toBe(2);
    expect(oneLine(r.stderr)).toEqual([
      `% ${hang}: the dynamic inventory did not answer --list within 10 s (killed)`,
    ]);
    expect(alive(Number(readFileSync(pidFile, 'utf8')))).toBe(false);
  });

  it('prints 1 GB: killed past 16 MiB, one line', async () => {
    const big = script('big.sh', 'printf \'{"g": [\' ; yes \'"h",\' | head -c 1000000000');
    const r = await runBin(['inventory', '-i', big]);
    expect(r.code).toBe(2);
    expect(oneLine(r.stderr)).toEqual([`% ${big}: the dynamic inventory printed more than 16 MiB (killed)`]);
  });

  it('prints garbage: not JSON, one line', async () => {
    const junk = script('junk.sh', "printf '\\033[2J<html>\\n{'");
    const r = await runBin(['inventory', '-i', junk]);
    expect(r.code).toBe(2);
    expect(oneLine(r.stderr)).toHaveLength(1);
    expect(r.stderr).toMatch(/junk\.sh --list: not JSON/);
    expect(r.stderr).not.toContain('\x1b');
  });

  it('exits 1: its first stderr line, sanitized, ends the one line', async () => {
    const fail = script('fail.sh', "printf '\\033]0;owned\\007\\033[31mno cloud creds\\n2nd\\n' >&2\nexit 1");
    const r = await runBin(['inventory', '-i', fail]);
    expect(r.code).toBe(2);
    expect(oneLine(r.stderr)).toEqual([`% ${fail}: the dynamic inventory exited 1: no cloud creds`]);
  });

  it('never gets the secrets of the environment', async () => {
    const spy = script(
      'spy.sh',
      `printf '{"g": {"hosts": ["h"]}, "_meta": {"hostvars": {"h": {"seen": "%s", "user": "%s"}}}}' "$ROUTERSH_PASSWORD$ROUTERSH_TOKEN" "$ROUTERSH_USER"`,
    );
    const r = await runBin(['inventory', '-i', spy, '--json'], {
      env: { ROUTERSH_PASSWORD: 'hunter2', ROUTERSH_TOKEN: 'tok', ROUTERSH_USER: 'ops' },
    });
    expect(r.stderr).toBe('');
    expect(JSON.parse(r.stdout).hosts[0].vars).toEqual({ seen: '', user: 'ops' });
  });
});

describe('--limit patterns through the binary', () => {
  // RE2 loads only for a pattern that needs it (pattern.ts needsRegexEngine): a fresh process
  // must load it itself for a `~regex`, a glob of several `*` and an `@FILE` of such patterns.
  it('~regex, a glob of two stars and @FILE select as Ansible would', async () => {
    const inv = join(dir, 'hosts.yml');
    writeFileSync(
      inv,
      'all:\n  hosts:\n    edge-01:\n    edge-02:\n    core-1:\n  children:\n    dc1:\n      hosts:\n        edge-02:\n',
    );
    const limits = join(dir, 'limits');
    writeFileSync(limits, '~^core\n');
    const names = async (limit: string) => {
      const r = await runBin(['inventory', '-i', inv, '--limit', limit, '--json']);
      expect(r.stderr).toBe('');
      return (JSON.parse(r.stdout) as { hosts: Array<{ name: string }> }).hosts.map((h) => h.name);
    };
    expect(await names('~edge-0[2-9]')).toEqual(['edge-02']);
    expect(await names('*e*-*1')).toEqual(['edge-01', 'core-1']);
    expect(await names(`@${limits}`)).toEqual(['core-1']);
    expect(await names('~edge:&dc1')).toEqual(['edge-02']);
  });
});
