// `routersh config diff A B [--exit-code] [--json]` end to end (issue 38, item 5): the built
// binary, two router simulators over HTTP, files saved by `config save`, a checkpoint. Between
// two files, a file and a checkpoint, and two routers (each walked through a session of its own,
// the credentials from the environment): unified diff lines, `-` A and `+` B; exit 0 whether or
// not they differ, 1 with --exit-code only when they differ, 2 for a bad argument. On old main
// `routersh config` was not a command (it ran as a shell script line and failed).
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type RouterSim, startRouterSim } from '../../sim/router/index.js';
import { runBin } from '../helpers/run-bin.js';

const auth = { authorization: `Basic ${Buffer.from('admin:admin').toString('base64')}` };

async function otherClientSets(sim: RouterSim, words: string[]): Promise<void> {
  const r = await fetch(`${sim.url}/api/${words.map(encodeURIComponent).join('/')}`, {
    method: 'POST',
    headers: auth,
    body: '{}',
  });
  expect(r.status).toBe(200);
}

/** The changed lines of a unified diff (not its ---/+++ header). */
const changed = (out: string) => out.split('\n').filter((l) => /^[-+](?![-+]{2} )/.test(l));

describe('routersh config diff', () => {
  let r1: RouterSim;
  let r2: RouterSim;
  let dir: string;
  let env: Record<string, string>;
  beforeAll(async () => {
    [r1, r2] = await Promise.all([startRouterSim(), startRouterSim()]);
    dir = mkdtempSync(join(tmpdir(), 'routersh-cdiff-'));
    env = {
      ROUTERSH_USER: 'admin',
      ROUTERSH_PASSWORD: 'admin',
      XDG_STATE_HOME: join(dir, 'state'),
      XDG_CONFIG_HOME: join(dir, 'config'),
    };
  });
  afterAll(async () => {
    await Promise.all([r1.close(), r2.close()]);
  });

  it('two routers: equal → 0 even with --exit-code; after a change, - A + B, 1 with --exit-code only', async () => {
    const a = `router:${r1.url}`;
    const b = `router:${r2.url}`;
    const same = await runBin(['config', 'diff', a, b, '--exit-code'], { env });
    expect(same.stderr).toBe('');
    expect(same.stdout).toBe('');
    expect(same.code).toBe(0);

    await otherClientSets(r2, ['interface', 'eth1', 'mtu', '9000']);
    const plain = await runBin(['config', 'diff', a, b], { env });
    expect(plain.code).toBe(0);
    expect(plain.stdout.split('\n').slice(0, 2)).toEqual([`--- ${r1.url}`, `+++ ${r2.url}`]);
    expect(changed(plain.stdout)).toEqual(['-interface eth1 mtu 1500', '+interface eth1 mtu 9000']);
    const strict = await runBin(['config', 'diff', a, b, '--exit-code'], { env });
    expect(strict.code).toBe(1);
    expect(strict.stdout).toBe(plain.stdout);
    const json = await runBin(['config', 'diff', a, b, '--json'], { env });
    expect(JSON.parse(json.stdout)).toEqual({
      from: r1.url,
      to: r2.url,
      added: ['interface eth1 mtu 9000'],
      removed: ['interface eth1 mtu 1500'],
    });
  });

  it('two files, and a file against a checkpoint', async () => {
    const f1 = join(dir, 'before.conf');
    const f2 = join(dir, 'after.conf');
    const routerEnv = { ...env, ROUTERSH_ROUTER: r1.url };
    // `routersh config save FILE` is `routersh -c 'config save FILE'`.
    const saved = await runBin(['config', 'save', f1], { env: routerEnv });
    expect(saved.stderr).toBe('');
    expect(saved.code).toBe(0);
    expect((await runBin(['-c', 'checkpoint base'], { env: routerEnv })).code).toBe(0);
    expect((await runBin(['config', 'diff', f1, `router:${r1.url}`, '--exit-code'], { env })).code).toBe(0);
    await otherClientSets(r1, ['hostname', 'core-9']);
    expect((await runBin(['-c', `config save ${f2}`], { env: routerEnv })).code).toBe(0);

    const files = await runBin(['config', 'diff', f1, f2, '--exit-code'], { env });
    expect(files.code).toBe(1);
    expect(files.stdout.split('\n')[0]).toMatch(new RegExp(`^--- ${f1} \\(`));
    const hostname = changed(files.stdout);
    expect(hostname).toHaveLength(2);
    expect(hostname[0]).toMatch(/^-hostname /);
    expect(hostname[1]).toBe('+hostname core-9');
    expect((await runBin(['config', 'diff', f1, f1, '--exit-code'], { env })).code).toBe(0);

    // The checkpoint of the one router that keeps it (no --router given), against the later file.
    const cp = await runBin(['config', 'diff', 'checkpoint:base', f2, '--exit-code'], { env });
    expect(cp.stderr).toBe('');
    expect(cp.code).toBe(1);
    expect(cp.stdout.split('\n')[0]).toMatch(/^--- checkpoint base \(/);
    expect(changed(cp.stdout)).toEqual(hostname);
    // … and against the router it was kept for, walked now.
    const live = await runBin(['config', 'diff', 'checkpoint:base', `router:${r1.url}`], { env: routerEnv });
    expect(changed(live.stdout)).toEqual(hostname);
  });

  it('a bad argument, an unreadable file or an unknown checkpoint: 2, one line', async () => {
    for (const args of [
      ['config', 'diff', 'only-one'],
      ['config', 'diff', 'a', 'b', 'c'],
      ['config', 'diff', join(dir, 'nope.conf'), join(dir, 'nope2.conf')],
      ['config', 'diff', 'checkpoint:none-such', 'checkpoint:base', '--exit-code'],
      ['config', 'diff', 'checkpoint:../x', 'x.conf'],
      ['config', 'diff', 'a', 'b', '--frob'],
      ['config', 'frob'],
    ]) {
      const r = await runBin(args, { env });
      expect(r.code, args.join(' ')).toBe(2);
      expect(r.stdout, args.join(' ')).toBe('');
      expect(r.stderr.trim().split('\n'), args.join(' ')).toHaveLength(1);
    }
  });
});
