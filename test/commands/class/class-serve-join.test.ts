// `routersh class join` against `routersh class serve`, both through the product's own entry:
// the trainee's commands change their router and are graded by the server, the board shows
// it; another trainee's name with this code gets nothing.
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, expect, it } from 'vitest';
import { runCommand } from '../../helpers/command-io.js';
import { bearer, call, type Served, serve } from './serve-helpers.js';

const running: Served[] = [];
afterEach(async () => {
  await Promise.all(running.splice(0).map((s) => s.stop()));
});

it("a trainee's lines graded by the class server; the board shows them; a code opens only its name", async () => {
  const s = await serve(['--trainees', '2', '--lesson', 'interfaces']);
  running.push(s);
  const dir = mkdtempSync(join(tmpdir(), 'class-join-'));
  const codeFile = join(dir, 'code');
  writeFileSync(codeFile, `${s.codes.get('t1')}\n`, { mode: 0o600 });
  const env = { XDG_STATE_HOME: dir };
  const lines = ['-c', 'interface eth1.100', '-c', 'interface eth1.100 mtu 9000'];
  const r = await runCommand(
    ['class', 'join', s.url, '--name', 't1', '--code-file', codeFile, ...lines],
    env,
  );
  expect({ code: r.code, err: r.err }).toEqual({ code: 0, err: '' });
  expect(r.out).toContain('✓ step 1/5 done: Create a VLAN interface');
  expect(r.out).toContain('✓ step 2/5 done: Set its MTU');
  const board = await call(`${s.url}/class/board`, 'GET', bearer(s.token!));
  const t1 = (board.body['trainees'] as Array<Record<string, unknown>>).find((t) => t['name'] === 't1')!;
  expect(t1).toMatchObject({ joined: true, current: 2, steps: ['done', 'done', 'current', 'todo', 'todo'] });
  expect(t1['last']).toMatchObject({ line: 'interface eth1.100 mtu 9000' });

  const other = await runCommand(
    ['class', 'join', s.url, '--name', 't2', '--code-file', codeFile, '-c', 'show interface'],
    env,
  );
  expect(other.code).toBe(3);
  expect(other.out).toBe('');
  expect(other.err.trimEnd().split('\n')).toHaveLength(1);
});
