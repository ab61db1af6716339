// `checkpoint [NAME]`, `checkpoints` and `rollback checkpoint NAME` (issue 38, item 4) through the
// product's entry (`routersh -c …`, in-process) against the router simulator over HTTP: a
// checkpoint holds the walked configuration (0600, its router and time in the header), a bad or
// existing name is refused in one line before anything is read, `checkpoints` lists name, age,
// lines and kind (and --json), a commit in candidate mode keeps an automatic checkpoint of the
// nodes it changes, and `rollback checkpoint NAME` (named, or automatic: only its nodes) puts
// the configuration back — the plan, then one transaction. `rollback N` keeps its meaning.
// On old main none of these built-ins existed (`unknown word`).
import { readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { keepAutoCheckpoint, listCheckpoints } from '../../../src/features/config/checkpoint-store.js';
import { type RouterSim, startRouterSim } from '../../../sim/router/index.js';
import { adminEnv, runCommand } from '../../helpers/command-io.js';

const auth = { authorization: `Basic ${Buffer.from('admin:admin').toString('base64')}` };

async function otherClientSets(sim: RouterSim, words: string[]): Promise<void> {
  const r = await fetch(`${sim.url}/api/${words.map(encodeURIComponent).join('/')}`, {
    method: 'POST',
    headers: auth,
    body: '{}',
  });
  expect(r.status).toBe(200);
}

const writes = (sim: RouterSim) => sim.requests.filter((r) => r.method !== 'GET').length;

describe('checkpoint, checkpoints, rollback checkpoint', () => {
  let sim: RouterSim;
  beforeAll(async () => {
    sim = await startRouterSim();
  });
  afterAll(() => sim.close());

  it('keeps the whole configuration (0600, router and time in it); refuses bad and existing names', async () => {
    const env = adminEnv(sim.url);
    const r = await runCommand(['-c', 'checkpoint before.upgrade_1', '-c', 'checkpoint'], env);
    expect(r.err).toBe('');
    expect(r.code).toBe(0);
    const state = join(env.XDG_STATE_HOME, 'routersh');
    const list = listCheckpoints(sim.url, { stateDir: state });
    expect(list.map((c) => c.name)).toEqual(['before.upgrade_1', expect.stringMatching(/^\d{8}-\d{6}$/)]);
    const file = list[0]!.file;
    expect(statSync(file).mode & 0o777).toBe(0o600);
    const text = readFileSync(file, 'utf8');
    expect(text).toContain(`# router: ${sim.url}\n`);
    expect(text).toMatch(/# time: \d{4}-\d\d-\d\dT/);
    expect(text).toContain('\ninterface eth1 mtu 1500\n');
    expect(list[0]!.lines).toBe(text.split('\n').filter((l) => l !== '' && !l.startsWith('#')).length);

    const gets = sim.requests.length;
    for (const [line, why] of [
      ['checkpoint before.upgrade_1', 'checkpoint before.upgrade_1 exists already: choose another name'],
      ['checkpoint ../../etc', 'checkpoint name "../../etc": use letters, digits'],
      ['checkpoint "a b"', 'checkpoint name "a b"'],
      ['checkpoint auto-1', "names beginning 'auto-' are routersh's automatic checkpoints"],
    ] as const) {
      const bad = await runCommand(['-c', line], env);
      expect(bad.code, line).toBe(1);
      expect(bad.err, line).toContain(why);
      expect(bad.err.trim().split('\n'), line).toHaveLength(1);
    }
    // Refused before the walk: nothing read from the router.
    expect(sim.requests.length).toBe(gets);
  });

  it('lists name, age, lines and kind; --json', async () => {
    const env = adminEnv(sim.url);
    const state = join(env.XDG_STATE_HOME, 'routersh');
    expect((await runCommand(['-c', 'checkpoints'], env)).out).toBe(`no checkpoints for ${sim.url}\n`);
    const twoHoursAgo = Date.now() - 2 * 3600_000 - 60_000;
    keepAutoCheckpoint({
      router: sim.url,
      user: 'admin',
      lines: [],
      why: 'commit',
      now: twoHoursAgo,
      stateDir: state,
    });
    const named = await runCommand(['-c', 'checkpoint mine', '-c', 'checkpoints'], env);
    const rows = named.out.split('\n').filter((l) => /^(auto-|mine)/.test(l));
    expect(rows).toHaveLength(2);
    expect(rows[0]).toMatch(/^auto-\S+\s+2h\s+0\s+auto\s+commit$/);
    expect(rows[1]).toMatch(/^mine\s+\d+s\s+\d+\s+named\s*$/);
    const j = JSON.parse((await runCommand(['--json', '-c', 'checkpoints'], env)).out) as {
      router: string;
      checkpoints: { name: string; kind: string; ageSeconds: number; lines: number }[];
    };
    expect(j.router).toBe(sim.url);
    expect(j.checkpoints.map((c) => [c.kind, c.ageSeconds >= 7200])).toEqual([
      ['auto', true],
      ['named', false],
    ]);
  });

  it('rollback checkpoint NAME puts a changed configuration back; rollback N keeps its meaning', async () => {
    const env = adminEnv(sim.url);
    expect((await runCommand(['-c', 'checkpoint base'], env)).code).toBe(0);
    await otherClientSets(sim, ['interface', 'eth1', 'mtu', '9000']);
    await otherClientSets(sim, ['hostname', 'changed-by-someone']);
    // Without --yes a script is not asked: nothing is sent.
    const before = writes(sim);
    const asked = await runCommand(['-c', 'rollback checkpoint base'], env);
    expect(asked.code).toBe(1);
    expect(writes(sim)).toBe(before);
    const dry = await runCommand(['-c', 'rollback checkpoint base --dry-run'], env);
    expect(dry.out).toContain('- interface eth1 mtu 9000\n+ interface eth1 mtu 1500\n');
    expect(writes(sim)).toBe(before);

    const r = await runCommand(
      ['--yes', '-c', 'rollback checkpoint base', '-c', 'compare checkpoint base'],
      env,
    );
    expect(r.err).toBe('');
    expect(r.out).toContain('- interface eth1 mtu 9000\n+ interface eth1 mtu 1500\n');
    expect(r.out).toMatch(/committed: \d+ requests sent/);
    expect(r.out).toContain('no differences: checkpoint base');
    // rollback N is undo N, as before: this session changed nothing.
    const n = await runCommand(['-c', 'rollback 1'], env);
    expect(n.err).toMatch(/nothing to undo|no changes/);
  });

  it('a commit keeps an automatic checkpoint of its nodes; rolling it back restores only them', async () => {
    const env = adminEnv(sim.url);
    const state = join(env.XDG_STATE_HOME, 'routersh');
    const c = await runCommand(
      [
        '--yes',
        '-c',
        'configure',
        '-c',
        'interface eth1 mtu 9100',
        '-c',
        'interface eth1 ip address 10.9.9.9/24',
        '-c',
        'commit',
        '-c',
        'end',
      ],
      env,
    );
    expect(c.err).toBe('');
    const auto = listCheckpoints(sim.url, { stateDir: state }).filter((x) => x.auto);
    expect(auto).toHaveLength(1);
    expect(auto[0]!.why).toBe('commit');
    // The nodes' lines before the commit, with the header of a saved file (routersh's version too).
    const kept = readFileSync(auto[0]!.file, 'utf8');
    expect(kept).toMatch(/^# version: \S+$/m);
    expect(kept).toContain('\n# node: interface eth1 ip address 10.9.9.9/24\n');
    expect(kept.split('\n').filter((l) => l !== '' && !l.startsWith('#'))).toEqual([
      'interface eth1 mtu 1500',
    ]);
    // Someone else changes a node the commit did not touch: the rollback leaves it alone.
    await otherClientSets(sim, ['interface', 'eth0', 'description', 'not-in-the-checkpoint']);
    const r = await runCommand(
      ['--yes', '-c', `rollback checkpoint ${auto[0]!.name}`, '-c', 'show interface eth1'],
      env,
    );
    expect(r.err).toBe('');
    expect(r.out).toContain('- interface eth1 ip address 10.9.9.9/24\n');
    expect(r.out).not.toContain('eth0');
    expect(r.out).toMatch(/mtu 1500/);
    expect(r.out).not.toContain('inet 10.9.9.9');
    const after = await runCommand(
      ['-c', `compare checkpoint ${auto[0]!.name}`, '-c', 'show interface eth0'],
      env,
    );
    expect(after.out).toContain(`no differences: checkpoint ${auto[0]!.name}`);
    expect(after.out).toContain('not-in-the-checkpoint');
  });
});
