// The own-path check (run/own-path.ts) against the router simulator over real HTTP: the
// connection's addresses come from the transport (127.0.0.1 on both ends here), the firewall
// rules and interface addresses from the live metadata. And against the hostile node:http
// router, whose tree has no firewall: it cannot tell, so it warns anyway.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type RouterSim, startRouterSim } from '../../../sim/router/index.js';
import { RouterClient } from '../../../src/api/router/client.js';
import type { RouterRequest } from '../../../src/api/router/types.js';
import { ownPathWarning } from '../../../src/features/changes/own-path.js';
import { type HostileRouter, startHostileRouter } from '../../hostile/router.js';

let sim: RouterSim;
let hostile: HostileRouter;
let client: RouterClient;
let other: RouterClient;
const signal = new AbortController().signal;
const connect = (url: string) =>
  new RouterClient({ baseUrl: url, user: 'admin', password: 'admin', auth: 'basic', timeoutMs: 5000 });

beforeAll(async () => {
  [sim, hostile] = await Promise.all([startRouterSim(), startHostileRouter()]);
  client = connect(sim.url);
  other = connect(hostile.url);
  // A list used by an ACCEPT rule only, and one no rule uses.
  await client.post(['ipv4', 'firewall', 'match-list', 'allow'], { Actions: ['SET'] });
  await client.post(['ipv4', 'firewall', 'match-list', 'spare'], { Actions: ['SET'] });
  await client.post(['ipv4', 'firewall', 'filter', 'forward', 'rule', '30'], {
    Actions: ['SET'],
    Options: { action: ['ACCEPT'], 'match-list': ['allow'], src: [] },
  });
  await other.get([]);
});
afterAll(async () => {
  await Promise.all([client.close(), other.close()]);
  await Promise.all([sim.close(), hostile.close()]);
});

const entry = (list: string, net: string): RouterRequest => ({
  method: 'POST',
  words: ['ipv4', 'firewall', 'match-list', list, 'action', 'match'],
  actions: ['SET'],
  options: { net: [net] },
});
const check = (r: RouterRequest, c = client) => ownPathWarning(r, { router: c, signal });
/** The client, seen from a connection whose addresses are `local` and `remote`. */
const seenAs = (addresses?: { local: string; remote: string }) => ({
  send: client.send.bind(client),
  addresses,
});

describe('a match-list entry being added', () => {
  it('that covers our source address, to a list a DROP rule uses: warns, naming the rule', async () => {
    expect(client.addresses).toEqual({ local: '127.0.0.1', remote: '127.0.0.1' });
    expect(await check(entry('blacklist', '127.0.0.0/8'))).toBe(
      "match-list blacklist entry 127.0.0.0/8 covers routersh's own address 127.0.0.1 and rule 10 drops what the list matches: the router would cut routersh off",
    );
  });

  it('that does not cover it, or to a list only ACCEPT rules or no rule use: no warning', async () => {
    expect(await check(entry('blacklist', '203.0.113.9'))).toBeUndefined();
    expect(await check(entry('allow', '127.0.0.1'))).toBeUndefined();
    expect(await check(entry('spare', '127.0.0.1'))).toBeUndefined();
    // Deleting an entry, or showing the list, cuts nothing.
    expect(await check({ ...entry('blacklist', '127.0.0.1'), actions: ['UNSET'] })).toBeUndefined();
  });

  it('when the firewall cannot be read (a router without one), or our address is unknown: warns anyway', async () => {
    expect(await check(entry('x', '127.0.0.1'), other)).toMatch(
      /covers routersh's own address 127\.0\.0\.1 and routersh cannot tell whether a DROP or REJECT rule uses the list/,
    );
    const unknown = await ownPathWarning(entry('blacklist', '10.0.0.0/8'), { router: seenAs(), signal });
    expect(unknown).toMatch(/cannot tell whether it covers its own address/);
  });

  it('from an IPv6 or IPv4-mapped own address: checked in its family, a mapped one as IPv4', async () => {
    const from = (source: string, net: string) =>
      ownPathWarning(entry('blacklist', net), {
        router: seenAs({ local: source, remote: '127.0.0.1' }),
        signal,
      });
    expect(await from('::1', '::1/128')).toBe(
      "match-list blacklist entry ::1/128 covers routersh's own address ::1 and rule 10 drops what the list matches: the router would cut routersh off",
    );
    expect(await from('2001:db8::5', '2001:db8::/32')).toMatch(
      /^match-list blacklist entry 2001:db8::\/32 covers routersh's own address 2001:db8::5 and rule 10 /,
    );
    expect(await from('::1', '::')).toBeUndefined();
    expect(await from('::1', '127.0.0.0/8')).toBeUndefined();
    expect(await from('2001:db8::5', '2001:db9::/32')).toBeUndefined();
    // A dual-stack socket reports an IPv4 address as ::ffff:a.b.c.d: it is that IPv4 address.
    expect(await from('::ffff:127.0.0.1', '127.0.0.0/8')).toBe(
      "match-list blacklist entry 127.0.0.0/8 covers routersh's own address 127.0.0.1 and rule 10 drops what the list matches: the router would cut routersh off",
    );
    expect(await from('::ffff:127.0.0.1', '::1/128')).toBeUndefined();
    expect(await from('127.0.0.1', '::ffff:127.0.0.0/104')).toMatch(
      /entry ::ffff:127\.0\.0\.0\/104 covers routersh's own address 127\.0\.0\.1 and rule 10 /,
    );
  });
});

describe('an interface', () => {
  const req = (
    method: 'POST' | 'DELETE',
    words: string[],
    actions?: RouterRequest['actions'],
  ): RouterRequest => ({
    method,
    words,
    ...(actions ? { actions } : {}),
  });

  it('whose subnet holds the router address we use (lo, 127.0.0.1/8): down, deleted, address removed all warn', async () => {
    expect(await check(req('POST', ['interface', 'lo', 'shutdown'], ['SET']))).toBe(
      'interface lo goes down: routersh reaches the router at 127.0.0.1, in its subnet 127.0.0.1/8: the change may cut routersh off',
    );
    expect(await check(req('DELETE', ['interface', 'lo']))).toMatch(
      /^interface lo is deleted: .* 127\.0\.0\.1\/8/,
    );
    expect(await check(req('DELETE', ['interface', 'lo', 'ip', 'address', '127.0.0.1/8']))).toMatch(
      /^interface lo loses address 127\.0\.0\.1\/8:/,
    );
  });

  it('other interfaces, an added address, or enabling one: no warning', async () => {
    expect(await check(req('POST', ['interface', 'eth1', 'shutdown'], ['SET']))).toBeUndefined();
    expect(await check(req('DELETE', ['interface', 'eth0']))).toBeUndefined();
    expect(await check(req('DELETE', ['interface', 'eth0', 'ip', 'address', '10.0.0.1/24']))).toBeUndefined();
    expect(
      await check(req('POST', ['interface', 'lo', 'ip', 'address', '127.0.0.2/8'], ['SET'])),
    ).toBeUndefined();
    expect(await check(req('DELETE', ['interface', 'lo', 'shutdown']))).toBeUndefined();
    expect(await check(req('POST', ['interface', 'lo', 'mtu', '1400'], ['SET']))).toBeUndefined();
  });

  it('reached over IPv6 or an IPv4-mapped address: checked in its family, a mapped one as IPv4', async () => {
    const via = (router: string, r: RouterRequest) =>
      ownPathWarning(r, { router: seenAs({ local: '127.0.0.1', remote: router }), signal });
    expect(await via('::ffff:127.0.0.1', req('POST', ['interface', 'lo', 'shutdown'], ['SET']))).toBe(
      'interface lo goes down: routersh reaches the router at 127.0.0.1, in its subnet 127.0.0.1/8: the change may cut routersh off',
    );
    // lo holds no IPv6 address in the simulator; removing one names it.
    expect(await via('::1', req('POST', ['interface', 'lo', 'shutdown'], ['SET']))).toBeUndefined();
    expect(await via('::1', req('DELETE', ['interface', 'lo', 'ip', 'address', '::1/128']))).toBe(
      'interface lo loses address ::1/128: routersh reaches the router at ::1, in its subnet ::1/128: the change may cut routersh off',
    );
    expect(
      await via('::1', req('DELETE', ['interface', 'lo', 'ip', 'address', '127.0.0.1/8'])),
    ).toBeUndefined();
  });

  it('whose addresses cannot be read: warns anyway', async () => {
    expect(await check(req('DELETE', ['interface', 'eth0']), other)).toMatch(
      /^interface eth0 is deleted: routersh cannot read its addresses/,
    );
  });
});
