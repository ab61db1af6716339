// Metadata traffic of whole lines against the router simulator (real HTTP, real client and
// cache): a cold line asks for its path prefixes at once instead of one word per round trip,
// and our own writes do not re-download the written list once per entry.
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { type RouterSim, startRouterSim } from '../../sim/router/index.js';
import { RouterClient } from '../../src/api/router/client.js';
import { complete, MetadataCache, resolveLine } from '../../src/lang/index.js';
import { runLine } from '../../src/run/runner.js';
import { stubServices } from '../helpers/services.js';

let sim: RouterSim;
const clients: RouterClient[] = [];
beforeAll(async () => {
  sim = await startRouterSim();
});
afterEach(async () => {
  sim.faults.clear();
  await Promise.all(clients.splice(0).map((c) => c.close()));
});
afterAll(() => sim.close());

function session() {
  const client = new RouterClient({
    baseUrl: sim.url,
    user: 'admin',
    password: 'admin',
    auth: 'basic',
    timeoutMs: 10_000,
  });
  clients.push(client);
  const cache = new MetadataCache((words, signal) => client.nodeInfo(words, { signal }));
  const deps = stubServices({
    resolve: (line, context, signal) => resolveLine(line, { cache, context }, signal),
    router: client,
    cache,
    width: () => 80,
  });
  const run = (line: string) => runLine(line, { context: [] }, deps, new AbortController().signal);
  return { cache, run };
}

const since = (n: number, method?: string) =>
  sim.requests.slice(n).filter((r) => (method ? r.method === method : true));

describe('a whole line against a cold cache', () => {
  it('asks for the typed path prefixes concurrently: about one round trip, not one per word', async () => {
    const { run } = session();
    sim.faults.set({ latencyMs: 100 });
    const n = sim.requests.length;
    const out = await run('no ipv4 firewall match-list blacklist action match net 203.0.113.7');
    expect(out.kind).toBe('router');
    const gets = since(n, 'GET').map((r) => r.url);
    // 7 nodes on the path (root … match); the option words cost 2 failed guesses.
    expect(gets).toContain('/api/ipv4/firewall/match-list/blacklist/action/match');
    expect(gets.length).toBeLessThanOrEqual(10);
    // One word at a time, each GET would arrive alone; asked at once, they overlap at the router.
    const peak = Math.max(
      ...sim.requests
        .slice(n)
        .filter((r) => r.method === 'GET')
        .map((r) => r.inFlight),
    );
    expect(peak).toBeGreaterThanOrEqual(5);
  });

  it('never asks for a path through a secret value', async () => {
    const { cache } = session();
    const n = sim.requests.length;
    await resolveLine('system user bob pa hunter4', { cache }, new AbortController().signal).catch(() => {});
    const urls = since(n).map((r) => r.url);
    expect(urls.join('\n')).not.toContain('hunter4');
  });
});

describe('our own writes', () => {
  // 100 adds show the GETs do not grow with the entries; 1,000 run in the bench (bench/size-bench.ts).
  it('100 adds to a match-list send 100 POSTs and a bounded number of GETs', async () => {
    const { run } = session();
    const n = sim.requests.length;
    for (let i = 0; i < 100; i++) {
      const out = await run(`ipv4 firewall match-list blacklist action match net 10.77.${i >> 8}.${i & 255}`);
      expect(out.kind).toBe('router');
    }
    expect(since(n, 'POST')).toHaveLength(100);
    // Before: the written node and its parent were dropped and fetched again for every entry.
    expect(since(n, 'GET').length).toBeLessThanOrEqual(12);
  });

  it('completion after a write lists the new value (the changed node is read again, once)', async () => {
    const { cache, run } = session();
    await run('interface eth9');
    const n = sim.requests.length;
    const signal = new AbortController().signal;
    const c = await complete('no interface ', 13, { cache }, signal);
    expect(c.candidates.map((x) => x.text)).toContain('eth9');
    const again = await complete('no interface ', 13, { cache }, signal);
    expect(again.candidates.map((x) => x.text)).toContain('eth9');
    expect(since(n, 'GET').filter((r) => r.url === '/api/interface').length).toBe(1);
    await run('no interface eth9');
    const after = await complete('no interface ', 13, { cache }, signal);
    expect(after.candidates.map((x) => x.text)).not.toContain('eth9');
  });
});
