// The size checks that take seconds, moved out of the unit tests (issue 36: `npm test` stays
// within its budget on a loaded machine; the tests keep a small size of each, which checks the
// logic): server-sized lists past the length where an argument spread (`Math.max(...xs)`) throws,
// pages of 300,000 log records, 1,000 writes whose metadata reads must not grow with them, and
// the built binary's describe of 150,000 sub-nodes (from test/e2e/hostile-bounds.test.ts). Each is checked as the test checked it, then timed; a wrong
// answer fails the suite. `npm run bench -- size`.
import assert from 'node:assert/strict';
import { startRouterSim } from '../sim/router/index.js';
import { RouterClient } from '../src/api/router/client.js';
import { decodeNodeInfo } from '../src/api/router/decode-node.js';
import { decodeCapabilities } from '../src/api/telemetry/capabilities.js';
import { TelemetryClient } from '../src/api/telemetry/client.js';
import { DESCRIBE_MAX_ROWS, formatDescribe } from '../src/run/format-router.js';
import { MetadataCache, resolveLine } from '../src/lang/index.js';
import { runLine } from '../src/run/runner.js';
import { renderTable } from '../src/term/table.js';
import { stubServices } from '../test/helpers/services.js';
import { startHostileRouter } from '../test/hostile/router.js';
import { startHostileTelemetry } from '../test/hostile/telemetry.js';
import { runBin } from '../test/helpers/run-bin.js';

async function timed(name: string, out: Record<string, number>, body: () => unknown): Promise<void> {
  const t0 = performance.now();
  await body();
  out[`${name} (ms)`] = performance.now() - t0;
}

export async function benchSize(): Promise<Record<string, number>> {
  const out: Record<string, number> = {};

  await timed('describe of 150,000 sub-nodes', out, () => {
    const info = decodeNodeInfo({
      Name: '',
      Type: 'Token',
      SetValues: Array.from({ length: 150_000 }, (_, i) => `v${i}`),
      SubNodes: Array.from({ length: 150_000 }, (_, i) => ({ Name: `n${i}`, Type: 'Token' })),
    });
    const text = formatDescribe([], info, 100);
    assert.match(text, /configured: v0, v1, .*v49, … and 149,950 more\n/);
    assert.match(text, /… and 149,800 more \(use a narrower path\)\n$/);
    assert.ok(text.split('\n').length < DESCRIBE_MAX_ROWS + 20);
  });

  await timed('a table of 300,000 rows and a 1,000,000-cell column', out, () => {
    const rows = Array.from({ length: 300_000 }, (_, i) => [`r${i}`, 'x']);
    rows.push(['wide', 'y'.repeat(1_000_000)]);
    const lines = renderTable(['name', 'value'], rows, { maxWidth: 40 }).split('\n');
    assert.equal(lines.length, 300_004);
    assert.equal(lines.at(-2), `wide     ${'y'.repeat(30)}…`);
  });

  await timed('the smallest limit of 200,000 providers', out, () => {
    const providers = Array.from({ length: 200_000 }, (_, i) => ({
      provider: 'store_metrics',
      operations: ['query-range'],
      limits: { series: 1000 - (i % 7) },
    }));
    assert.equal(decodeCapabilities({ providers }, {}).limits.series, 994);
  });

  // The built binary against a router with 150,000 sub-nodes (moved from
  // test/e2e/hostile-bounds.test.ts, which keeps 2,000 and a padded body over the cap).
  const env = { ROUTERSH_USER: 'admin', ROUTERSH_PASSWORD: 'admin' };
  const lean = await startHostileRouter({ hugeSubnodes: 150_000, leanSubnodes: true });
  try {
    await timed('routersh describe of 150,000 sub-nodes (built binary)', out, async () => {
      const r = await runBin(['-c', 'describe'], {
        env: { ...env, ROUTERSH_ROUTER: lean.url },
        timeoutMs: 90_000,
      });
      assert.equal(r.stderr, '');
      assert.equal(r.code, 0);
      assert.match(r.stdout, /^ {2}n196 +word$/m);
      assert.doesNotMatch(r.stdout, /^ {2}n197 /m);
      assert.match(r.stdout, /… and 149,803 more \(use a narrower path\)\n$/);
    });
  } finally {
    await lean.close();
  }
  const full = await startHostileRouter({ hugeSubnodes: 150_000 });
  try {
    await timed(
      'routersh describe of 150,000 full sub-nodes, over the body cap (built binary)',
      out,
      async () => {
        const r = await runBin(['-c', 'describe'], {
          env: { ...env, ROUTERSH_ROUTER: full.url },
          timeoutMs: 90_000,
        });
        assert.equal(r.code, 1);
        assert.equal(r.stderr.trim().split('\n').length, 1);
        assert.match(r.stderr, /larger than 8388608 bytes/);
      },
    );
  } finally {
    await full.close();
  }

  const server = await startHostileTelemetry({ hugePage: 300_000 });
  const client = new TelemetryClient({ baseUrl: server.url, apiKey: 'k-0123456789' });
  try {
    await timed('a 300,000-record page cut to a limit of 10', out, async () => {
      const res = await client.logsSearch({ query: '*', limit: 10 });
      assert.equal(res.data.length, 10);
      assert.match(res.shapeWarning ?? '', /the server sent 300,000 records for a limit of 10/);
    });
    await timed('a 300,000-record page cut to search_default', out, async () => {
      assert.equal((await client.logsSearch({ query: '*' })).data.length, 200);
    });
  } finally {
    await client.close();
    await server.close();
  }
  const sim = await startRouterSim();
  const router = new RouterClient({
    baseUrl: sim.url,
    user: 'admin',
    password: 'admin',
    auth: 'basic',
    timeoutMs: 60_000,
  });
  try {
    await timed('1,000 adds to a match-list: 1,000 POSTs, a bounded number of GETs', out, async () => {
      const cache = new MetadataCache((words, signal) => router.nodeInfo(words, { signal }));
      const deps = stubServices({
        resolve: (line, context, signal) => resolveLine(line, { cache, context }, signal),
        router,
        cache,
        width: () => 80,
      });
      const n = sim.requests.length;
      for (let i = 0; i < 1000; i++) {
        const line = `ipv4 firewall match-list blacklist action match net 10.77.${i >> 8}.${i & 255}`;
        const o = await runLine(line, { context: [] }, deps, new AbortController().signal);
        assert.equal(o.kind, 'router');
      }
      const sent = sim.requests.slice(n);
      assert.equal(sent.filter((r) => r.method === 'POST').length, 1000);
      assert.ok(sent.filter((r) => r.method === 'GET').length <= 12);
    });
  } finally {
    await router.close();
    await sim.close();
  }
  return out;
}
