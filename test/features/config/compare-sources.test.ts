// `compare` against anything (issue 38, item 5), through the product's entry (`routersh -c …`,
// in-process) against router simulators over HTTP: a file saved by `config save`, then a change
// made by another client (a raw HTTP request, not routersh) — `compare FILE` shows exactly that
// difference, `-` the file and `+` live, and --json the lines added and removed; `compare
// checkpoint NAME`; `compare --router URL` and `compare --profile P` (a second simulator, walked
// through a session of its own); `compare` alone keeps its meaning (this session's changes).
// On old main `compare FILE` was refused (compare took no argument).
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type RouterSim, startRouterSim } from '../../../sim/router/index.js';
import { adminEnv, runCommand } from '../../helpers/command-io.js';

const auth = { authorization: `Basic ${Buffer.from('admin:admin').toString('base64')}` };

/** A change made by someone else: a raw request to the router, not through routersh. */
async function otherClientSets(sim: RouterSim, words: string[]): Promise<void> {
  const r = await fetch(`${sim.url}/api/${words.map(encodeURIComponent).join('/')}`, {
    method: 'POST',
    headers: auth,
    body: '{}',
  });
  expect(r.status).toBe(200);
}

const diffLines = (out: string) => out.split('\n').filter((l) => /^[-+](?![-+]{2} )/.test(l));

describe('compare against a file, a checkpoint, another router', () => {
  let r1: RouterSim;
  let r2: RouterSim;
  beforeAll(async () => {
    [r1, r2] = await Promise.all([startRouterSim(), startRouterSim()]);
  });
  afterAll(async () => {
    await Promise.all([r1.close(), r2.close()]);
  });

  it('compare FILE shows exactly a difference made by another client; --json its lines', async () => {
    const env = adminEnv(r1.url);
    const file = join(mkdtempSync(join(tmpdir(), 'routersh-cmp-')), 'r1.conf');
    const saved = await runCommand(
      ['-c', `config save ${file}`, '-c', `compare ${file}`, '-c', 'checkpoint base'],
      env,
    );
    expect(saved.err).toBe('');
    expect(saved.code).toBe(0);
    expect(saved.out).toContain(`no differences: ${file}`);

    await otherClientSets(r1, ['interface', 'eth1', 'mtu', '9000']);
    await otherClientSets(r1, ['interface', 'eth0', 'description', 'to-core']);

    const r = await runCommand(['-c', `compare ${file}`], env);
    expect(r.err).toBe('');
    expect(r.code).toBe(0);
    expect(r.out.split('\n')[0]).toMatch(new RegExp(`^--- ${file} \\(\\d{4}-`));
    expect(r.out.split('\n')[1]).toBe(`+++ live ${r1.url}`);
    expect(diffLines(r.out)).toEqual([
      '-interface eth0 description uplink',
      '+interface eth0 description to-core',
      '-interface eth1 mtu 1500',
      '+interface eth1 mtu 9000',
    ]);
    const j = await runCommand(['--json', '-c', `compare ${file}`], env);
    const doc = JSON.parse(j.out) as { added: string[]; removed: string[] };
    expect(doc.added).toEqual(['interface eth0 description to-core', 'interface eth1 mtu 9000']);
    expect(doc.removed).toEqual(['interface eth0 description uplink', 'interface eth1 mtu 1500']);

    // The same against the checkpoint kept before the change.
    const c = await runCommand(['-c', 'compare checkpoint base'], env);
    expect(c.out.split('\n')[0]).toMatch(/^--- checkpoint base \(/);
    expect(diffLines(c.out)).toEqual(diffLines(r.out));
    // compare alone keeps its meaning: this session changed nothing.
    expect((await runCommand(['-c', 'compare'], env)).out).toContain('no changes in this session');
  });

  it('compare --router URL and --profile P walk the other router: - it, + live', async () => {
    const env = adminEnv(r2.url);
    await otherClientSets(r2, ['hostname', 'r2-changed']);
    const byUrl = await runCommand(['-c', `compare --router ${r1.url}`], env);
    expect(byUrl.err).toBe('');
    expect(byUrl.out.split('\n').slice(0, 2)).toEqual([`--- ${r1.url}`, `+++ live ${r2.url}`]);
    const lines = diffLines(byUrl.out);
    expect(lines).toContain('+hostname r2-changed');
    expect(lines.filter((l) => l.startsWith('+hostname'))).toHaveLength(1);
    expect(lines.filter((l) => l.startsWith('-hostname'))).toHaveLength(1);

    // A profile of its own (user and password file), with this session's router in the environment.
    const cfg = mkdtempSync(join(tmpdir(), 'routersh-cmp-cfg-'));
    const pw = join(cfg, 'pw');
    writeFileSync(pw, 'admin\n', { mode: 0o600 });
    const { mkdirSync } = await import('node:fs');
    mkdirSync(join(cfg, 'routersh'), { recursive: true });
    writeFileSync(
      join(cfg, 'routersh', 'config.json'),
      JSON.stringify({ profiles: { r1: { router: r1.url, user: 'admin', passwordFile: pw } } }),
    );
    const byProfile = await runCommand(['-c', 'compare --profile r1'], { ...env, XDG_CONFIG_HOME: cfg });
    expect(byProfile.err).toBe('');
    expect(byProfile.out.split('\n')[0]).toBe(`--- profile r1 (${r1.url})`);
    expect(diffLines(byProfile.out)).toEqual(lines);
  });

  it("--router URL with nothing to log in with in the environment takes this session's login", async () => {
    const dir = mkdtempSync(join(tmpdir(), 'routersh-cmp-login-'));
    const pw = join(dir, 'pw');
    writeFileSync(pw, 'admin\n', { mode: 0o600 });
    const r = await runCommand(
      ['--router', r1.url, '--user', 'admin', '--password-file', pw, '-c', `compare --router ${r1.url}`],
      { XDG_STATE_HOME: join(dir, 'state') },
    );
    expect(r.err).toBe('');
    expect(r.out).toBe(`no differences: ${r1.url} and live ${r1.url}\n`);
  });

  it('compare FILE of a subtree walks only that subtree', async () => {
    const env = adminEnv(r1.url);
    const file = join(mkdtempSync(join(tmpdir(), 'routersh-cmp-under-')), 'eth.conf');
    expect((await runCommand(['-c', `config save ${file} interface eth1`], env)).code).toBe(0);
    await otherClientSets(r1, ['interface', 'eth1', 'description', 'under-test']);
    await otherClientSets(r1, ['hostname', 'not-under-eth1']);
    const r = await runCommand(['-c', `compare ${file}`], env);
    expect(r.err).toBe('');
    expect(diffLines(r.out)).toEqual([
      expect.stringMatching(/^-interface eth1 description /),
      '+interface eth1 description under-test',
    ]);
  });

  it('refuses bad arguments in one line', async () => {
    const env = adminEnv(r1.url);
    for (const [line, why] of [
      ['compare /nonexistent.conf', 'cannot read /nonexistent.conf: ENOENT'],
      ['compare checkpoint', 'compare checkpoint: wants a name'],
      ['compare checkpoint ../x', 'checkpoint name "../x"'],
      ['compare checkpoint none-such', 'no checkpoint none-such for'],
      ['compare a b', 'compare takes FILE, checkpoint NAME, --profile P or --router URL'],
      ['compare --profile nope', 'nope'],
    ] as const) {
      const r = await runCommand(['-c', line], env);
      expect(r.code, line).toBe(1);
      expect(r.err, line).toContain(why);
      expect(r.err.trim().split('\n'), line).toHaveLength(1);
    }
  });
});
