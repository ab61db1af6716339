// Router answers of any size or depth end in a result: NodeInfo cut at MAX_NODE_DEPTH with a
// note, JSON deeper than MAX_JSON_DEPTH refused in one line, a decades-long token never
// overflowing the renewal timer — against the hostile router where a server is involved.
import { afterEach, describe, expect, it } from 'vitest';
import { decodeNodeInfo, MAX_NODE_DEPTH } from '../../../src/api/router/decode-node.js';
import { RouterClient } from '../../../src/api/router/client.js';
import { refreshDelay } from '../../../src/api/router/token.js';
import { MAX_TIMER_MS } from '../../../src/http/transport.js';
import { type HostileRouter, startHostileRouter } from '../../hostile/router.js';

let servers: HostileRouter[] = [];
let closers: Array<() => Promise<void>> = [];
afterEach(async () => {
  await Promise.all(closers.map((c) => c()));
  closers = [];
  await Promise.all(servers.map((s) => s.close()));
  servers = [];
});

function nested(depth: number): unknown {
  let n: Record<string, unknown> = { Name: 'leaf', Type: 'Token' };
  for (let i = 0; i < depth; i++) n = { Name: `d${i}`, Type: 'Token', SubNodes: [n] };
  return n;
}

describe('NodeInfo depth', () => {
  it('decodes 64 levels and drops deeper SubNodes with a note', () => {
    let n = decodeNodeInfo(nested(MAX_NODE_DEPTH + 10));
    expect(n.note).toBe('sub-nodes nested deeper than 64 levels were dropped');
    let depth = 0;
    while (n.subNodes[0]) {
      n = n.subNodes[0];
      depth++;
    }
    expect(depth).toBe(MAX_NODE_DEPTH);
  });

  it('leaves a shallow node without a note', () => {
    expect(decodeNodeInfo(nested(3)).note).toBeUndefined();
  });
});

describe('through the client', () => {
  async function client(modes: Parameters<typeof startHostileRouter>[0]) {
    const r = await startHostileRouter(modes);
    servers.push(r);
    const c = new RouterClient({
      baseUrl: r.url,
      user: 'admin',
      password: 'admin',
      auth: 'basic',
      timeoutMs: 10_000,
    });
    closers.push(() => c.close());
    return c;
  }

  it('NodeInfo nested 2,000 deep is a one-line protocol error, not a stack overflow', async () => {
    const c = await client({ deepNesting: 2000 });
    await expect(c.nodeInfo(['deep'])).rejects.toMatchObject({
      code: 'protocol',
      message: 'malformed response from router: JSON nested deeper than 512 levels',
    });
  });

  it('NodeInfo nested 100 deep decodes, cut with a note', async () => {
    const c = await client({ deepNesting: 100 });
    expect((await c.nodeInfo(['deep'])).note).toMatch(/deeper than 64 levels/);
  });
});

describe('token renewal timer', () => {
  it('a token valid for 1,000 years renews after at most 2^31−1 ms, not at once', () => {
    const now = Date.now();
    const year = 365 * 86_400_000;
    const t = {
      token: 'x',
      expiresAt: now + 1000 * year,
      lifetimeMs: 1000 * year,
      renewAt: now + 800 * year,
    };
    expect(refreshDelay(t, now, 0)).toBe(MAX_TIMER_MS);
  });
});
