// save → someone else changes the router → compare → load, end to end on both routers (issue
// 38, "Done when"): `config save` writes the file (0600, header, never over a file without
// --force, secrets `***`); a bare node:http client changes the router; `compare FILE` shows
// exactly that difference; `config load merge`, `replace` and `override` each restore what they
// promise, read back with `show configuration --json`; `--dry-run` sends nothing.
import { readFileSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RouterSim } from '../../sim/router/index.js';
import { runBin } from '../helpers/run-bin.js';
import { bodyLines, ROUTERS, raw, rsh, rshEnv, showJson, text } from './config-rig.js';

const writes = (sim: RouterSim) => sim.requests.filter((r) => r.method !== 'GET').length;
const live = async (env: Record<string, string>) => (await showJson(env)).lines.map(text);
/** `compare`'s unified diff lines of `sign` (`-` the file, `+` live), without the `---`/`+++` header. */
const signed = (out: string, sign: '-' | '+') =>
  out
    .split('\n')
    .filter((l) => l.startsWith(sign) && !l.startsWith(`${sign.repeat(3)} `))
    .map((l) => l.slice(1))
    .sort();

describe.each(ROUTERS)('save, compare and load on the $name router', (rc) => {
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

  it('config load merge --dry-run prints the plan and sends nothing', async () => {
    const before = writes(sim);
    const r = await rsh(env, `config load merge ${file} --dry-run`);
    expect(r.code).toBe(0);
    for (const l of rc.minus) expect(r.stdout).toContain(l);
    expect(writes(sim)).toBe(before);
  });

  it('config load merge adds and changes back; what was added stays', async () => {
    const r = await runYes(env, `config load merge ${file}`);
    expect(r.code, r.stderr).toBe(0);
    const now = await live(env);
    for (const l of rc.minus) expect(now).toContain(l);
    // Changed values are back; added entries stay (merge never deletes).
    for (const l of rc.added) expect(now).toContain(l);
    const cmp = (await rsh(env, `compare ${file}`)).stdout;
    expect(signed(cmp, '-')).toEqual([]);
    expect(signed(cmp, '+')).toEqual([...rc.added].sort());
  });

  it('config load override makes the whole configuration the file (secrets left alone)', async () => {
    const r = await runYes(env, `config load override ${file}`);
    expect(r.code, r.stderr).toBe(0);
    expect(await live(env)).toEqual(saved);
    const cmp = await rsh(env, `compare ${file}`);
    expect([...signed(cmp.stdout, '-'), ...signed(cmp.stdout, '+')]).toEqual([]);
  });

  it('config load replace makes each entry the file names equal to it, the others untouched', async () => {
    const part = join(env.HOME!, 'part.conf');
    const header = readFileSync(file, 'utf8')
      .split('\n')
      .filter((l) => l.startsWith('#'));
    writeFileSync(part, `${[...header, ...rc.replace.lines].join('\n')}\n`);
    const r = await runYes(env, `config load replace ${part}`);
    expect(r.code, r.stderr).toBe(0);
    const now = await live(env);
    for (const l of rc.replace.lines) expect(now).toContain(l);
    for (const l of rc.replace.gone) expect(now).not.toContain(l);
    for (const l of rc.replace.untouched) expect(now).toContain(l);
    // Back to the saved file for whoever runs next.
    expect((await runYes(env, `config load override ${file}`)).code).toBe(0);
    expect(await live(env)).toEqual(saved);
  });
});

/** A load in a script answers its question with --yes. */
const runYes = (env: Record<string, string>, command: string) => runBin(['--yes', '-c', command], { env });
