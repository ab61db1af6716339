// `show configuration` end to end on both routers (issue 38, "Done when"): the built binary
// walks the simulator and the shaped router; lines in tree order, action nodes never, a secret
// the metadata shows as `***`, members only with `members`, `--json` as the issue pins it, a
// subtree, and `config show` the same as `show configuration`.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RouterSim } from '../../sim/router/index.js';
import { ROUTERS, rsh, rshEnv, showJson, text } from './config-rig.js';

/** `want` appear in `lines` in this order (other lines may sit between them). */
function inOrder(lines: readonly string[], want: readonly string[]): string[] {
  const missing: string[] = [];
  let at = 0;
  for (const w of want) {
    const i = lines.indexOf(w, at);
    if (i < 0) missing.push(w);
    else at = i + 1;
  }
  return missing;
}

describe.each(ROUTERS)('show configuration on the $name router', (rc) => {
  let sim: RouterSim;
  let env: Record<string, string>;
  beforeAll(async () => {
    sim = await rc.start();
    env = rshEnv(sim.url);
  });
  afterAll(() => sim.close());

  it('prints one line per configured value in tree order; no action, no secret, no member', async () => {
    const r = await rsh(env, 'show configuration');
    expect(r.stderr).toBe('');
    expect(r.code).toBe(0);
    const lines = r.stdout.split('\n').filter(Boolean);
    expect(inOrder(lines, rc.expected)).toEqual([]);
    for (const re of rc.never) expect(r.stdout).not.toMatch(re);
    if (rc.member) expect(lines).not.toContain(rc.member);
    // No line twice (a value read through two paths would be).
    expect(new Set(lines).size).toBe(lines.length);
    const same = await rsh(env, 'config show');
    expect(same.stdout).toBe(r.stdout);
  });

  it('members adds the match-list members', async () => {
    const r = await rsh(env, 'show configuration members');
    expect(r.code).toBe(0);
    const lines = r.stdout.split('\n').filter(Boolean);
    expect(inOrder(lines, rc.expected)).toEqual([]);
    if (rc.member) expect(lines).toContain(rc.member);
  });

  it('--json: router, user, time, version and the lines, as the text prints them', async () => {
    const doc = await showJson(env);
    expect(Object.keys(doc).sort()).toEqual(['lines', 'router', 'time', 'user', 'version']);
    expect(doc.router).toBe(sim.url);
    expect(doc.user).toBe('admin');
    expect(Number.isNaN(Date.parse(doc.time))).toBe(false);
    expect(doc.time).toMatch(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d(\.\d+)?(Z|[+-]\d\d:\d\d)$/);
    const plain = (await rsh(env, 'show configuration')).stdout.split('\n').filter(Boolean);
    expect(doc.lines.map(text)).toEqual(plain);
    for (const l of doc.lines) expect(Object.keys(l).sort()).toEqual(['options', 'path', 'secret']);
    const secrets = doc.lines.filter((l) => l.secret);
    if (rc.secret) {
      expect(secrets.length).toBeGreaterThan(0);
      expect(JSON.stringify(doc)).not.toContain(rc.secret);
      for (const l of secrets) expect(text(l)).toContain('***');
    } else expect(secrets).toEqual([]);
  });

  it('a subtree: only the lines at and under its words', async () => {
    const words = rc.replace.lines[0]!;
    const r = await rsh(env, `show configuration ${words}`);
    expect(r.code).toBe(0);
    const lines = r.stdout.split('\n').filter(Boolean);
    expect(lines.length).toBeGreaterThan(1);
    for (const l of lines) expect(l === words || l.startsWith(`${words} `)).toBe(true);
    const whole = (await rsh(env, 'show configuration')).stdout.split('\n');
    expect(lines).toEqual(whole.filter((l) => l === words || l.startsWith(`${words} `)));
  });
});
