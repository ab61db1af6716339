// Checkpoints end to end on both routers (issue 38, "Done when"): `checkpoint NAME` keeps the
// whole configuration (0600, secrets `***`), `checkpoints` lists it; after another client's
// changes `compare checkpoint NAME` shows exactly them, and `rollback checkpoint NAME` makes the
// configuration equal to it again, keeping an automatic checkpoint of the nodes it changed.
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RouterSim } from '../../sim/router/index.js';
import { runBin } from '../helpers/run-bin.js';
import { bodyLines, ROUTERS, raw, rsh, rshEnv, showJson, signed, text } from './config-rig.js';

const live = async (env: Record<string, string>) => (await showJson(env)).lines.map(text);

describe.each(ROUTERS)('checkpoints on the $name router', (rc) => {
  let sim: RouterSim;
  let env: Record<string, string>;
  let kept: string[];
  const files = () => {
    const root = join(env.XDG_STATE_HOME!, 'routersh', 'checkpoints');
    return readdirSync(root).flatMap((d) => readdirSync(join(root, d)).map((f) => join(root, d, f)));
  };
  beforeAll(async () => {
    sim = await rc.start();
    env = rshEnv(sim.url);
  });
  afterAll(() => sim.close());

  it('checkpoint NAME keeps the whole configuration; checkpoints lists it; a name is kept once', async () => {
    const r = await rsh(env, 'checkpoint before-change');
    expect(r.stderr).toBe('');
    expect(r.code).toBe(0);
    const [file] = files().filter((f) => f.endsWith('/before-change.conf'));
    expect(file).toBeDefined();
    expect(statSync(file!).mode & 0o777).toBe(0o600);
    const t = readFileSync(file!, 'utf8');
    expect(t).toContain(`# router: ${sim.url}`);
    kept = bodyLines(t);
    expect(kept).toEqual(await live(env));
    if (rc.secret) expect(t).not.toContain(rc.secret);
    const list = await rsh(env, 'checkpoints');
    expect(list.code).toBe(0);
    expect(list.stdout).toMatch(/^before-change\s+\d+[smhd]\s+\d+\s+named/m);
    const again = await rsh(env, 'checkpoint before-change');
    expect(again.code).not.toBe(0);
  });

  it('compare checkpoint NAME shows exactly what another client changed', async () => {
    for (const c of rc.change) await raw(sim, c);
    const r = await rsh(env, 'compare checkpoint before-change');
    expect(r.code).toBe(0);
    expect(signed(r.stdout, '-')).toEqual([...rc.minus].sort());
    expect(signed(r.stdout, '+')).toEqual([...rc.plus].sort());
  });

  it('rollback checkpoint NAME makes the configuration equal to it, keeping an automatic checkpoint', async () => {
    const r = await runBin(['--yes', '-c', 'rollback checkpoint before-change'], { env });
    expect(r.code, r.stderr).toBe(0);
    expect(await live(env)).toEqual(kept);
    const auto = files().filter((f) => /\/auto-[^/]+\.conf$/.test(f));
    expect(auto).toHaveLength(1);
    const t = readFileSync(auto[0]!, 'utf8');
    expect(t).toMatch(/^# why: rollback checkpoint before-change$/m);
    // It holds what the changed nodes held before the rollback: the other client's lines.
    for (const l of rc.plus.filter((p) => !rc.added.includes(p))) expect(bodyLines(t)).toContain(l);
    const list = await rsh(env, 'checkpoints');
    expect(list.stdout).toMatch(/^auto-\S+\s+\d+[smhd]\s+\d+\s+auto/m);
  });
});
