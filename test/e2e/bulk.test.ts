// A bulk script through the built binary (-f) against the router simulator: 1,000 match-list
// adds cost 1,000 POSTs and a bounded number of metadata GETs for resolution (main sent 2 GETs
// per entry, each naming every entry of the list), plus the journal's before/after reads.
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { type RouterSim, startRouterSim } from '../../sim/router/index.js';
import { runBin } from '../helpers/run-bin.js';

let sim: RouterSim;
let env: Record<string, string>;
beforeAll(async () => {
  sim = await startRouterSim();
  env = { ROUTERSH_ROUTER: sim.url, ROUTERSH_USER: 'admin', ROUTERSH_PASSWORD: 'admin' };
});
afterAll(() => sim.close());

it('-f with 1,000 adds: one POST per entry and a bounded number of GETs', async () => {
  const file = join(mkdtempSync(join(tmpdir(), 'routersh-bulk-')), 'adds.txt');
  const lines = Array.from(
    { length: 1000 },
    (_, i) => `ipv4 firewall match-list blacklist action match net 10.0.${i >> 8}.${i & 255}`,
  );
  writeFileSync(file, `${lines.join('\n')}\n`);
  const n = sim.requests.length;
  const r = await runBin(['-f', file], { env, timeoutMs: 60_000 });
  expect(r.stderr).toBe('');
  expect(r.code).toBe(0);
  expect(r.stdout.match(/added to match-list blacklist/g)).toHaveLength(1000);
  const sent = sim.requests.slice(n);
  expect(sent.filter((q) => q.method === 'POST')).toHaveLength(1000);
  // Resolving the lines: a bounded number of GETs. The change journal (issue 11) reads each
  // change's node once before and once after it: two per line, by design (`match-list import`
  // is one change for a whole feed).
  const journal = 2 * 1000;
  expect(sent.filter((q) => q.method === 'GET').length).toBeLessThanOrEqual(12 + journal);
}, 90_000);
