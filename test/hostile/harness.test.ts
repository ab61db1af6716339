// The hostile servers themselves: valid by default, hostile per mode, and they record the
// request target exactly as it arrived (a normalising proxy would hide `..`).
import { request } from 'node:http';
import { afterEach, describe, expect, it } from 'vitest';
import { EVIL, type HostileRouter, startHostileRouter } from './router.js';
import { type HostileTelemetry, startHostileTelemetry } from './telemetry.js';

function raw(
  url: string,
  path: string,
  method = 'GET',
  body?: string,
): Promise<{ status: number; text: string }> {
  return new Promise((resolve, reject) => {
    // host/port/path, not a URL string: a WHATWG URL would resolve `..` before sending.
    const { hostname, port } = new URL(url);
    const req = request({ hostname, port, path, method }, (res) => {
      let text = '';
      res.on('data', (c: Buffer) => {
        text += c.toString();
      });
      res.on('end', () => resolve({ status: res.statusCode ?? 0, text }));
    });
    req.on('error', reject);
    req.end(body);
  });
}

let servers: Array<HostileRouter | HostileTelemetry> = [];
afterEach(async () => {
  await Promise.all(servers.map((s) => s.close()));
  servers = [];
});

describe('hostile router', () => {
  it('serves a valid tree by default and records raw request targets', async () => {
    const r = await startHostileRouter();
    servers.push(r);
    const root = JSON.parse((await raw(r.url, '/api/')).text);
    expect(root.NodeInfo.SubNodes.map((n: { Name: string }) => n.Name)).toEqual([
      'interface',
      'hostname',
      'deep',
    ]);
    await raw(r.url, '/api/interface/..', 'DELETE');
    expect(r.requests.at(-1)?.url).toBe('/api/interface/..');
  });

  it('puts terminal-driving text in metadata and errors in controls mode', async () => {
    const r = await startHostileRouter({ controls: true });
    servers.push(r);
    const text = (await raw(r.url, '/api/interface')).text;
    expect(JSON.parse(text).NodeInfo.SubNodes[0].Help).toContain(EVIL);
  });

  it('fails metadata as asked and nests as deep as asked', async () => {
    const r = await startHostileRouter({ metadataFailure: 'html', deepNesting: 50 });
    servers.push(r);
    expect((await raw(r.url, '/api/interface')).status).toBe(502);
    delete r.modes.metadataFailure;
    let n = JSON.parse((await raw(r.url, '/api/deep')).text).NodeInfo;
    let depth = 0;
    while (n.SubNodes.length) {
      n = n.SubNodes[0];
      depth++;
    }
    expect(depth).toBe(50);
  });
});

describe('hostile telemetry', () => {
  it('pages records and can refuse to advance', async () => {
    const t = await startHostileTelemetry({ records: 5 });
    servers.push(t);
    const page = async (offset: number) =>
      JSON.parse(
        (await raw(t.url, '/api/v1/logs/search', 'POST', JSON.stringify({ limit: 2, offset }))).text,
      );
    expect((await page(0)).meta.pagination.next_offset).toBe(2);
    expect((await page(4)).meta.pagination.next_offset).toBeUndefined();
    t.modes.stuckPagination = true;
    expect((await page(2)).meta.pagination.next_offset).toBe(2);
  });

  it('answers histograms in the buckets shape by default', async () => {
    const t = await startHostileTelemetry();
    servers.push(t);
    const h = JSON.parse((await raw(t.url, '/api/v1/logs/histogram', 'POST', '{}')).text);
    expect(h.data.buckets[0].count).toBe(7);
  });
});
