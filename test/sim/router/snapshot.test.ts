// A router's whole state saved and put back in place (sim/router/snapshot.ts, issue 40): what a
// class server's reset restores and what its --state keeps across a restart. Through the API.
import { describe, expect, it } from 'vitest';
import { type SavedRouterState, loadState, saveState } from '../../../sim/router/snapshot.js';
import { basic, del, get, post, sim } from './sim-http.js';

const ML = '/api/ipv4/firewall/match-list';
const values = async (s: Awaited<ReturnType<typeof sim>>, path: string) =>
  (await get(s, path)).body.NodeInfo?.SetValues ?? null;
const mtu = async (s: Awaited<ReturnType<typeof sim>>) =>
  (await get(s, '/api/interface/eth1.100/mtu')).body.NodeInfo?.SubNodes?.[0]?.SetValues ?? null;
const ifaces = async (s: Awaited<ReturnType<typeof sim>>) =>
  (await get(s, '/api/interface')).body.NodeInfo?.SubNodes?.[0]?.SetValues ?? [];

describe('router sim: save and restore', () => {
  it('a restore puts the tree, users and match-lists back as saved, in place', async () => {
    const s = await sim();
    await post(s, '/api/interface/eth1.100', {});
    await post(s, `${ML}/blacklist/action/match`, { Options: { net: ['10.9.9.9'] } });
    const saved = s.save();
    await post(s, '/api/interface/eth1.100/mtu/9000');
    expect(await mtu(s)).toEqual(['9000']);
    await post(s, '/api/interface/eth2', {});
    await del(s, '/api/interface/eth1.100');
    await post(s, `${ML}/scanners`, { Options: { timeout: [100] } });
    await del(s, `${ML}/blacklist/action/match`);
    s.setUser('t1', 'code-1');
    expect((await get(s, '/api/interface', basic('t1', 'code-1'))).status).toBe(200);

    // Through JSON, as --state writes it.
    s.restore(JSON.parse(JSON.stringify(saved)) as SavedRouterState);
    const names = await ifaces(s);
    expect(names).toContain('eth1.100');
    expect(names).not.toContain('eth2');
    expect(await mtu(s)).not.toEqual(['9000']);
    expect((await get(s, ML)).body.NodeInfo?.SubNodes?.[0]?.SetValues).toEqual(['blacklist']);
    expect(await values(s, `${ML}/blacklist/action/match`)).toEqual(
      expect.arrayContaining(['10.9.9.9', '203.0.113.7', '198.51.100.0/24']),
    );
    // The user added after the save is gone with it.
    expect((await get(s, '/api/interface', basic('t1', 'code-1'))).status).toBe(401);
  });

  it('the saved form is JSON that loads to the same state (shaped variant too)', async () => {
    for (const variant of ['default', 'shaped'] as const) {
      const s = await sim({ variant });
      const saved = s.save();
      const again = saveState(loadState(JSON.parse(JSON.stringify(saved)) as SavedRouterState));
      expect(again).toEqual(saved);
    }
  });

  it('a damaged save is refused before anything changes', async () => {
    const s = await sim();
    expect(() => s.restore({ version: 2 } as unknown as SavedRouterState)).toThrow(
      /not a saved router state/,
    );
    expect(await ifaces(s)).toContain('eth0');
  });
});
