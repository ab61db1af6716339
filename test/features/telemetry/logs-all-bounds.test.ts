// `logs search … all` stays bounded whatever the server does (issue 17, section 5): a server
// whose next_offset creeps by one gets a bounded number of requests (it got 150,000 in 8 s
// before), pages that would overlap end the paging at once with a note, and a batch run writes
// the records window by window as they come (RunIo.write) — with --json still one valid JSON
// document, written as it goes, that holds the error when one ends the run.
import { afterEach, describe, expect, it } from 'vitest';
import { TelemetryClient } from '../../../src/api/telemetry/client.js';
import { runBatch } from '../../../src/commands/batch-loop.js';
import { MAX_ALL_REQUESTS, searchAll } from '../../../src/features/telemetry/logs-all.js';
import { exitStatus } from '../../../src/exit-status.js';
import { type HostileRouter, startHostileRouter } from '../../hostile/router.js';
import { type HostileTelemetry, startHostileTelemetry } from '../../hostile/telemetry.js';
import { telemetryOnlyDeps } from '../../helpers/expr-rig.js';
import { runCommand } from '../../helpers/command-io.js';

const open: Array<{ close(): Promise<void> }> = [];
afterEach(async () => {
  for (const o of open.splice(0)) await o.close();
});

async function rig(modes: Parameters<typeof startHostileTelemetry>[0]) {
  const server = await startHostileTelemetry(modes);
  const client = new TelemetryClient({ baseUrl: server.url, apiKey: 'k'.repeat(20) });
  open.push(server, client);
  return { server, client };
}

const searches = (s: HostileTelemetry) => s.requests.filter((r) => r.url.endsWith('/logs/search')).length;
const recordNumbers = (text: string) => [...text.matchAll(/record (\d+)/g)].map((m) => Number(m[1]));

/** One line through the batch runner (as -c runs it); each stdout write with the requests made by then. */
async function batch(server: HostileTelemetry, client: TelemetryClient, line: string, json = false) {
  const writes: Array<{ text: string; requests: number }> = [];
  let stderr = '';
  const ending = await runBatch(
    [line],
    { context: [] },
    telemetryOnlyDeps(client),
    {
      stdout: (text) => writes.push({ text, requests: server.requests.length }),
      stderr: (t) => {
        stderr += t;
      },
    },
    { json, keepGoing: false, unit: 'command', signal: new AbortController().signal },
  );
  return { writes, out: writes.map((w) => w.text).join(''), stderr, code: exitStatus(ending) };
}

describe('a server whose next_offset creeps', () => {
  it('by one, a record a page: stops after MAX_ALL_REQUESTS requests with a note', async () => {
    const { server, client } = await rig({ creepingPagination: 'one' });
    const { out, code } = await batch(server, client, 'logs search * since 1h all');
    expect(code).toBe(0);
    expect(searches(server)).toBeLessThanOrEqual(MAX_ALL_REQUESTS);
    expect(out).toMatch(/note: stopped after 1000 requests with \d+ records; narrow the range/);
  });

  it('by one after full pages (overlapping pages): stops at the first such page, with a note', async () => {
    const { server, client } = await rig({ creepingPagination: 'overlap' });
    const { out } = await batch(server, client, 'logs search * since 1h all');
    expect(searches(server)).toBe(1);
    expect(recordNumbers(out)).toHaveLength(1000);
    expect(out).toMatch(
      /note: the server's next_offset advanced by 1 after a page of 1000 records \(the pages would overlap\); paging stopped/,
    );
  });

  it('the built command (-c) is bounded too, and --json stays one document', async () => {
    const tele = await startHostileTelemetry({ creepingPagination: 'one' });
    const router: HostileRouter = await startHostileRouter();
    open.push(tele, router);
    const env = {
      ROUTERSH_ROUTER: router.url,
      ROUTERSH_USER: 'admin',
      ROUTERSH_PASSWORD: 'admin',
      ROUTERSH_TELEMETRY_URL: tele.url,
      ROUTERSH_TELEMETRY_KEY: 'k-0123456789',
    };
    const r = await runCommand(['--json', '-c', 'logs search x all'], env);
    expect(r.stderr).toBe('');
    expect(r.code).toBe(0);
    expect(searches(tele)).toBeLessThanOrEqual(MAX_ALL_REQUESTS);
    const doc = JSON.parse(r.stdout) as { data: { records: unknown[] }; meta: Record<string, unknown> };
    expect(r.stdout.trim().split('\n')).toHaveLength(1);
    expect(doc.data.records.length).toBe(doc.meta.records);
    expect(doc.meta).toMatchObject({ source: 'store_logs', truncated: true });
    expect(doc.meta.notes).toEqual([expect.stringMatching(/^stopped after 1000 requests/)]);
  });
});

describe('records stream out as they arrive', () => {
  it('window by window, the first written long before the last request', async () => {
    const { server, client } = await rig({ records: 25_000 });
    const { writes, out } = await batch(server, client, 'logs search * since 1h all');
    const got = recordNumbers(out);
    expect(got).toHaveLength(25_000);
    expect(got.every((k, i) => i === 0 || k > got[i - 1]!)).toBe(true);
    const withRecords = writes.filter((w) => /record \d+/.test(w.text));
    expect(withRecords.length).toBeGreaterThan(2);
    expect(withRecords[0]!.requests).toBeLessThan(server.requests.length / 2);
  });

  it('with a sink, searchAll keeps neither records nor pages (memory flat)', async () => {
    const { client } = await rig({ records: 25_000 });
    let seen = 0;
    const now = Date.now();
    const r = await searchAll(
      client,
      '*',
      { startMs: now - 3_600_000, endMs: now },
      AbortSignal.timeout(20_000),
      100_000,
      (rs) => {
        seen += rs.length;
      },
    );
    expect(seen).toBe(25_000);
    expect(r.delivered).toBe(25_000);
    expect(r.records).toHaveLength(0);
    expect(r.pages).toHaveLength(0);
  });

  it('--json: one valid document, written in pieces', async () => {
    const { server, client } = await rig({ records: 25_000 });
    const { writes, out, stderr } = await batch(server, client, 'logs search * since 1h all', true);
    expect(stderr).toBe('');
    expect(writes.length).toBeGreaterThan(3);
    const doc = JSON.parse(out) as {
      data: { records: Array<{ _msg: string }> };
      meta: Record<string, unknown>;
    };
    expect(doc.data.records).toHaveLength(25_000);
    expect(doc.data.records[0]!._msg).toBe('record 0');
    expect(doc.meta).toMatchObject({ source: 'store_logs', records: 25_000, truncated: false, notes: [] });
  });

  it('--json: an error part way closes the document (meta.error) and is not a second one', async () => {
    const { server, client } = await rig({ records: 25_000 });
    const writes: string[] = [];
    let stderr = '';
    const ending = await runBatch(
      ['logs search * since 1h all'],
      { context: [] },
      telemetryOnlyDeps(client),
      {
        stdout: (t) => {
          writes.push(t);
          // Once records flow, the server turns hostile: every answer a redirect.
          if (/"_msg"/.test(t)) server.modes.redirectTo = 'http://198.51.100.1/';
        },
        stderr: (t) => {
          stderr += t;
        },
      },
      { json: true, keepGoing: false, unit: 'command', signal: new AbortController().signal },
    );
    expect(exitStatus(ending)).toBe(3);
    expect(stderr.trim().split('\n')).toHaveLength(1);
    const out = writes.join('');
    expect(out.trim().split('\n')).toHaveLength(1);
    const doc = JSON.parse(out) as { data: { records: unknown[] }; meta: { error?: { message: string } } };
    expect(doc.data.records.length).toBeGreaterThan(0);
    // The same error object a non-streamed command's {"error": …} carries.
    expect(doc.meta.error?.message).toMatch(/redirect/);
  });
});
