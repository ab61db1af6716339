// `config load merge|replace|override FILE` (features/config/load-command.ts) against the router
// simulator, through a session's own services (the walk, the resolver, the journal, the
// transaction): each mode restores what it promises (save, change the router with raw
// requests, load, walk again); a refused line is FILE:LINE: why with no write in the sim's
// request log; a file from another router needs --from; --dry-run and a script without --yes
// send nothing; members are left alone by a file saved without them.
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, afterEach, beforeEach, describe, expect, it } from 'vitest';
import { type RouterSim, startRouterSim } from '../../../sim/router/index.js';
import type { RouterRequest } from '../../../src/api/router/types.js';
import type { HandlerEnv } from '../../../src/contract/handler.js';
import type { Outcome } from '../../../src/contract/outcome.js';
import { runBatch } from '../../../src/commands/batch-loop.js';
import { formatConfigFile } from '../../../src/features/config/config-file.js';
import { lineText } from '../../../src/features/config/line-text.js';
import { configLoad } from '../../../src/features/config/load-command.js';
import { readConfig } from '../../../src/features/config/walk.js';
import type { Session } from '../../../src/session/session.js';
import { adminEnv } from '../../helpers/command-io.js';
import { testSession } from '../../helpers/session.js';
import { simConfig } from '../../helpers/sim-config.js';

const dir = mkdtempSync(join(tmpdir(), 'routersh-load-'));
let sim: RouterSim;
let session: Session;
let n = 0;

beforeEach(async () => {
  sim = await startRouterSim();
  session = await testSession(simConfig(sim.url), {
    env: { ...process.env, ...adminEnv(sim.url) },
    journal: 'file',
    yes: true,
  });
});
afterEach(async () => {
  await session.close();
  await sim.close();
});
afterAll(() => {});

const env = (o: { ask?: boolean; services?: Session['services'] } = {}): HandlerEnv => ({
  state: { context: [] },
  services: o.services ?? session.services,
  io: o.ask ? { ask: async () => true } : {},
  signal: new AbortController().signal,
});

/** The live configuration as lines of text (members with `members`). */
async function walk(members = false): Promise<string[]> {
  return (await readConfig(env(), { under: [], members })).lines.map(lineText);
}

/** `config save` as the walk and the file format make it. */
async function save(o: { members?: boolean; under?: string[]; router?: string } = {}): Promise<string> {
  const doc = await readConfig(env(), { under: o.under ?? [], members: o.members ?? false });
  const file = join(dir, `saved-${++n}.conf`);
  writeFileSync(file, formatConfigFile({ ...doc, ...(o.router ? { router: o.router } : {}) }));
  return file;
}

async function raw(...reqs: RouterRequest[]): Promise<void> {
  for (const r of reqs) {
    const answer = await session.services.router.send(r, {});
    expect(answer.ok, `${r.method} ${r.words.join(' ')}: ${answer.errorStatus}`).toBe(true);
  }
}
const set = (...words: string[]): RouterRequest => ({ method: 'POST', words, actions: ['SET'] });
const del = (...words: string[]): RouterRequest => ({ method: 'DELETE', words });
const writes = () => sim.requests.filter((r) => r.method !== 'GET').length;

const textOf = (o: Outcome) => (o.kind === 'text' ? o.text : JSON.stringify(o));

describe('config load restores what each mode promises', () => {
  it('override: the whole configuration equals the file again', async () => {
    const saved = await walk();
    const file = await save();
    await raw(
      set('interface', 'eth1', 'mtu', '9000'),
      set('interface', 'eth5'),
      set('interface', 'eth5', 'description', 'new'),
      del('interface', 'eth1', 'description', 'lan'),
      set('ip', 'route', '10.9.0.0/16', 'via', '10.0.0.254'),
      set('hostname', 'other'),
    );
    expect(await walk()).not.toEqual(saved);
    const out = await configLoad(['override', file], env());
    expect(out.kind === 'text' && out.failure).toBeFalsy();
    expect(textOf(out)).toMatch(/^committed: \d+ requests sent \(transaction /m);
    expect(await walk()).toEqual(saved);
  });

  it('merge: adds and changes, removes nothing', async () => {
    const file = await save();
    await raw(
      set('interface', 'eth1', 'mtu', '9000'),
      set('interface', 'eth5'),
      del('ip', 'route', '0.0.0.0/0'),
    );
    const out = await configLoad(['merge', file], env());
    expect(textOf(out)).toContain('+ interface eth1 mtu 1500');
    expect(textOf(out)).toContain('+ ip route 0.0.0.0/0 via 10.0.0.254');
    const now = await walk();
    expect(now).toContain('interface eth1 mtu 1500');
    expect(now).toContain('ip route 0.0.0.0/0 via 10.0.0.254');
    // merge removes nothing: the interface made since stays.
    expect(now).toContain('interface eth5');
  });

  it('merge reads only the slots of its lines, not the whole tree', async () => {
    const file = join(dir, `two-${++n}.conf`);
    writeFileSync(
      file,
      `# routersh configuration\n# router: ${sim.url}\ninterface eth1 mtu 9000\nhostname r2\n`,
    );
    const from = sim.requests.length;
    const out = await configLoad(['merge', file], env());
    expect(textOf(out)).toMatch(/committed: 2 requests sent/);
    const read = sim.requests
      .slice(from)
      .filter((r) => r.method === 'GET')
      .map((r) => decodeURIComponent(r.url));
    // The resolver's metadata (root, interface…) and each line's slot: nothing of ipv4, ip or system.
    expect(read.filter((u) => /^\/api\/(ipv4|ip|system)(\/|$)/.test(u))).toEqual([]);
    expect(await walk()).toEqual(expect.arrayContaining(['interface eth1 mtu 9000', 'hostname r2']));
  });

  it('replace: each entry the file names equals the file; the others are untouched', async () => {
    const file = join(dir, `eth1-${++n}.conf`);
    writeFileSync(
      file,
      [
        '# routersh configuration',
        `# router: ${sim.url}`,
        'interface eth1',
        'interface eth1 mtu 9000',
        'interface eth1 description up',
        '',
      ].join('\n'),
    );
    await raw(
      set('interface', 'eth1', 'ip', 'address', '172.16.0.1/24'),
      set('interface', 'eth0', 'mtu', '1400'),
    );
    const out = await configLoad(['replace', file], env());
    expect(textOf(out)).toMatch(/committed/);
    const now = await walk();
    const eth1 = now.filter((l) => l.startsWith('interface eth1'));
    expect(eth1).toEqual(['interface eth1', 'interface eth1 description up', 'interface eth1 mtu 9000']);
    // interface eth0 is not named: its change stays.
    expect(now).toContain('interface eth0 mtu 1400');
    expect(now).toContain('interface eth0 ip address 10.0.0.1/24');
  });

  it('members: a file saved without them leaves them alone; with them, a member gone is added again', async () => {
    await raw({
      method: 'POST',
      words: ['ipv4', 'firewall', 'match-list', 'blacklist', 'action', 'match'],
      actions: ['SET'],
      options: { net: ['192.0.2.7'] },
    });
    const withMembers = await save({ members: true });
    const without = await save();
    await raw({
      method: 'POST',
      words: ['ipv4', 'firewall', 'match-list', 'blacklist', 'action', 'match'],
      actions: ['UNSET'],
      options: { net: ['192.0.2.7'] },
    });
    await raw({
      method: 'POST',
      words: ['ipv4', 'firewall', 'match-list', 'blacklist', 'action', 'match'],
      actions: ['SET'],
      options: { net: ['198.51.100.9'] },
    });
    const kept = await configLoad(['override', without], env());
    expect(textOf(kept)).toContain('the file was saved without members: the live members are left alone');
    expect((await walk(true)).filter((l) => l.includes('action match'))).toContain(
      'ipv4 firewall match-list blacklist action match net 198.51.100.9',
    );
    const back = await configLoad(['override', withMembers], env());
    expect(textOf(back)).toContain('1 member is added again with fresh timers (their timeouts start over)');
    const members = (await walk(true)).filter((l) => l.includes('action match'));
    expect(members).toContain('ipv4 firewall match-list blacklist action match net 192.0.2.7');
    expect(members).not.toContain('ipv4 firewall match-list blacklist action match net 198.51.100.9');
  });
});

describe('config load that the router refuses part-way', () => {
  it('is reverted: said in one line, the command fails, the router is as before', async () => {
    const before = await walk();
    // The file lacks interface lo, which the router refuses to delete; its first step is sent first.
    const file = join(dir, `no-lo-${++n}.conf`);
    const lines = before
      .filter((l) => !l.startsWith('interface lo'))
      .map((l) => (l === 'hostname router' ? 'hostname r7' : l));
    writeFileSync(file, `# routersh configuration\n# router: ${sim.url}\n${lines.join('\n')}\n`);
    const out = await configLoad(['override', file], env());
    expect(out.kind).toBe('text');
    expect(textOf(out)).toMatch(/\+ hostname r7\n/);
    expect(textOf(out)).toMatch(
      /\nreverted: step 2 of 2 '- interface lo' failed: .*\(transaction [^)]+\)\n$/,
    );
    expect(out.kind === 'text' && out.failure?.message).toBe('config load override: reverted');
    expect(await walk()).toEqual(before);
  });
});

describe('config load refuses, and sends nothing', () => {
  it('a line the live metadata refuses: FILE:LINE: why', async () => {
    const file = join(dir, `bad-${++n}.conf`);
    writeFileSync(
      file,
      `# routersh configuration\n# router: ${sim.url}\nhostname r9\n\ninterface eth1 mtu jumbo\n`,
    );
    const before = writes();
    const err = await configLoad(['merge', file], env()).catch((e: Error) => e);
    expect((err as Error).message).toMatch(new RegExp(`^${file.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}:5: `));
    expect(writes()).toBe(before);
  });

  // Bad input (issue 38): one error naming the file (and the line), nothing sent; /dev/zero is
  // read no further than the limit (a stat says size 0 for it: a bounded read, not a whole one).
  it.each([
    [
      'not text (a NUL byte)',
      Buffer.from('hostname r9\nhost\u0000name r8\n'),
      ':2: not a text file (a NUL byte)',
    ],
    [
      'not text (invalid UTF-8)',
      Buffer.from([...Buffer.from('hostname r9\n'), 0xff, 0x0a]),
      ':2: not a text file (invalid UTF-8)',
    ],
    ['endless (/dev/zero)', undefined, ': larger than 16 MiB, not read (the limit of a configuration file)'],
  ])('a file %s', async (_what, bytes, why) => {
    const file = bytes ? join(dir, `bad-${++n}.conf`) : '/dev/zero';
    if (bytes) writeFileSync(file, bytes);
    const before = writes();
    const err = await configLoad(['merge', file], env()).catch((e: Error) => e);
    expect((err as Error).message).toBe(`${file}${why}`);
    expect(writes()).toBe(before);
  });

  it('a file saved from another router, unless --from names it', async () => {
    await raw(set('hostname', 'r1'));
    const file = await save({ router: 'https://r1.example' });
    await raw(set('hostname', 'r2'));
    const before = writes();
    const err = await configLoad(['override', file], env()).catch((e: Error) => e);
    expect((err as Error).message).toBe(
      `not loaded: ${file} was saved from https://r1.example, not this router (${sim.url}); --from https://r1.example loads it here`,
    );
    const wrong = await configLoad(['override', file, '--from', 'https://r3.example'], env()).catch(
      (e: Error) => e,
    );
    expect((wrong as Error).message).toMatch(
      /^not loaded: .* was saved from https:\/\/r1\.example, not https:\/\/r3\.example/,
    );
    expect(writes()).toBe(before);
    const out = await configLoad(['override', file, '--from', 'https://r1.example'], env());
    expect(textOf(out)).toMatch(/committed/);
    expect(await walk()).toContain('hostname r1');
  });

  it('--dry-run prints the plan: the diff lines and the requests', async () => {
    const file = await save();
    await raw(set('interface', 'eth1', 'mtu', '9000'), set('interface', 'eth5'));
    const before = writes();
    const out = await configLoad(['override', file, '--dry-run'], env());
    expect(out).toMatchObject({ kind: 'text', diff: true });
    expect(textOf(out)).toBe(
      [
        '- interface eth1 mtu 9000',
        '+ interface eth1 mtu 1500',
        '- interface eth5 mtu 1500',
        '- interface eth5',
        'requests (2):',
        `  POST /api/interface/eth1/mtu/1500 {"Actions":["SET"]}`,
        '  DELETE /api/interface/eth5',
        'note: the file was saved without members: the live members are left alone',
        'dry run: 2 requests not sent',
        '',
      ].join('\n'),
    );
    expect(writes()).toBe(before);
  });

  it('on a terminal: the plan is the question; no sends nothing', async () => {
    const file = await save();
    await raw(set('interface', 'eth1', 'mtu', '9000'));
    const asked: string[] = [];
    const terminal = (answer: boolean): HandlerEnv => ({
      ...env(),
      io: {
        ask: async (q: string) => {
          asked.push(q);
          return answer;
        },
      },
    });
    const before = writes();
    const err = await configLoad(['merge', file], terminal(false)).catch((e: Error) => e);
    expect((err as Error).message).toBe('cancelled: nothing sent');
    expect(writes()).toBe(before);
    expect(asked[0]).toMatch(/^- interface eth1 mtu 9000\n\+ interface eth1 mtu 1500\nrequests \(1\):\n/);
    expect(asked[0]).toMatch(/\nsend 1 request as one transaction\?$/);
    const out = await configLoad(['merge', file], terminal(true));
    expect(textOf(out)).toMatch(/^committed: 1 request sent \(transaction [^)]+\)\n$/);
  });

  it('a script without --yes', async () => {
    const file = await save();
    await raw(set('interface', 'eth1', 'mtu', '9000'));
    const services = { ...session.services, yes: false };
    const before = writes();
    const out = await configLoad(['merge', file], env({ services }));
    expect(textOf(out)).toMatch(/^- interface eth1 mtu 9000\n\+ interface eth1 mtu 1500\nrequests \(1\):\n/);
    expect(out.kind === 'text' && out.failure?.message).toBe(
      'config load in a script needs --yes: nothing sent (the plan is above)',
    );
    expect(writes()).toBe(before);
  });
});

describe('config load through the runner (-c, -f, stdin)', () => {
  async function batch(lines: string[], o: { dryRun?: boolean; yes?: boolean } = {}) {
    const services = { ...session.services, yes: o.yes ?? true };
    let stdout = '';
    let stderr = '';
    const ending = await runBatch(
      lines,
      { context: [] },
      services,
      { stdout: (t) => (stdout += t), stderr: (t) => (stderr += t) },
      {
        json: false,
        keepGoing: false,
        unit: 'command',
        signal: new AbortController().signal,
        dryRun: o.dryRun ?? false,
      },
    );
    return { ending, stdout, stderr };
  }

  it('loads a file as one transaction and says it in one line', async () => {
    const saved = await walk();
    const file = await save();
    await raw(set('interface', 'eth1', 'mtu', '9000'), set('interface', 'eth5'));
    const r = await batch([`config load override ${file}`]);
    expect(r.stderr).toBe('');
    expect(r.stdout).toMatch(/^- interface eth1 mtu 9000\n\+ interface eth1 mtu 1500\n/);
    expect(r.stdout).toMatch(/\ncommitted: 2 requests sent \(transaction [^)]+\)\n$/);
    expect(await walk()).toEqual(saved);
  });

  it('the global --dry-run prints the plan and sends nothing', async () => {
    const file = await save();
    await raw(set('interface', 'eth1', 'mtu', '9000'));
    const before = writes();
    const r = await batch([`config load merge ${file}`], { dryRun: true });
    expect(r.stdout).toContain(
      '+ interface eth1 mtu 1500\nrequests (1):\n  POST /api/interface/eth1/mtu/1500',
    );
    expect(r.stdout).toContain('dry run: 1 request not sent');
    expect(writes()).toBe(before);
  });

  it('a refused line names the file and line, and nothing is sent', async () => {
    const file = join(dir, `bad-${++n}.conf`);
    writeFileSync(file, `hostname r9\nshow interface\n`);
    const before = writes();
    const r = await batch([`config load merge ${file}`]);
    expect(r.stderr).toBe(
      `% ${file}:2: 'show' reads: a configuration file holds only lines that create (command 1)\n`,
    );
    expect(writes()).toBe(before);
  });
});

describe('config load on the shaped router (other words, Count > 1, two Key options, a secret shown)', () => {
  let shaped: RouterSim;
  let s2: Session;
  beforeEach(async () => {
    shaped = await startRouterSim({ variant: 'shaped' });
    s2 = await testSession(simConfig(shaped.url), {
      env: { ...process.env, ...adminEnv(shaped.url) },
      journal: 'file',
      yes: true,
    });
  });
  afterEach(async () => {
    await s2.close();
    await shaped.close();
  });
  const envOf = () => env({ services: s2.services });
  const lines = async () => (await readConfig(envOf(), { under: [], members: false })).lines.map(lineText);
  const send = async (...reqs: RouterRequest[]) => {
    for (const r of reqs) {
      const answer = await s2.services.router.send(r, {});
      expect(answer.ok, `${r.method} ${r.words.join(' ')}: ${answer.errorStatus}`).toBe(true);
    }
  };

  it('override restores it, never sending nor deleting the secret community', async () => {
    const saved = await lines();
    expect(saved.some((l) => l.startsWith('snmp community *** '))).toBe(true);
    const doc = await readConfig(envOf(), { under: [], members: false });
    const file = join(dir, `shaped-${++n}.conf`);
    writeFileSync(file, formatConfigFile(doc));
    await send(
      set('system', 'host-name', 'edge-9'),
      del('interfaces', 'ethernet', 'eth0', 'description'),
      set('interfaces', 'ethernet', 'eth0', 'address', '198.51.100.1/24'),
      {
        method: 'POST',
        words: ['nat', 'port-forward'],
        actions: ['UNSET'],
        options: { protocol: ['tcp'], port: [443] },
      },
    );
    expect(await lines()).not.toEqual(saved);
    const from = shaped.requests.length;
    const out = await configLoad(['override', file], envOf());
    expect(textOf(out)).toMatch(/committed/);
    // The same lines; an entry added again is listed last by the router (its order of adding).
    expect((await lines()).sort()).toEqual([...saved].sort());
    const sent = shaped.requests.slice(from).filter((r) => r.method !== 'GET');
    expect(sent.some((r) => r.url.includes('snmp') || r.body.includes('***'))).toBe(false);
  });

  it('merge passes over the secret community, even one whose options changed since', async () => {
    const doc = await readConfig(envOf(), { under: [], members: false });
    const file = join(dir, `shaped-merge-${++n}.conf`);
    writeFileSync(file, formatConfigFile(doc));
    const community = doc.lines.find((l) => l.secret)!;
    // Another client changes the community (its name is the secret: sent as it is, by the test).
    const name = (await s2.services.router.send({ method: 'GET', words: ['snmp', 'community'] }, {}))
      .nodeInfo!.subNodes[0]!.setValues[0]!;
    await send({
      method: 'POST',
      words: ['snmp', 'community', name],
      actions: ['SET'],
      options: { authorization: ['ro'] },
    });
    await send(set('system', 'host-name', 'edge-9'));
    const from = shaped.requests.length;
    const out = await configLoad(['merge', file], envOf());
    expect(textOf(out)).toMatch(/committed: 1 request sent/);
    expect(textOf(out)).not.toContain(name);
    const sent = shaped.requests.slice(from).filter((r) => r.method !== 'GET');
    expect(sent.map((r) => decodeURIComponent(r.url))).toEqual(['/api/system/host-name/edge-1']);
    expect(community.path.at(-1)).toBe('***');
  });

  it('replace makes one named entry equal to the file and leaves the rest', async () => {
    const file = join(dir, `shaped-eth0-${++n}.conf`);
    writeFileSync(
      file,
      ['interfaces ethernet eth0', 'interfaces ethernet eth0 address 192.0.2.1/24', ''].join('\n'),
    );
    await send(set('system', 'host-name', 'edge-9'));
    const out = await configLoad(['replace', file], envOf());
    expect(textOf(out)).toMatch(/committed/);
    const now = await lines();
    expect(now.filter((l) => l.startsWith('interfaces ethernet eth0'))).toEqual([
      'interfaces ethernet eth0',
      'interfaces ethernet eth0 address 192.0.2.1/24',
    ]);
    expect(now).toContain('system host-name edge-9');
    expect(now.some((l) => l.startsWith('interfaces ethernet eth1'))).toBe(true);
  });
});
