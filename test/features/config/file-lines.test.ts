import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type RouterSim, startRouterSim } from '../../../sim/router/index.js';
import { type FileLine, resolveFileLines } from '../../../src/features/config/file-lines.js';
import type { Session } from '../../../src/session/session.js';
import { vlanRouter } from '../../hostile/vlan-router.js';
import { startServer, type TestServer } from '../../helpers/http-server.js';
import { testSession } from '../../helpers/session.js';
import { simConfig } from '../../helpers/sim-config.js';

let sim: RouterSim;
let vlans: TestServer;
let session: Session;
let vlanSession: Session;
beforeAll(async () => {
  [sim, vlans] = await Promise.all([startRouterSim(), startServer(vlanRouter({ leafName: true }))]);
  [session, vlanSession] = await Promise.all([
    // No fault here: the deadline is a hang guard (a loaded worker outran simConfig's 5 s).
    testSession(simConfig(sim.url, { timeoutMs: 60_000 })),
    testSession(simConfig(vlans.url, { timeoutMs: 60_000 })),
  ]);
});
afterAll(async () => {
  await Promise.all([session.close(), vlanSession.close()]);
  await Promise.all([sim.close(), vlans.close()]);
});

const lines = (...texts: string[]): FileLine[] => texts.map((text, i) => ({ n: i + 3, text }));
const resolve = (ls: FileLine[], s = session) =>
  resolveFileLines('saved.conf', ls, { router: s.services.router, signal: new AbortController().signal });
const writes = () => sim.requests.filter((r) => r.method !== 'GET').length;

describe('file lines against the simulator', () => {
  it('describes each line as the metadata describes its slot', async () => {
    const got = await resolve(
      lines(
        'interface eth1',
        'interface eth1 mtu 9000',
        'int eth1 description "up link"',
        'interface eth1 shutdown',
        'ip route 10.9.0.0/16',
        'ip route 10.9.0.0/16 via 10.0.0.254',
        'ipv4 firewall match-list bl timeout 600 key net',
        'ipv4 firewall match-list bl action match net 192.0.2.1',
        'ipv4 firewall filter forward rule 10 action DROP match-list bl src',
      ),
    );
    const [iface, mtu, desc, shut, route, via, list, member, rule] = got.lines;
    expect(iface).toMatchObject({
      path: ['interface', 'eth1'],
      multi: true,
      settable: true,
      unsettable: true,
    });
    expect(mtu).toMatchObject({ path: ['interface', 'eth1', 'mtu', '9000'], multi: false, settable: true });
    expect(mtu!.slot).toBe(['interface', 'eth1', 'mtu', '<%NUM>'].join('\u001f'));
    expect(desc).toMatchObject({ path: ['interface', 'eth1', 'description', 'up link'], multi: false });
    expect(shut).toMatchObject({
      path: ['interface', 'eth1', 'shutdown'],
      options: {},
      multi: true,
      member: false,
    });
    // Made by its `via` only: described, not settable on its own.
    expect(route).toMatchObject({ path: ['ip', 'route', '10.9.0.0/16'], settable: false, unsettable: true });
    expect(via).toMatchObject({ path: ['ip', 'route', '10.9.0.0/16', 'via', '10.0.0.254'], settable: true });
    expect(list).toMatchObject({
      path: ['ipv4', 'firewall', 'match-list', 'bl'],
      options: { timeout: ['600'], key: ['net'] },
      setOptions: ['timeout', 'key'],
      numeric: ['timeout'],
      member: false,
    });
    expect(member).toMatchObject({
      path: ['ipv4', 'firewall', 'match-list', 'bl', 'action', 'match'],
      options: { net: ['192.0.2.1'] },
      unsetOptions: ['net', 'port', 'protocol'],
      member: true,
      secret: false,
    });
    expect(rule).toMatchObject({ options: { action: ['DROP'], 'match-list': ['bl'], src: [] } });
    expect(got.notes).toEqual([]);
  });

  it('keeps a line holding *** as a secret line that is never sent', async () => {
    const got = await resolve(lines('system user bob', 'system user bob password ***'));
    expect(got.lines[1]).toMatchObject({
      path: ['system', 'user', 'bob', 'password', '***'],
      secret: true,
    });
  });

  const refused: Array<[string, RegExp]> = [
    ['help', /^saved\.conf:4: 'help' is a built-in command/],
    ['no interface eth0', /^saved\.conf:4: 'no' removes/],
    ['delete interface eth0', /^saved\.conf:4: 'delete' removes/],
    ['show interface', /^saved\.conf:4: 'show' reads/],
    ['intrface eth0', /^saved\.conf:4: unknown word 'intrface'/],
    ['interface eth1 mtu jumbo', /^saved\.conf:4: .*jumbo/],
    ['system user bob password', /^saved\.conf:4: incomplete command/],
    ['interface eth1 mtu 9000 | save x', /^saved\.conf:4: /],
    // The dry run's rule: an interface must exist (or an earlier line create it) before its MTU.
    [
      'interface eth9 mtu 9000',
      /^saved\.conf:4: 'interface eth9' does not exist: a line before this one must create it$/,
    ],
    // A saved file holds *** for a secret: a real one is not loaded, nor printed.
    [
      'system user bob password hunter2',
      /^saved\.conf:4: a secret value: a configuration file holds \*\*\* there/,
    ],
  ];
  it.each(refused)('refuses %s as FILE:LINE: why, and nothing is sent', async (bad, why) => {
    const before = writes();
    const err = await resolve(lines('hostname r1', bad, 'hostname r2')).catch((e: Error) => e);
    expect(err).toBeInstanceOf(Error);
    expect((err as Error).message).toMatch(why);
    expect((err as { code?: string }).code).toBe('validation');
    expect(writes()).toBe(before);
  });

  it('resolves 10,000 lines with a GET per shape of path, not per line', async () => {
    const before = sim.requests.length;
    const many: FileLine[] = [];
    for (let i = 0; many.length < 10_000; i++) {
      many.push({ n: many.length + 1, text: `interface eth${i}` });
      many.push({ n: many.length + 1, text: `interface eth${i} mtu ${1000 + (i % 8000)}` });
    }
    const started = performance.now();
    const got = await resolve(many);
    const ms = performance.now() - started;
    console.log(`10,000 file lines resolved in ${ms.toFixed(0)} ms with ${got.reads} metadata GETs`);
    expect(got.lines).toHaveLength(10_000);
    expect(got.lines[9_999]!.path).toEqual(['interface', 'eth4999', 'mtu', String(1000 + 4999)]);
    expect(sim.requests.length - before).toBeLessThan(10);
    expect(writes()).toBe(0);
  });
});

describe('lines under a node an earlier line creates', () => {
  it('takes them unchecked when the router cannot describe the new node yet', async () => {
    const got = await resolve(lines('vlan 20', 'vlan 20 name blue'), vlanSession);
    expect(got.lines.map((l) => l.path)).toEqual([
      ['vlan', '20'],
      ['vlan', '20', 'name', 'blue'],
    ]);
    expect(got.notes).toEqual([
      expect.stringMatching(/^saved\.conf:4: unchecked: 'vlan 20' is created by an earlier line/),
    ]);
  });

  it('checks them by a described sibling when there is one', async () => {
    const got = await resolve(lines('vlan 10 name red', 'vlan 30', 'vlan 30 name green'), vlanSession);
    expect(got.lines[2]).toMatchObject({ path: ['vlan', '30', 'name', 'green'], settable: true });
    expect(got.notes).toEqual([]);
  });

  it('refuses a word the metadata does not know under a node no earlier line creates', async () => {
    const err = await resolve(lines('vlan 40 name blue'), vlanSession).catch((e: Error) => e);
    expect((err as Error).message).toMatch(/^saved\.conf:3: /);
  });
});
