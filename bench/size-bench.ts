// The size checks that take seconds, moved out of the unit tests (issue 36: `npm test` stays
// within its budget on a loaded machine; the tests keep a small size of each, which checks the
// logic): server-sized lists past the length where an argument spread (`Math.max(...xs)`) throws,
// and pages of 300,000 log records. Each is checked as the test checked it, then timed; a wrong
// answer fails the suite. `npm run bench -- size`.
import assert from 'node:assert/strict';
import { decodeNodeInfo } from '../src/api/router/decode-node.js';
import { decodeCapabilities } from '../src/api/telemetry/capabilities.js';
import { TelemetryClient } from '../src/api/telemetry/client.js';
import { DESCRIBE_MAX_ROWS, formatDescribe } from '../src/run/format-router.js';
import { renderTable } from '../src/term/table.js';
import { startHostileTelemetry } from '../test/hostile/telemetry.js';

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
  return out;
}
