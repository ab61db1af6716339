// Non-interactive modes through the built binary against the router simulator: -c, -f,
// stdin, --json, --keep-going, exit codes and line numbers (CLI.md).
import { execFile, spawnSync } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { promisify } from 'node:util';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type RouterSim, startRouterSim } from '../../sim/router/index.js';
import { BIN, runBin } from '../helpers/run-bin.js';

const execFileAsync = promisify(execFile);
let sim: RouterSim;
let env: Record<string, string>;
const dir = mkdtempSync(join(tmpdir(), 'routersh-batch-'));

beforeAll(async () => {
  sim = await startRouterSim();
  env = { ROUTERSH_ROUTER: sim.url, ROUTERSH_USER: 'admin', ROUTERSH_PASSWORD: 'admin' };
});
afterAll(() => sim.close());

const script = (name: string, text: string) => {
  const p = join(dir, name);
  writeFileSync(p, text);
  return p;
};
const posts = () =>
  sim.requests.filter((r) => r.method !== 'GET').map((r) => `${r.method} ${r.url} ${r.body}`);

describe('-c', () => {
  it('creates, shows and deletes an interface', async () => {
    const r = await runBin(['-c', 'interface eth7', '-c', 'show interface', '-c', 'no interface eth7'], {
      env,
    });
    expect(r.stderr).toBe('');
    expect(r.code).toBe(0);
    expect(r.stdout).toMatch(/eth7/);
    expect(posts().join('\n')).toMatch(/POST \/api\/interface\/eth7/);
    expect(posts().join('\n')).toMatch(/DELETE \/api\/interface\/eth7/);
  });

  it('a SHOW on a cold start: the root metadata that checks it, then the SHOW, over one connection', async () => {
    const n = sim.requests.length;
    const r = await runBin(['-c', 'show interface'], { env });
    expect(r.code).toBe(0);
    const sent = sim.requests.slice(n);
    // The last word's own node is not asked for (the root's entry has its flags), and the SHOW
    // waits for the socket the GET freed instead of opening (and, over https, handshaking) another.
    expect(sent.map((q) => `${q.method} ${q.url}`)).toEqual(['GET /api/', 'POST /api/interface']);
    expect(new Set(sent.map((q) => q.clientPort)).size).toBe(1);
  });

  it('rejects a value failing InputRe locally with nothing sent, exit 1', async () => {
    const before = posts().length;
    const r = await runBin(['-c', 'ping 10.0.0.300'], { env });
    expect(r.code).toBe(1);
    expect(r.stderr.trim().split('\n')).toHaveLength(1);
    expect(r.stderr).toMatch(/^% .*10\.0\.0\.300/);
    expect(posts().length).toBe(before);
  });

  it('exit 3 and one line on a wrong password', async () => {
    const r = await runBin(['-c', 'show interface'], { env: { ...env, ROUTERSH_PASSWORD: 'nope' } });
    expect(r.code).toBe(3);
    expect(r.stderr.trim().split('\n')).toHaveLength(1);
    expect(r.stderr).not.toContain('nope');
  });

  it('exit 2 on a bad flag, and refuses a secret on argv', async () => {
    expect((await runBin(['--bogus'], { env })).code).toBe(2);
    const r = await runBin(['--password', 'x', '-c', 'show interface'], { env });
    expect(r.code).toBe(2);
    expect(r.stderr).toMatch(/password-file/);
  });

  it('exit 3 when nothing listens', async () => {
    const r = await runBin(['-c', 'show interface'], {
      env: { ...env, ROUTERSH_ROUTER: 'http://127.0.0.1:9' },
    });
    expect(r.code).toBe(3);
    expect(r.stderr).toMatch(/^% .*refused/);
  });
});

describe('-f and stdin', () => {
  it('stops at the first failing line and names it', async () => {
    const f = script('stop.rsh', '# a comment\ninterface eth8\nintrface eth9\ninterface eth10\n');
    const r = await runBin(['-f', f], { env });
    expect(r.code).toBe(1);
    expect(r.stderr).toMatch(/line 3/);
    expect(r.stderr).toMatch(/did you mean 'interface'/);
    expect(posts().join('\n')).toMatch(/interface\/eth8/);
    expect(posts().join('\n')).not.toMatch(/interface\/eth10/);
  });

  it('--keep-going runs every line and exits 1', async () => {
    const f = script('keep.rsh', 'interface eth11\nping 1.2.3\ninterface eth12\n');
    const r = await runBin(['--keep-going', '-f', f], { env });
    expect(r.code).toBe(1);
    expect(r.stderr).toMatch(/line 2/);
    expect(posts().join('\n')).toMatch(/interface\/eth12/);
  });

  it('reads commands from stdin when it is not a terminal', async () => {
    const r = await runBin([], { env, input: 'show interface\n' });
    expect(r.code).toBe(0);
    expect(r.stdout).toMatch(/eth0/);
  });

  it('a match-list import with refused entries: its summary once, then one short line naming the line', async () => {
    // A list keyed on address and port: an entry without a port is refused by the router.
    await fetch(`${sim.url}/api/ipv4/firewall/match-list/svc`, {
      method: 'POST',
      headers: { authorization: `Basic ${Buffer.from('admin:admin').toString('base64')}` },
      body: JSON.stringify({ Options: { key: ['net-port'] } }),
    });
    const feed = script('svc.feed', '10.0.0.5 tcp:22\n10.0.0.6\n');
    const f = script('svc.rsh', `match-list import svc ${feed}\n`);
    const r = await runBin(['--yes', '-f', f], { env });
    expect(r.code).toBe(1);
    expect(`${r.stdout}${r.stderr}`.match(/1 added/g)).toHaveLength(1);
    expect(r.stdout).toMatch(/line 2.*10\.0\.0\.6/);
    expect(r.stderr).toBe('% match-list svc: 1 of the entries failed (the summary above) (line 1)\n');
  });

  it('-f - reads the script from stdin', async () => {
    const r = await runBin(['-f', '-'], { env, input: 'show hostname\nbogus\n' });
    expect(r.code).toBe(1);
    expect(r.stderr).toMatch(/line 2/);
  });
});

describe('--json', () => {
  it('prints one parseable document per command, errors included', async () => {
    const r = await runBin(
      ['--json', '--keep-going', '-c', 'show interface', '-c', 'ping 999.1.1.1', '-c', 'describe ping'],
      {
        env,
      },
    );
    expect(r.code).toBe(1);
    const docs = r.stdout
      .trim()
      .split('\n')
      .map((l) => JSON.parse(l));
    expect(docs).toHaveLength(3);
    expect(docs[0].RequestStatus).toBe('OK');
    expect(docs[1].error.code).toBe('validation');
    expect(docs[2].NodeInfo.Name).toBe('ping');
    expect(r.stdout).not.toContain('admin:admin');
  });
});

describe('a 20-line script piped into jq', () => {
  it('runs every command and each --json document is jq-readable', async () => {
    const lines = [
      '# lab set-up: an interface, a blacklist entry, checks',
      'interface eth30',
      'interface eth30 description "uplink to core"',
      'interface eth30 mtu 9000',
      'interface eth30 ip address 10.30.0.1/24',
      'show interface eth30',
      'ipv4 firewall match-list blacklist action match net 192.0.2.50',
      'ipv4 firewall match-list blacklist action match net 192.0.2.50',
      'show ipv4 firewall match-list blacklist',
      'no ipv4 firewall match-list blacklist action match net 192.0.2.50',
      'ping 10.0.0.2 count 2',
      'describe interface',
      'hostname lab-r1',
      'show hostname',
      'ip route 10.99.0.0/16 via 10.0.0.254',
      'show ip route',
      'no ip route 10.99.0.0/16',
      'no interface eth30',
      'show interface',
      'hostname router',
    ];
    const f = script('lab.rsh', `${lines.join('\n')}\n`);
    const r = await runBin(['--json', '-f', f], { env });
    expect(r.stderr).toBe('');
    expect(r.code).toBe(0);
    const docs = r.stdout
      .trim()
      .split('\n')
      .map((l) => JSON.parse(l));
    expect(docs).toHaveLength(19);
    expect(docs.every((d) => d.RequestStatus === 'OK')).toBe(true);
    expect(posts()).toContain(
      'POST /api/ipv4/firewall/match-list/blacklist/action/match {"Actions":["UNSET"],"Options":{"net":["192.0.2.50"]}}',
    );
    if (hasJq()) {
      // Async: the simulator answers from this process, which a spawnSync would block.
      const jq = await execFileAsync(
        'sh',
        ['-c', `node ${BIN} --json -c 'show hostname' | jq -r .NodeInfo.ShowOutput`],
        {
          env: { ...process.env, ...env },
        },
      );
      expect(jq.stdout.trim(), jq.stderr).toBe('router');
    }
  });
});

function hasJq(): boolean {
  return spawnSync('jq', ['--version']).status === 0;
}

describe('bad command arguments exit 1, bad flags 2', () => {
  // A wrong argument of a command is a failed command (CLI.md), with or without --keep-going.
  // After an expression, a clause whose value does not parse is expression text; after ` -- `
  // the words are clauses and a wrong value is refused locally.
  it.each([
    'metrics range up -- since 0m',
    'metrics range up -- step 0',
    'metrics range up -- since 5x',
    'logs search error -- limit 0',
    'metrics range up from now to now-1h',
  ])('%s', async (line) => {
    for (const extra of [[], ['--keep-going']]) {
      const r = await runBin(['--demo', ...extra, '-c', line], { env: {} });
      expect([line, extra.join(''), r.code]).toEqual([line, extra.join(''), 1]);
      expect(r.stderr).toMatch(/^% .*\(command 1\)\n$/);
    }
  });

  it('a bad flag still exits 2', async () => {
    const r = await runBin(['--demo', '--no-such-flag']);
    expect(r.code).toBe(2);
  });
});
