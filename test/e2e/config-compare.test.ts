// save → someone else changes the router → compare, end to end on both routers (issue 38,
// "Done when"): `config save` writes the file (0600, header, never over a file without
// --force, secrets `***`); a bare node:http client changes the router; `compare FILE` shows
// exactly that difference.
import { readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RouterSim } from '../../sim/router/index.js';
import { bodyLines, ROUTERS, raw, rsh, rshEnv, showJson, signed, text } from './config-rig.js';

const live = async (env: Record<string, string>) => (await showJson(env)).lines.map(text);

describe.each(ROUTERS)('save and compare on the $name router', (rc) => {
  let sim: RouterSim;
  let env: Record<string, string>;
  let file: string;
  let saved: string[];
  beforeAll(async () => {
    sim = await rc.start();
    env = rshEnv(sim.url);
    file = join(env.HOME!, 'r1.conf');
  });
  afterAll(() => sim.close());

  it('config save writes the configuration with its header, 0600, never over a file without --force', async () => {
    const r = await rsh(env, `config save ${file}`);
    expect(r.stderr).toBe('');
    expect(r.code).toBe(0);
    expect(statSync(file).mode & 0o777).toBe(0o600);
    const t = readFileSync(file, 'utf8');
    const header = t.split('\n').filter((l) => l.startsWith('#'));
    expect(header.slice(0, 6)).toEqual([
      '# routersh configuration',
      `# router: ${sim.url}`,
      '# user: admin',
      expect.stringMatching(/^# time: \d{4}-\d\d-\d\dT/),
      expect.stringMatching(/^# version: \S+/),
      '# members: no',
    ]);
    saved = bodyLines(t);
    expect(saved).toEqual(await live(env));
    if (rc.secret) {
      expect(t).not.toContain(rc.secret);
      expect(t).toContain('***');
    }
    const again = await rsh(env, `config save ${file}`);
    expect(again.code).not.toBe(0);
    expect(again.stderr).toMatch(/exists|--force/);
    expect(readFileSync(file, 'utf8')).toBe(t);
    const forced = await rsh(env, `config save ${file} --force`);
    expect(forced.code).toBe(0);
    expect(bodyLines(readFileSync(file, 'utf8'))).toEqual(saved);
  });

  it('compare FILE shows exactly what someone else changed', async () => {
    for (const c of rc.change) await raw(sim, c);
    const r = await rsh(env, `compare ${file}`);
    expect(r.stderr).toBe('');
    expect(r.code).toBe(0);
    expect(signed(r.stdout, '-')).toEqual([...rc.minus].sort());
    expect(signed(r.stdout, '+')).toEqual([...rc.plus].sort());
  });
});
