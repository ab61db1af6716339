// Monitor `d` at real scale (issue 9): removing one entry sends that entry's UNSET and reads
// only the list's own small node, once per pane — never the entry node, whose metadata names
// every member of the list.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { RouterClient } from '../../../src/api/router/client.js';
import { monitorSource } from '../../../src/features/match-list/monitor-source.js';
import { DEMO_USERS, type RouterSim, startRouterSim } from '../../../sim/router/index.js';

let sim: RouterSim;
let client: RouterClient;

beforeAll(async () => {
  sim = await startRouterSim();
  client = new RouterClient({ baseUrl: sim.url, ...DEMO_USERS.admin, auth: 'basic', timeoutMs: 5000 });
  const words = ['ipv4', 'firewall', 'match-list', 'blacklist', 'action', 'match'];
  for (const net of ['10.1.1.1', '10.1.1.2', '10.1.1.3'])
    await client.post(words, { Actions: ['SET'], Options: { net: [net] } });
});
afterAll(async () => {
  await client.close();
  await sim.close();
});

const signal = () => new AbortController().signal;

describe('monitor d', () => {
  it('sends the UNSET directly; the list node is read once per pane, the entry node never', async () => {
    const remove = monitorSource(client, 'blacklist').remove!;
    const n = sim.requests.length;
    await remove('10.1.1.1', signal());
    await remove('10.1.1.2', signal());
    const sent = sim.requests.slice(n).map((r) => `${r.method} ${r.url}`);
    expect(sent).toEqual([
      'GET /api/ipv4/firewall/match-list/blacklist',
      'POST /api/ipv4/firewall/match-list/blacklist/action/match',
      'POST /api/ipv4/firewall/match-list/blacklist/action/match',
    ]);
    const bodies = sim.requests.slice(n + 1).map((r) => JSON.parse(r.body) as unknown);
    expect(bodies).toEqual([
      expect.objectContaining({ Actions: ['UNSET'], Options: { net: ['10.1.1.1'] } }),
      expect.objectContaining({ Actions: ['UNSET'], Options: { net: ['10.1.1.2'] } }),
    ]);
    const after = await client.post(['ipv4', 'firewall', 'match-list', 'blacklist'], { Actions: ['SHOW'] });
    expect(String(after.nodeInfo?.showOutput)).not.toMatch(/10\.1\.1\.[12]\b/);
    expect(String(after.nodeInfo?.showOutput)).toContain('10.1.1.3');
  });

  it('a list that does not exist is an error, and asked again on the next d', async () => {
    const remove = monitorSource(client, 'nosuch').remove!;
    const n = sim.requests.length;
    await expect(remove('10.1.1.3', signal())).rejects.toThrow(/nosuch/);
    await expect(remove('10.1.1.3', signal())).rejects.toThrow(/nosuch/);
    expect(sim.requests.slice(n).filter((r) => r.method === 'POST')).toEqual([]);
    expect(sim.requests.slice(n)).toHaveLength(2);
  });
});
