// Two configurations compared end to end on both routers (issue 38, "Done when"): two routers
// alike, one changed by another client; `routersh config diff` between the two routers and
// between their saved files, `--exit-code`; a checkpoint of the first against the second's
// profile; `compare --router URL` and `compare --profile P` from a shell on the first.
import { chmodSync, mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RouterSim } from '../../sim/router/index.js';
import { runBin } from '../helpers/run-bin.js';
import { ROUTERS, raw, rsh, rshEnv, signed } from './config-rig.js';

describe.each(ROUTERS)('config diff and compare between two $name routers', (rc) => {
  let r1: RouterSim;
  let r2: RouterSim;
  let env: Record<string, string>;
  beforeAll(async () => {
    [r1, r2] = await Promise.all([rc.start(), rc.start()]);
    env = rshEnv(r1.url);
    for (const c of rc.change) await raw(r2, c);
  });
  afterAll(() => Promise.all([r1.close(), r2.close()]));

  /** `-` the lines only r1 has, `+` those only r2 has. */
  const expectR1toR2 = (out: string) => {
    expect(signed(out, '-')).toEqual([...rc.minus].sort());
    expect(signed(out, '+')).toEqual([...rc.plus].sort());
  };

  it('routersh config diff router:A router:B: the difference; --exit-code 1 when they differ, 0 when not', async () => {
    const d = await runBin(['config', 'diff', `router:${r1.url}`, `router:${r2.url}`], { env });
    expect(d.stderr).toBe('');
    expect(d.code).toBe(0);
    expectR1toR2(d.stdout);
    const strict = await runBin(['config', 'diff', `router:${r1.url}`, `router:${r2.url}`, '--exit-code'], {
      env,
    });
    expect(strict.code).toBe(1);
    const same = await runBin(['config', 'diff', `router:${r1.url}`, `router:${r1.url}`, '--exit-code'], {
      env,
    });
    expect(same.code).toBe(0);
    expect([...signed(same.stdout, '-'), ...signed(same.stdout, '+')]).toEqual([]);
  });

  it('routersh config diff FILE FILE: the same difference from their saved files', async () => {
    const f1 = join(env.HOME!, 'r1.conf');
    const f2 = join(env.HOME!, 'r2.conf');
    expect((await rsh(env, `config save ${f1}`)).code).toBe(0);
    expect((await rsh({ ...env, ROUTERSH_ROUTER: r2.url }, `config save ${f2}`)).code).toBe(0);
    const d = await runBin(['config', 'diff', f1, f2, '--exit-code'], { env });
    expect(d.code).toBe(1);
    expectR1toR2(d.stdout);
    const json = await runBin(['config', 'diff', f1, f2, '--json'], { env });
    expect(json.code).toBe(0);
    const doc = JSON.parse(json.stdout) as { added: string[]; removed: string[] };
    expect([...doc.removed].sort()).toEqual([...rc.minus].sort());
    expect([...doc.added].sort()).toEqual([...rc.plus].sort());
  });

  /** A profile `other` for r2 (user and password file), in routersh's config directory. */
  const profileOther = () => {
    const dir = join(env.XDG_CONFIG_HOME!, 'routersh');
    mkdirSync(dir, { recursive: true, mode: 0o700 });
    const pw = join(dir, 'other.password');
    writeFileSync(pw, 'admin\n', { mode: 0o600 });
    const cfg = join(dir, 'config.json');
    writeFileSync(
      cfg,
      JSON.stringify({ profiles: { other: { router: r2.url, user: 'admin', passwordFile: pw } } }),
    );
    chmodSync(cfg, 0o600);
  };

  it('routersh config diff checkpoint:NAME profile:NAME: a checkpoint of A against the router of a profile', async () => {
    profileOther();
    const kept = await rsh(env, 'checkpoint base');
    expect(kept.code, kept.stderr).toBe(0);
    const d = await runBin(['config', 'diff', 'checkpoint:base', 'profile:other', '--exit-code'], { env });
    expect(d.stderr).toBe('');
    expect(d.code).toBe(1);
    expectR1toR2(d.stdout);
    // An unknown checkpoint is a bad argument (2), not a difference (1).
    const none = await runBin(['config', 'diff', 'checkpoint:nope', 'profile:other', '--exit-code'], { env });
    expect(none.code).toBe(2);
    expect(none.stderr).toContain('nope');
  });

  it('compare --router URL and compare --profile P: - the other router, + live', async () => {
    profileOther();
    // Both from one routersh (a start is ~0.3 s of CPU): each diff begins with its `--- ` line.
    const both = await rsh(env, `compare --router ${r2.url}`, 'compare --profile other');
    expect(both.code, both.stderr).toBe(0);
    const [byUrl, byProfile] = both.stdout.split(/^(?=--- )/m);
    expect(byUrl).toMatch(/^--- http:/);
    // From r1's shell the other side (-) is r2: the signs turn around.
    expect(signed(byUrl!, '-')).toEqual([...rc.plus].sort());
    expect(signed(byUrl!, '+')).toEqual([...rc.minus].sort());
    expect(byProfile).toMatch(/^--- profile other/);
    expect(signed(byProfile!, '-')).toEqual([...rc.plus].sort());
    expect(signed(byProfile!, '+')).toEqual([...rc.minus].sort());
  });
});
