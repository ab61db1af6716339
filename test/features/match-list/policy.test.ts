// Entries a threat feed hardly means are refused unless the flag named for them is given: broader
// than /8 (IPv4) or /32 (IPv6) — `--allow-broad` —, or covering routersh's own address (the local
// address of its connection to the router, 127.0.0.1 here) — `--allow-own-address`. One error
// line per refused entry, with its line; nothing sent. Against the router simulator over HTTP.
import { afterEach, describe, expect, it } from 'vitest';
import { RouterClient } from '../../../src/api/router/client.js';
import { parseMatchListArgs } from '../../../src/features/match-list/args.js';
import { runMatchList } from '../../../src/features/match-list/command.js';
import { refusal } from '../../../src/features/match-list/policy.js';
import type { RouterSim } from '../../../sim/router/index.js';
import { sim } from '../../sim/router/sim-http.js';

const auth = { authorization: `Basic ${Buffer.from('admin:admin').toString('base64')}` };
const clients: RouterClient[] = [];
afterEach(async () => {
  await Promise.all(clients.splice(0).map((c) => c.close()));
});

async function rig(file: string) {
  const s = await sim();
  const client = new RouterClient({
    baseUrl: s.url,
    user: 'admin',
    password: 'admin',
    auth: 'basic',
    timeoutMs: 5000,
  });
  clients.push(client);
  const run = (words: string[]) =>
    runMatchList(parseMatchListArgs(words), {
      router: client,
      readInput: async () => file,
      now: () => performance.now(),
    });
  const writes = () => s.requests.filter((r) => r.method !== 'GET').length;
  return { s, run, writes };
}

const members = async (s: RouterSim): Promise<string[]> => {
  const res = await fetch(`${s.url}/api/ipv4/firewall/match-list/blacklist/action/match`, { headers: auth });
  return ((await res.json()) as { NodeInfo: { SetValues: string[] | null } }).NodeInfo.SetValues ?? [];
};

const FEED = '# feed\n192.0.2.1\n0.0.0.0/0\n127.0.0.0/8\n10.0.0.0/8\n1.2.3.4/7\n';

describe('match-list: broad entries and routersh’s own address (router sim over HTTP)', () => {
  it('refuses each with one line naming it, its line and the flag; nothing is sent', async () => {
    const r = await rig(FEED);
    const err = await r.run(['import', 'blacklist', 'f']).catch((e: Error) => e);
    expect((err as Error).message.split('\n')).toEqual([
      '3 bad lines in the input for match-list blacklist; nothing sent (--keep-going sends the good ones)',
      'line 3: 0.0.0.0/0 is broader than /8 (IPv4): it would block far more than a feed means to (--allow-broad sends it): 0.0.0.0/0',
      "line 4: 127.0.0.0/8 covers routersh's own address 127.0.0.1: it could cut routersh off the router (--allow-own-address sends it): 127.0.0.0/8",
      'line 6: 1.2.3.4/7 is broader than /8 (IPv4): it would block far more than a feed means to (--allow-broad sends it): 1.2.3.4/7',
    ]);
    expect(r.writes()).toBe(0);
    // One flag does not let the other kind through (0.0.0.0/0 covers routersh's address too);
    // sync refuses the same way.
    await expect(r.run(['import', 'blacklist', 'f', '--allow-broad'])).rejects.toThrow(
      /2 bad lines[\s\S]*line 3: 0\.0\.0\.0\/0 covers routersh's own address 127\.0\.0\.1[\s\S]*line 4: 127\.0\.0\.0\/8 covers/,
    );
    await expect(r.run(['sync', 'blacklist', 'f', '--allow-own-address'])).rejects.toThrow(
      /2 bad lines[\s\S]*line 3: 0\.0\.0\.0\/0 is broader[\s\S]*line 6: 1\.2\.3\.4\/7 is broader/,
    );
    expect(r.writes()).toBe(0);
  });

  it('--keep-going sends the rest and skips them; with both flags everything is sent', async () => {
    const r = await rig(FEED);
    const some = await r.run(['import', 'blacklist', 'f', '--keep-going', '--json']);
    expect(some.json).toMatchObject({ added: 2, invalid: [{ line: 3 }, { line: 4 }, { line: 6 }] });
    expect(await members(r.s)).not.toContain('0.0.0.0/0');
    const all = await r.run(['import', 'blacklist', 'f', '--allow-broad', '--allow-own-address', '--json']);
    expect(all.json).toMatchObject({ added: 3, refreshed: 2, invalid: [] });
    expect(await members(r.s)).toEqual(expect.arrayContaining(['0.0.0.0/0', '127.0.0.0/8', '0.0.0.0/7']));
  });

  it('an entry held back by the policy is listed by the feed: sync --keep-going never removes it', async () => {
    const r = await rig('0.0.0.0/0\n127.0.0.1\n203.0.113.7\n');
    await r.run(['import', 'blacklist', 'f', '--allow-broad', '--allow-own-address']);
    const sync = await r.run(['sync', 'blacklist', 'f', '--keep-going', '--dry-run']);
    expect(sync.text).toMatch(/^- 198\.51\.100\.0\/24\n/);
    expect(sync.text).not.toMatch(/^- (0\.0\.0\.0\/0|127\.0\.0\.1)$/m);
    expect(sync.json).toMatchObject({ added: 0, removed: 1, invalid: [{ line: 1 }, { line: 2 }] });
  });
});

describe('policy rules', () => {
  const none = { broad: false, ownAddress: false };
  it.each([
    ['0.0.0.0/0', true],
    ['128.0.0.0/1', true],
    ['10.0.0.0/7', true],
    ['10.0.0.0/8', false],
    ['192.0.2.1', false],
    ['::/0', true],
    ['2001:db8::/31', true],
    ['2001:db8::/32', false],
    ['2001:db8::1', false],
    ['::ffff:0.0.0.0/96', true], // IPv4-mapped: 0.0.0.0/0
    ['::ffff:10.0.0.0/104', false], // 10.0.0.0/8
    ['not-an-address', false],
  ])('%s broad: %s', (net, broad) => {
    expect(refusal(net, undefined, none) !== undefined).toBe(broad);
    expect(refusal(net, undefined, { broad: true, ownAddress: false })).toBeUndefined();
  });

  it('own address, of either family, mapped or not; unknown own address: not judged', () => {
    expect(refusal('192.0.2.0/24', '192.0.2.9', none)).toMatch(/covers routersh's own address 192\.0\.2\.9/);
    expect(refusal('192.0.2.0/24', '::ffff:192.0.2.9', none)).toMatch(/own address 192\.0\.2\.9:/);
    expect(refusal('2001:db8::/48', '2001:db8::5', none)).toMatch(/own address 2001:db8::5/);
    expect(refusal('192.0.2.0/24', '192.0.3.9', none)).toBeUndefined();
    expect(refusal('192.0.2.0/24', undefined, none)).toBeUndefined();
    expect(refusal('192.0.2.0/24', '192.0.2.9', { broad: false, ownAddress: true })).toBeUndefined();
  });
});
