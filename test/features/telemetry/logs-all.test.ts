// `logs search … all` against the hostile telemetry harness (a real node:http server on
// 127.0.0.1): it terminates on a server whose next_offset never advances, delivers more than
// the API's offset ceiling by splitting the range into windows planned from histogram counts,
// and stops at a bound with a note.
import { afterEach, describe, expect, it } from 'vitest';
import { TelemetryClient } from '../../../src/api/telemetry/client.js';
import { runLine } from '../../../src/run/runner.js';
import { type HostileTelemetry, startHostileTelemetry } from '../../hostile/telemetry.js';
import { telemetryOnlyDeps } from '../../helpers/expr-rig.js';

const signal = new AbortController().signal;
const open: Array<{ close(): Promise<void> }> = [];
afterEach(async () => {
  for (const o of open.splice(0)) await o.close();
});

async function rig(modes: Parameters<typeof startHostileTelemetry>[0]) {
  const server = await startHostileTelemetry(modes);
  const client = new TelemetryClient({ baseUrl: server.url, apiKey: 'k'.repeat(20) });
  open.push(server, client);
  const deps = telemetryOnlyDeps(client);
  const run = async (line: string) => {
    const r = await runLine(line, { context: [] }, deps, signal);
    if (r.kind !== 'text') throw new Error(JSON.stringify(r));
    return r.text;
  };
  return { server, run };
}

const searches = (s: HostileTelemetry) =>
  s.requests
    .filter((r) => r.url.endsWith('/logs/search'))
    .map((r) => JSON.parse(r.body) as { offset?: number; start: string; end: string });
const recordNumbers = (text: string) => [...text.matchAll(/record (\d+)/g)].map((m) => Number(m[1]));

describe('logs search … all', () => {
  it('stops when next_offset does not advance, in a handful of requests', async () => {
    const { server, run } = await rig({ stuckPagination: true, records: 5000 });
    const text = await run('logs search * since 1h all');
    expect(text).toMatch(/note: the server's next_offset did not advance/);
    expect(server.requests.length).toBeLessThan(10);
  });

  it('delivers 25,000 records past the 10,000 offset ceiling, window by window, oldest first', async () => {
    const { server, run } = await rig({ records: 25_000 });
    const text = await run('logs search * since 1h all');
    const got = recordNumbers(text);
    expect(got).toHaveLength(25_000);
    expect(new Set(got).size).toBe(25_000);
    // Record k is older than record k+1: oldest first means ascending numbers.
    expect(got.every((k, i) => i === 0 || k > got[i - 1]!)).toBe(true);
    expect(text).not.toMatch(/note:/);
    const bodies = searches(server);
    expect(Math.max(...bodies.map((b) => b.offset ?? 0))).toBeLessThanOrEqual(10_000);
    expect(server.requests.some((r) => r.url.endsWith('/logs/histogram'))).toBe(true);
    expect(new Set(bodies.map((b) => b.start)).size).toBeGreaterThan(2);
  });

  it('plans its windows from histogram counts: no page is fetched twice', async () => {
    const { server, run } = await rig({ records: 25_000, histogram: 'hits' });
    expect(recordNumbers(await run('logs search * since 1h all'))).toHaveLength(25_000);
    const bodies = searches(server);
    const windows = new Set(bodies.map((b) => `${b.start}/${b.end}`)).size;
    // 1000 per page: 25 full pages, plus one partial page per window, plus the first probe.
    expect(bodies.length).toBeLessThanOrEqual(25 + windows + 1);
  });

  it('is bounded: limit N with all caps the total and says how to narrow', async () => {
    const { run } = await rig({ records: 25_000 });
    const text = await run('logs search * since 1h limit 3000 all');
    expect(recordNumbers(text)).toHaveLength(3000);
    expect(text).toMatch(/note: output cut at 3000 records.*narrow the range/);
  });

  it('a range within one page needs no plan', async () => {
    const { server, run } = await rig({ records: 40 });
    expect(recordNumbers(await run('logs search * since 1h all'))).toHaveLength(40);
    expect(server.requests.filter((r) => r.url.includes('/logs/')).length).toBe(1);
  });
});
