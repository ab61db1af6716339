import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type RouterSim, startRouterSim } from '../../../sim/router/index.js';
import { runBatch } from '../../../src/commands/batch-loop.js';
import { runLine } from '../../../src/run/runner.js';
import type { Session } from '../../../src/session/session.js';
import { testSession } from '../../helpers/session.js';
import { vlanRouter } from '../../hostile/vlan-router.js';
import { startServer, type TestServer } from '../../helpers/http-server.js';
import { simConfig } from '../../helpers/sim-config.js';

let sim: RouterSim;
let vlans: TestServer;
const sessions: Session[] = [];
beforeAll(async () => {
  [sim, vlans] = await Promise.all([startRouterSim(), startServer(vlanRouter())]);
});
afterAll(async () => {
  await Promise.all(sessions.map((s) => s.close()));
  await Promise.all([sim.close(), vlans.close()]);
});

async function batch(url: string, lines: string[], o: { json?: boolean; dryRun?: boolean } = {}) {
  const s = await testSession(simConfig(url), { interactive: false, warn: () => {}, width: () => 100 });
  sessions.push(s);
  let stdout = '';
  let stderr = '';
  const ending = await runBatch(
    lines,
    { context: [] },
    s.services,
    { stdout: (t) => (stdout += t), stderr: (t) => (stderr += t) },
    {
      json: o.json ?? false,
      keepGoing: true,
      unit: 'line',
      signal: new AbortController().signal,
      dryRun: o.dryRun ?? true,
    },
  );
  return { ending, stdout, stderr };
}
const writes = (from: number) => sim.requests.slice(from).filter((r) => r.method !== 'GET');

describe('--dry-run: later lines as if earlier ones had run', () => {
  it('a node an earlier line creates exists; one it deletes does not; a live one does', async () => {
    const n = sim.requests.length;
    const r = await batch(sim.url, [
      'interface eth5 mtu 1400',
      'interface eth5',
      'interface eth5 mtu 1400',
      'no interface eth1',
      'interface eth1 description gone',
      'no interface eth5 ip address 10.9.9.9/24',
      'interface eth5 ip address 10.9.9.9/24',
      'no interface eth5 ip address 10.9.9.9/24',
      'interface eth0 mtu 9000',
    ]);
    expect(r.stderr.split('\n').filter((l) => l.startsWith('%'))).toEqual([
      "% 'interface eth5' does not exist (line 1)",
      "% 'interface eth1' does not exist (an earlier line deletes it) (line 5)",
      // eth5 is new: it has no address but the one a later line adds.
      "% 'interface eth5 ip address 10.9.9.9/24' does not exist ('interface eth5' is new: an earlier line creates it) (line 6)",
    ]);
    expect(r.ending).toMatchObject({ kind: 'failed' });
    expect(r.stdout).toContain('POST /api/interface/eth5/mtu/1400 {"Actions":["SET"]}');
    expect(r.stdout).toContain('DELETE /api/interface/eth5/ip/address/10.9.9.9%2F24');
    expect(writes(n)).toEqual([]);
  });

  it('a match-list entry not listed, and entries after a bulk import, are unchecked (exit 0)', async () => {
    const r = await batch(sim.url, [
      'no ipv4 firewall match-list blacklist action match net 203.0.113.7',
      'no ipv4 firewall match-list blacklist action match net 203.0.113.7',
      'match-list import blacklist feed.txt',
      'no ipv4 firewall match-list blacklist action match net 192.0.2.55',
    ]);
    expect(r.ending).toEqual({ kind: 'ok' });
    const out = r.stdout.trimEnd().split('\n');
    expect(out[0]).not.toContain('unchecked');
    expect(out[1]).toMatch(/# unchecked: the entry net 203\.0\.113\.7 is not listed/);
    expect(out[2]).toMatch(/^# unchecked: match-list import blacklist feed\.txt \(writes entries/);
    expect(out[3]).toMatch(/# unchecked: the entry net 192\.0\.2\.55/);
  });

  it('a line under a node created earlier, whose metadata cannot be read yet, is unchecked, not an error', async () => {
    vlans.requests.length = 0;
    const r = await batch(
      vlans.url,
      ['vlan 20', 'vlan 20 name core', 'vlan 10 name edge', 'vlan 30 name x'],
      {
        json: true,
      },
    );
    const docs = r.stdout
      .trimEnd()
      .split('\n')
      .map((l) => JSON.parse(l) as { status: string; why?: string; request?: { path: string } });
    expect(docs.map((d) => d.status)).toEqual(['ok', 'unchecked', 'ok', 'invalid']);
    expect(docs[1]!.why).toMatch(
      /^'vlan 20' is created by an earlier line: its metadata cannot be read before/,
    );
    expect(docs[2]!.request?.path).toBe('/api/vlan/10/name/edge');
    expect(r.stderr).toMatch(/unknown word 'name'.*\(line 4\)/);
    expect(vlans.requests.map((q) => q.method).filter((m) => m !== 'GET')).toEqual([]);
  });
});

describe('the dry-run prefix', () => {
  it('in a script that runs: shows the request, sends nothing, and the next line really runs', async () => {
    const n = sim.requests.length;
    const lines = [
      'dry-run interface eth7',
      'dry-run interface eth0 description "a b"',
      'interface eth7 mtu 1400',
    ];
    const r = await batch(sim.url, lines, { dryRun: false });
    expect(r.stdout).toBe(
      'POST /api/interface/eth7 {"Actions":["SET"]}\nPOST /api/interface/eth0/description/a%20b {"Actions":["SET"]}\n',
    );
    // It was not created by the dry run, so the real line fails at the router.
    expect(r.stderr).toMatch(/% Interface eth7 does not exist \(line 3\)/);
    expect(writes(n).map((q) => `${q.method} ${q.url}`)).toEqual(['POST /api/interface/eth7/mtu/1400']);
  });

  it('in the shell: relative to the context, secrets as ***, validation errors as errors', async () => {
    const s = await testSession(simConfig(sim.url), { interactive: true, warn: () => {}, width: () => 100 });
    sessions.push(s);
    const signal = new AbortController().signal;
    const n = sim.requests.length;
    const a = await runLine(
      'dry-run password hunter2',
      { context: ['system', 'user', 'admin'] },
      s.services,
      signal,
    );
    expect(a).toMatchObject({
      kind: 'text',
      text: 'POST /api/system/user/admin/password/*** {"Actions":["SET"]}\n',
    });
    expect(JSON.stringify(a)).not.toContain('hunter2');
    const b = await runLine('dry-run interface eth0 mtu abc', { context: [] }, s.services, signal);
    expect(b).toMatchObject({ kind: 'error', error: { code: 'validation' } });
    expect(writes(n)).toEqual([]);
  });
});
