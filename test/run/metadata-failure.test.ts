// A metadata GET that fails (500, 404, an HTML page, garbage JSON) is reported as that
// failure, never as the user's "unknown word"; the router's own 400 envelope saying the path
// does not exist still is an unknown word. Real client, real cache, hostile router over HTTP.
import { afterAll, afterEach, describe, expect, it } from 'vitest';
import { RouterClient } from '../../src/api/router/client.js';
import { complete, MetadataCache, resolveLine } from '../../src/lang/index.js';
import { runLine } from '../../src/run/runner.js';
import { type HostileRouter, type RouterModes, startHostileRouter } from '../hostile/router.js';
import { stubServices } from '../helpers/services.js';

const servers: HostileRouter[] = [];
const clients: RouterClient[] = [];
afterEach(async () => {
  await Promise.all(clients.splice(0).map((c) => c.close()));
});
afterAll(async () => {
  await Promise.all(servers.map((s) => s.close()));
});

async function engine(modes: RouterModes) {
  const r = await startHostileRouter(modes);
  servers.push(r);
  const client = new RouterClient({
    baseUrl: r.url,
    user: 'admin',
    password: 'admin',
    auth: 'basic',
    timeoutMs: 5000,
  });
  clients.push(client);
  const cache = new MetadataCache((words, signal) => client.nodeInfo(words, { signal }));
  return { client, cache, signal: new AbortController().signal };
}

const FAILURES: Array<[NonNullable<RouterModes['metadataFailure']>, RegExp]> = [
  [500, /router answered HTTP 500: metadata unavailable \(500\)/],
  [404, /router answered HTTP 404: metadata unavailable \(404\)/],
  ['html', /router answered HTTP 502 \(not a JSON envelope\)/],
  ['garbage', /malformed response from router: body is not JSON/],
];

describe('a failed metadata GET', () => {
  for (const [mode, why] of FAILURES) {
    it(`(${mode}) is reported as that failure when the line is resolved and run`, async () => {
      const { client, cache, signal } = await engine({ metadataFailure: mode });
      const res = await resolveLine('show interface eth0 counters', { cache }, signal);
      expect(res.kind).toBe('error');
      if (res.kind !== 'error') return;
      expect(res.error.message).toMatch(/^could not read the metadata of 'interface eth0': /);
      expect(res.error.message).toMatch(why);
      expect(res.error.message).not.toMatch(/unknown word/);
      expect(res.error.reason).toBe('metadata');

      const out = await runLine(
        'show interface eth0 counters',
        { context: [] },
        stubServices({
          resolve: (line, context, s) => resolveLine(line, { cache, context }, s),
          router: client,
          cache,
          width: () => 80,
        }),
        signal,
      );
      expect(out.kind).toBe('error');
      if (out.kind === 'error') expect(out.error.message).toMatch(why);
    });

    it(`(${mode}) names the failure in the completion hint`, async () => {
      const { cache, signal } = await engine({ metadataFailure: mode });
      const c = await complete('show interface eth0 c', 21, { cache }, signal);
      expect(c.hint).toMatch(/^could not read the metadata of 'interface eth0': /);
      expect(c.hint).toMatch(why);
    });
  }

  it('still lets a line through that the parent describes well enough (the router judges it)', async () => {
    const { cache, signal } = await engine({ metadataFailure: 500 });
    const res = await resolveLine('interface eth0 mtu 9000', { cache }, signal);
    expect(res).toMatchObject({ kind: 'router', request: { method: 'POST', words: ['interface', 'eth0'] } });
  });

  it("keeps 'unknown word' when the router answered its 400 envelope saying the path does not exist", async () => {
    const { cache, signal } = await engine({});
    const res = await resolveLine('show interface eth9 counters', { cache }, signal);
    expect(res.kind).toBe('error');
    if (res.kind === 'error') expect(res.error.message).toMatch(/^unknown word 'counters'/);
    // The same path when it exists: the word is checked against its real metadata.
    const known = await resolveLine('show interface eth0 counters', { cache }, signal);
    if (known.kind === 'error') expect(known.error.message).toMatch(/^unknown word 'counters'/);
  });
});
