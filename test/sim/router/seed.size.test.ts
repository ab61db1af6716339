import { describe, expect, it } from 'vitest';
import { ManualClock } from '../../../sim/clock.js';
import { del, get, post, sim } from './sim-http.js';

const ML = '/api/ipv4/firewall/match-list';

describe('router sim: seeded state at size', () => {
  it('seeds 10,000 interfaces and a 65,536-member list, read back through the API', async () => {
    const clock = new ManualClock();
    const s = await sim({
      clock,
      seed: { interfaces: 10_000, members: { list: 'blacklist', count: 65_536 } },
    });
    const ifs = (await get(s, '/api/interface')).body.NodeInfo?.SubNodes?.[0]?.SetValues ?? [];
    // The demo's eth0, eth1 and lo, then eth2 … eth10001.
    expect(ifs).toHaveLength(10_003);
    expect(ifs).toEqual(expect.arrayContaining(['eth0', 'eth1', 'lo', 'eth2', 'eth10001']));
    expect(ifs).not.toContain('eth10002');
    const sub = async (name: string, word: string) =>
      (await get(s, `/api/interface/${name}/${word}`)).body.NodeInfo?.SubNodes?.[0]?.SetValues ?? null;
    expect(await sub('eth12', 'mtu')).toEqual(['9000']);
    expect(await sub('eth13', 'mtu')).toEqual(['1500']);
    expect(await sub('eth12', 'description')).toEqual(['seeded port 12']);
    expect(await sub('eth13', 'description')).toBeNull();
    expect(
      (await get(s, '/api/interface/eth300/ip/address')).body.NodeInfo?.SubNodes?.[0]?.SetValues,
    ).toEqual(['10.1.44.1/24']);
    const members = (await get(s, `${ML}/blacklist/action/match`)).body.NodeInfo?.SetValues ?? [];
    expect(members).toHaveLength(65_536);
    expect(new Set(members).size).toBe(65_536);
    // The demo's two members are replaced: the list holds exactly the count.
    expect(members).not.toContain('203.0.113.7');
    // Members behave as any: removed by their key, timed out by the list's timeout.
    await post(s, `${ML}/blacklist/action/match`, { Actions: ['UNSET'], Options: { net: ['100.64.1.2'] } });
    clock.advance(1000);
    await post(s, `${ML}/blacklist/action/match`, { Options: { net: ['100.64.1.3'] } });
    expect((await get(s, `${ML}/blacklist/action/match`)).body.NodeInfo?.SetValues).toHaveLength(65_535);
    clock.advance(3_599_500);
    expect((await get(s, `${ML}/blacklist/action/match`)).body.NodeInfo?.SetValues).toEqual(['100.64.1.3']);
    // Seeded interfaces are ordinary ones.
    expect((await del(s, '/api/interface/eth5')).status).toBe(200);
  });

  it('creates a list it is told to fill; a count over the capacity is refused', async () => {
    const s = await sim({ seed: { members: { list: 'scanners', count: 3 } } });
    const lists = (await get(s, ML)).body.NodeInfo?.SubNodes?.[0]?.SetValues;
    expect(lists).toEqual(['blacklist', 'scanners']);
    expect((await get(s, `${ML}/scanners/action/match`)).body.NodeInfo?.SetValues).toEqual([
      '100.64.0.0',
      '100.64.0.1',
      '100.64.0.2',
    ]);
    await expect(sim({ seed: { members: { list: 'x', count: 65_537 } } })).rejects.toThrow(
      'seed.members.count must be 0-65536, not 65537',
    );
  });
});
