// `show configuration` / `config show` / `config save` as the user meets them: lines through the
// product's runner (the shell's wiring, the resolver deciding what `show configuration` is) and
// `routersh -c` in-process (a script: the output streamed, --json as the issue pins it).
import { mkdtempSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { Outcome } from '../../../src/contract/outcome.js';
import { runLine } from '../../../src/run/runner.js';
import type { Session } from '../../../src/session/session.js';
import { type RouterSim, startRouterSim } from '../../../sim/router/index.js';
import { adminEnv, runCommand } from '../../helpers/command-io.js';
import { testSession } from '../../helpers/session.js';
import { simConfig } from '../../helpers/sim-config.js';
import { type Front, startFront } from './front.js';

let sim: RouterSim;
let session: Session;
let front: Front | undefined;
let dir: string;
beforeAll(async () => {
  sim = await startRouterSim();
  dir = mkdtempSync(join(tmpdir(), 'routersh-config-'));
});
afterAll(async () => {
  await sim.close();
  rmSync(dir, { recursive: true, force: true });
});
afterEach(async () => {
  await session?.close();
  await front?.close();
  front = undefined;
});

const open = async (url = sim.url) => {
  // No fault here makes a request wait: the deadline is a hang guard. A whole-configuration walk
  // beside its simulator in one loaded worker thread outran the 5 s of simConfig (stress-ng).
  session = await testSession(simConfig(url, { timeoutMs: 60_000 }));
  return session;
};
const run = async (line: string, context: string[] = []): Promise<Outcome> =>
  runLine(line, { context }, session.services, AbortSignal.timeout(60_000));
const textOf = (o: Outcome) => {
  if (o.kind === 'error') throw new Error(o.error.message);
  expect(o.kind).toBe('text');
  return o.kind === 'text' ? o.text : '';
};
const errorOf = (o: Outcome) => (o.kind === 'error' ? o.error.message : `no error: ${o.kind}`);

const ETH1 = [
  'interface eth1',
  'interface eth1 description lan',
  'interface eth1 mtu 1500',
  'interface eth1 ip address 192.168.1.1/24',
];

describe('show configuration in the shell', () => {
  it('is config show: the whole configuration, a subtree (words completed), members when asked', async () => {
    await open();
    const all = textOf(await run('show configuration'));
    expect(all).toBe(textOf(await run('config show')));
    expect(all.split('\n')).toContain('hostname router');
    expect(all).not.toContain('action match');
    expect(textOf(await run('show configuration int eth1'))).toBe(`${ETH1.join('\n')}\n`);
    expect(textOf(await run('show configuration eth1', ['interface']))).toBe(`${ETH1.join('\n')}\n`);
    expect(textOf(await run('show configuration ipv4 firewall match-list members'))).toBe(
      [
        'ipv4 firewall match-list blacklist timeout 3600 key net',
        'ipv4 firewall match-list blacklist action match net 198.51.100.0/24',
        'ipv4 firewall match-list blacklist action match net 203.0.113.7',
        '',
      ].join('\n'),
    );
    expect(errorOf(await run('show configuration intrface'))).toMatch(
      /^show configuration: unknown word 'intrface'/,
    );
    expect(errorOf(await run('config frob'))).toMatch(/^config: unknown sub-command 'frob'/);
  });

  it('--json: exactly router, user, time, version and the lines with path, options, secret', async () => {
    await open();
    const o = await run('show configuration ipv4 firewall filter --json');
    const doc = JSON.parse(textOf(o));
    expect(Object.keys(doc)).toEqual(['router', 'user', 'time', 'version', 'lines']);
    expect(doc).toMatchObject({ router: sim.url, user: 'admin' });
    expect(doc.lines).toEqual([
      {
        path: ['ipv4', 'firewall', 'filter', 'forward', 'rule', '10'],
        options: { action: ['DROP'], 'match-list': ['blacklist'], src: [] },
        secret: false,
      },
    ]);
  });

  it('the router’s own word `configuration` wins; config show stays ours', async () => {
    front = await startFront(sim.url);
    front.rules.set('/api/', {
      rewrite: (b) => {
        const info = b['NodeInfo'] as { SubNodes: Array<Record<string, unknown>> };
        const like = info.SubNodes.find((n) => n['Name'] === 'hostname')!;
        info.SubNodes.push({ ...like, Name: 'configuration', Description: 'the router’s own' });
        return b;
      },
    });
    const s = await open(front.url);
    const theirs = await s.services.resolve('show configuration', [], AbortSignal.timeout(60_000));
    expect(theirs).toMatchObject({
      kind: 'router',
      request: { words: ['configuration'], actions: ['SHOW'] },
    });
    const ours = await s.services.resolve('config show', [], AbortSignal.timeout(60_000));
    expect(ours).toMatchObject({ kind: 'builtin', name: 'config', args: ['show'] });
    await s.close();
    const plain = await open();
    const here = await plain.services.resolve('show configuration int', [], AbortSignal.timeout(60_000));
    expect(here).toMatchObject({ kind: 'builtin', name: 'config', args: ['show', 'int'] });
  });
});

describe('show configuration reads fresh', () => {
  it("never answers from the shell's metadata cache: another client's change shows at once", async () => {
    await open();
    expect(textOf(await run('show configuration interface eth1'))).toContain('interface eth1 mtu 1500\n');
    // The shell's cache now holds eth1 (as completing or describing it would).
    await session.services.cache.get(['interface', 'eth1']);
    const auth = { authorization: `Basic ${Buffer.from('admin:admin').toString('base64')}` };
    const other = (mtu: number) =>
      fetch(`${sim.url}/api/interface/eth1/mtu/${mtu}`, {
        method: 'POST',
        headers: { ...auth, 'content-type': 'application/json' },
        body: JSON.stringify({ Actions: ['SET'] }),
      });
    expect((await other(1400)).ok).toBe(true);
    try {
      const again = textOf(await run('show configuration interface eth1'));
      expect(again).toContain('interface eth1 mtu 1400\n');
      expect(again).not.toContain('mtu 1500');
    } finally {
      await other(1500);
    }
  });
});

describe('config save', () => {
  it('writes the header and the lines, 0600; never overwrites unless --force', async () => {
    await open();
    const file = join(dir, 'r1.conf');
    expect(textOf(await run(`config save ${file} interface eth1`))).toBe(`Wrote 4 lines to ${file}\n`);
    expect(statSync(file).mode & 0o777).toBe(0o600);
    const lines = readFileSync(file, 'utf8').split('\n');
    expect(lines.slice(0, 7)).toEqual([
      '# routersh configuration',
      `# router: ${sim.url}`,
      '# user: admin',
      expect.stringMatching(/^# time: \d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/),
      expect.stringMatching(/^# version: \S+$/),
      '# members: no',
      '# under: interface eth1',
    ]);
    expect(lines.slice(7)).toEqual([...ETH1, '']);
    writeFileSync(file, 'mine\n');
    expect(errorOf(await run(`config save ${file}`))).toBe(
      `config save: '${file}' exists; not overwritten (--force overwrites it)`,
    );
    expect(readFileSync(file, 'utf8')).toBe('mine\n');
    expect(textOf(await run(`config save ${file} --force members`))).toMatch(/^Wrote 23 lines to /);
    expect(readFileSync(file, 'utf8')).toContain('# members: yes\n');
    expect(statSync(file).mode & 0o777).toBe(0o600);
    expect(errorOf(await run('config save'))).toMatch(/^config save: which file\?/);
  });

  it('a secret the router shows is *** in the file, never its value', async () => {
    front = await startFront(sim.url);
    front.rules.set('/api/system/user/admin/password', {
      rewrite: (b) => {
        (b['NodeInfo'] as { SubNodes: Array<Record<string, unknown>> }).SubNodes[0]!['SetValues'] = [
          's3cret-pw',
        ];
        return b;
      },
    });
    await open(front.url);
    const file = join(dir, 'secret.conf');
    await run(`config save ${file} system user admin`);
    const text = readFileSync(file, 'utf8');
    expect(text).toContain('\nsystem user admin password ***\n');
    expect(text).not.toContain('s3cret-pw');
  });
});

describe('routersh -c', () => {
  it('prints the lines (streamed) and --json the document, exit 0', async () => {
    const env = adminEnv(sim.url);
    const r = await runCommand(['-c', 'show configuration'], env);
    expect(r.code).toBe(0);
    expect(r.out.split('\n')[0]).toBe('interface eth0');
    expect(r.out.trimEnd().split('\n').at(-1)).toBe('hostname router');
    const j = await runCommand(['--json', '-c', 'show configuration members'], env);
    expect(j.code).toBe(0);
    const doc = JSON.parse(j.out);
    expect(Object.keys(doc)).toEqual(['router', 'user', 'time', 'version', 'lines']);
    expect(doc.lines).toHaveLength(23);
    const arg = await runCommand(['-c', 'show configuration hostname --json'], env);
    expect(JSON.parse(arg.out).lines).toEqual([{ path: ['hostname', 'router'], options: {}, secret: false }]);
  });

  it('a long configuration streams in pieces that still make one JSON document, and the same lines', async () => {
    const big = await startRouterSim({
      seed: { interfaces: 0, members: { list: 'blacklist', count: 9000 } },
    });
    try {
      const env = adminEnv(big.url);
      const j = await runCommand(
        ['--json', '-c', 'show configuration ipv4 firewall match-list members'],
        env,
      );
      expect(j.code).toBe(0);
      const doc = JSON.parse(j.out);
      expect(doc.lines).toHaveLength(9001);
      expect(doc.lines[9000]).toMatchObject({
        path: ['ipv4', 'firewall', 'match-list', 'blacklist', 'action', 'match'],
      });
      const t = await runCommand(['-c', 'show configuration ipv4 firewall match-list members'], env);
      const lines = t.out.trimEnd().split('\n');
      expect(lines).toHaveLength(9001);
      expect(new Set(lines).size).toBe(9001);
      expect(lines.every((l) => l.startsWith('ipv4 firewall match-list blacklist '))).toBe(true);
    } finally {
      await big.close();
    }
  });
});
