// `--dry-run` through the built binary (issue 11, done when): a 20-line script against the
// router simulator and against the hostile node:http router sends no write — their request
// logs show only GETs — and prints one request per line; exit 0 when every line validates,
// 1 (validation) when one does not.
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type RouterSim, startRouterSim } from '../../sim/router/index.js';
import { type HostileRouter, startHostileRouter } from '../hostile/router.js';
import { runBin } from '../helpers/run-bin.js';

let sim: RouterSim;
let hostile: HostileRouter;
const dir = mkdtempSync(join(tmpdir(), 'routersh-dry-'));
beforeAll(async () => {
  [sim, hostile] = await Promise.all([startRouterSim(), startHostileRouter()]);
});
afterAll(async () => {
  await Promise.all([sim.close(), hostile.close()]);
});

const envFor = (url: string) => ({
  ROUTERSH_ROUTER: url,
  ROUTERSH_USER: 'admin',
  ROUTERSH_PASSWORD: 'admin',
});
const script = (name: string, lines: string[]) => {
  const p = join(dir, name);
  writeFileSync(p, `${lines.join('\n')}\n`);
  return p;
};

/** 20 commands: creates, then uses what it created, deletes, shows, a context, a secret. */
const TWENTY = [
  'interface eth5',
  'interface eth5 mtu 1400',
  'interface eth5 description "new uplink"',
  'interface eth5 ip address 10.5.0.1/24',
  'no interface eth5 ip address 10.5.0.1/24',
  'interface eth0 mtu 9000',
  'show interface',
  'describe interface eth0',
  'ip route 10.9.0.0/16 via 10.0.0.254',
  'no ip route 10.9.0.0/16',
  'ipv4 firewall match-list feed timeout 600',
  'ipv4 firewall match-list feed action match net 192.0.2.0/24',
  'no ipv4 firewall match-list feed action match net 192.0.2.0/24',
  'ipv4 firewall filter forward rule 20 action DROP match-list feed src',
  'system user bob',
  'system user bob password hunter2',
  'edit interface eth1',
  'description "lan side"',
  'top',
  'no interface eth5',
];

describe('--dry-run -f on the simulator', () => {
  it('sends only GETs, prints each request, and exits 0', async () => {
    expect(TWENTY).toHaveLength(20);
    const n = sim.requests.length;
    const r = await runBin(['--dry-run', '-f', script('twenty.txt', TWENTY)], { env: envFor(sim.url) });
    expect(r.stderr).toBe('dry run: 18 ok, 0 unchecked, 0 invalid, 0 not run; nothing was sent\n');
    expect(r.code).toBe(0);
    const sent = sim.requests.slice(n);
    expect(sent.length).toBeGreaterThan(0);
    expect(sent.filter((q) => q.method !== 'GET')).toEqual([]);
    const out = r.stdout.trimEnd().split('\n');
    expect(out[0]).toBe('POST /api/interface/eth5 {"Actions":["SET"]}');
    expect(out[2]).toBe('POST /api/interface/eth5/description/new%20uplink {"Actions":["SET"]}');
    expect(out).toContain(
      'POST /api/ipv4/firewall/match-list/feed/action/match {"Actions":["UNSET"],"Options":{"net":["192.0.2.0/24"]}}',
    );
    expect(out).toContain('POST /api/interface {"Actions":["SHOW"]}');
    expect(out).toContain('GET /api/interface/eth0');
    expect(out).toContain('POST /api/system/user/bob/password/*** {"Actions":["SET"]}');
    expect(out).toContain('POST /api/interface/eth1/description/lan%20side {"Actions":["SET"]}');
    expect(out.at(-1)).toBe('DELETE /api/interface/eth5');
    expect(r.stdout).not.toContain('hunter2');
    // Nothing was created: the interface a real run would make is not there.
    const live = await runBin(['-c', 'describe interface'], { env: envFor(sim.url) });
    expect(live.stdout).not.toContain('eth5');
  });

  it('fails with the validation status on a line whose entry does not exist, naming it', async () => {
    const r = await runBin(['--dry-run', '-c', 'interface eth5', '-c', 'interface eth6 mtu 1400'], {
      env: envFor(sim.url),
    });
    expect(r.code).toBe(1);
    expect(r.stderr).toContain("% 'interface eth6' does not exist (command 2)");
    expect(r.stdout).toBe('POST /api/interface/eth5 {"Actions":["SET"]}\n');
  });

  it('--json: one object per line', async () => {
    const r = await runBin(
      ['--dry-run', '--json', '-c', 'interface eth5', '-c', 'system user admin password s3cret'],
      {
        env: envFor(sim.url),
      },
    );
    expect(r.code).toBe(0);
    const docs = r.stdout
      .trimEnd()
      .split('\n')
      .map((l) => JSON.parse(l) as Record<string, unknown>);
    expect(docs).toEqual([
      {
        line: 1,
        command: 'interface eth5',
        status: 'ok',
        request: { method: 'POST', path: '/api/interface/eth5', body: { Actions: ['SET'] } },
      },
      {
        line: 2,
        command: 'system user admin password ***',
        status: 'ok',
        request: { method: 'POST', path: '/api/system/user/admin/password/***', body: { Actions: ['SET'] } },
      },
    ]);
  });

  it('checks the lines of stdin too', async () => {
    const n = sim.requests.length;
    const r = await runBin(['--dry-run'], {
      env: envFor(sim.url),
      input: 'interface eth8\nno interface eth0\n',
    });
    expect(r.code).toBe(0);
    expect(r.stdout).toBe('POST /api/interface/eth8 {"Actions":["SET"]}\nDELETE /api/interface/eth0\n');
    expect(sim.requests.slice(n).filter((q) => q.method !== 'GET')).toEqual([]);
  });
});

describe('--dry-run on a node:http router (the hostile harness, reference tree)', () => {
  it('twenty lines: the request log holds only GETs', async () => {
    const lines = Array.from({ length: 20 }, (_, i) =>
      i === 0 ? 'interface eth9' : i % 2 ? `interface eth9 mtu ${1000 + i}` : `hostname name r${i}`,
    );
    hostile.requests.length = 0;
    const r = await runBin(['--dry-run', '-f', script('hostile.txt', lines)], { env: envFor(hostile.url) });
    expect(r.stderr).toBe('dry run: 20 ok, 0 unchecked, 0 invalid, 0 not run; nothing was sent\n');
    expect(r.code).toBe(0);
    expect(hostile.requests.length).toBeGreaterThan(0);
    expect(hostile.requests.map((q) => q.method).filter((m) => m !== 'GET')).toEqual([]);
    expect(r.stdout.split('\n')[1]).toBe(
      'POST /api/interface/eth9 {"Actions":["SET"],"Options":{"mtu":[1001]}}',
    );
  });
});
