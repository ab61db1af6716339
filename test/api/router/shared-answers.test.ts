// GET answers decoded once for a fleet's clients (api/router/shared-answers.ts): two routers of
// one model answering the same bytes give their clients the same frozen envelope, while an
// answer that holds a client's own secret is redacted for that client and never shared.
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { RouterClient } from '../../../src/api/router/client.js';
import { SharedAnswers } from '../../../src/api/router/shared-answers.js';
import { MetadataCache } from '../../../src/lang/cache.js';
import { startServer, type TestServer } from '../../helpers/http-server.js';

const node = (name: string, setValues: string[] = []) => ({
  Name: name,
  Type: 'Token',
  Description: `the ${name}`,
  SetValues: setValues,
  SubNodes: [],
});
const root = (values: string[]) => ({
  RequestStatus: 'OK',
  NodeInfo: { ...node(''), SubNodes: [node('hostname', values), node('interface')] },
});

let server: TestServer;
/** What the server answers to every GET, per path. */
let answers: Record<string, unknown> = {};
const clients: RouterClient[] = [];

beforeAll(async () => {
  server = await startServer((req, res) => {
    res.setHeader('content-type', 'application/json');
    res.end(
      JSON.stringify(answers[req.url ?? ''] ?? { RequestStatus: 'Error', ErrorStatus: 'no such node' }),
    );
  });
});
afterEach(async () => {
  await Promise.all(clients.splice(0).map((c) => c.close()));
});
afterAll(() => server.close());

function client(password: string, shared?: SharedAnswers): RouterClient {
  const c = new RouterClient({
    baseUrl: server.url,
    user: 'admin',
    password,
    auth: 'basic',
    timeoutMs: 5000,
    ...(shared ? { shared } : {}),
  });
  clients.push(c);
  return c;
}

describe('SharedAnswers', () => {
  it('two clients given the same bytes get one frozen envelope', async () => {
    answers = { '/api/': root(['edge']) };
    const shared = new SharedAnswers();
    const a = await client('pw-a-1234', shared).get([]);
    const b = await client('pw-b-5678', shared).get([]);
    expect(b).toBe(a);
    expect(Object.isFrozen(a.nodeInfo?.subNodes[0])).toBe(true);
    expect(a.nodeInfo?.subNodes.map((n) => n.name)).toEqual(['hostname', 'interface']);
    // Without one, each decodes its own.
    const c = await client('pw-c-9012').get([]);
    expect(c).not.toBe(a);
    expect(c).toEqual(a);
  });

  it("an answer that holds a client's secret is redacted for it and not shared", async () => {
    answers = { '/api/': root(['pw-a-1234']) };
    const shared = new SharedAnswers();
    const a = await client('pw-a-1234', shared).get([]);
    expect(JSON.stringify(a)).not.toContain('pw-a-1234');
    const b = await client('pw-b-5678', shared).get([]);
    expect(b).not.toBe(a);
    // B's answer is B's: the value is not B's secret, so B sees it as sent.
    expect(b.nodeInfo?.subNodes[0]?.setValues).toEqual(['pw-a-1234']);
  });

  it('a failed answer is not kept', async () => {
    answers = {};
    const shared = new SharedAnswers();
    await expect(client('pw-a-1234', shared).get(['none'])).rejects.toThrow('no such node');
    answers = { '/api/none': { RequestStatus: 'OK', NodeInfo: node('none') } };
    const env = await client('pw-b-5678', shared).get(['none']);
    expect(env.nodeInfo?.name).toBe('none');
  });

  it('the metadata cache takes a shared (frozen) node as it is', async () => {
    answers = {
      '/api/': root(['edge']),
      '/api/hostname': { RequestStatus: 'OK', NodeInfo: node('hostname', ['edge']) },
    };
    const shared = new SharedAnswers();
    const c = client('pw-a-1234', shared);
    const cache = new MetadataCache((words, signal) => c.nodeInfo(words, { signal }));
    await cache.get([]);
    const hostname = await cache.get(['hostname']);
    expect(hostname.setValues).toEqual(['edge']);
    expect(Object.isFrozen(hostname)).toBe(true);
  });
});
