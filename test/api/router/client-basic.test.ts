// The client against the router simulator over real HTTP, Basic auth on /api/.
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { RouterClient, type RouterClientConfig, responseBodyOf } from '../../../src/api/router/client.js';
import { DEMO_USERS, startRouterSim } from '../../../sim/router/index.js';
import { failure, secretsIn } from '../../helpers/expect-error.js';
import { freePort } from '../../helpers/http-server.js';
import { exitStatusOf } from '../../../src/exit-status.js';

type Sim = Awaited<ReturnType<typeof startRouterSim>>;
let sim: Sim;
const clients: RouterClient[] = [];

function client(over: Partial<RouterClientConfig> = {}): RouterClient {
  const c = new RouterClient({
    baseUrl: sim.url,
    user: DEMO_USERS.admin.user,
    password: DEMO_USERS.admin.password,
    auth: 'basic',
    timeoutMs: 5000,
    ...over,
  });
  clients.push(c);
  return c;
}

beforeAll(async () => {
  sim = await startRouterSim({ host: '127.0.0.1', port: 0 });
});
afterEach(async () => {
  sim.faults.clear();
  await Promise.all(clients.splice(0).map((c) => c.close()));
});
afterAll(async () => {
  await sim.close();
});

const last = () => sim.requests[sim.requests.length - 1]!;

describe('Basic auth on /api/', () => {
  it('GETs a node and decodes its NodeInfo', async () => {
    const c = client();
    const env = await c.get(['interface']);
    expect(env.ok).toBe(true);
    expect(env.nodeInfo?.name).toBe('interface');
    expect(last().url).toBe('/api/interface');
    const basic = `Basic ${Buffer.from('admin:admin').toString('base64')}`;
    expect(last().headers['authorization']).toBe(basic);
    const info = await c.nodeInfo([]);
    expect(info.subNodes.map((n) => n.name)).toContain('interface');
    expect(last().url).toBe('/api/');
  });

  it('POSTs Actions/Options as JSON and DELETEs', async () => {
    const c = client();
    const created = await c.post(['interface', 'eth9'], { Actions: ['SET'] });
    expect(created.ok).toBe(true);
    expect(last()).toMatchObject({ method: 'POST', url: '/api/interface/eth9' });
    expect(JSON.parse(String(last().body))).toEqual({ Actions: ['SET'] });
    const info = await c.nodeInfo(['interface']);
    expect(info.subNodes.flatMap((n) => n.setValues)).toContain('eth9');
    const deleted = await c.delete(['interface', 'eth9']);
    expect(deleted.ok).toBe(true);
    expect(last()).toMatchObject({ method: 'DELETE', url: '/api/interface/eth9' });
  });

  it('decodes a SHOW table and a SET message', async () => {
    const c = client();
    const env = await c.post(['ipv4', 'firewall', 'match-list'], { Actions: ['SHOW'] });
    expect(env.nodeInfo?.showFormat).toBe('table');
    const table = env.nodeInfo?.showOutput;
    expect(typeof table === 'object' && table.columns).toContain('Name');
    const set = await c.post(['ipv4', 'firewall', 'match-list', 'blacklist', 'action', 'match'], {
      Actions: ['SET'],
      Options: { net: ['203.0.113.50'] },
    });
    expect(set.message).toMatch(/^Entry 203\.0\.113\.50 added to match-list blacklist.*\n$/);
    expect(set.message.endsWith('\n\n')).toBe(false);
  });

  it('percent-encodes "/" and other reserved characters inside a word', async () => {
    const c = client();
    await failure(c.get(['interface', 'a/b c']));
    expect(last().url).toBe('/api/interface/a%2Fb%20c');
  });

  it('respects a base path prefix and the query', async () => {
    const c = client({ baseUrl: `${sim.url}/` });
    await c.get(['interface'], { query: { debug: 1, output: 'json' } });
    expect(last().url).toBe('/api/interface?debug=1&output=json');
  });
});

describe('errors', () => {
  it('wrong password: auth error, exit 3, one line, no password', async () => {
    const c = client({ password: 'hunter2-wrong' });
    const e = await failure(c.get(['interface']));
    expect(e.code).toBe('auth');
    expect(exitStatusOf(e)).toBe(3);
    expect(e.message).toBe(`authentication failed for user admin at ${sim.url}`);
    expect(secretsIn(e, 'hunter2-wrong', Buffer.from('admin:hunter2-wrong').toString('base64'))).toEqual([]);
  });

  it('400 with ErrorStatus: rejected, message is the ErrorStatus', async () => {
    const e = await failure(client().get(['nosuchword']));
    expect(e.code).toBe('rejected');
    expect(exitStatusOf(e)).toBe(1);
    expect(e.details['status']).toBe(400);
    expect(e.message).toBe(e.details['errorStatus']);
    expect(e.message).toMatch(/nosuchword/);
  });

  it('200 with a non-OK RequestStatus: command failed, sanitized', async () => {
    const body = JSON.stringify({ RequestStatus: 'ERROR', ErrorStatus: 'busy\u001b[2J\nnow', Message: null });
    sim.faults.set({ status: { code: 200, count: 1, body } });
    const e = await failure(client().post(['interface', 'eth9'], {}));
    expect(e.code).toBe('command_failed');
    expect(e.message).toBe('busy now');
    expect(e.details).toMatchObject({ status: 200, requestStatus: 'ERROR' });
    expect(responseBodyOf(e)?.['RequestStatus']).toBe('ERROR');
  });

  it('other statuses: rejected with the status', async () => {
    sim.faults.set({ status: { code: 503, count: 1, body: 'down' } });
    const e = await failure(client().get(['interface']));
    expect(e.code).toBe('rejected');
    expect(e.message).toMatch(/HTTP 503/);
  });

  it('refused port: transport error naming the address', async () => {
    const port = await freePort();
    const e = await failure(client({ baseUrl: `http://127.0.0.1:${port}` }).get([]));
    expect(e.code).toBe('transport');
    expect(exitStatusOf(e)).toBe(3);
    expect(e.message).toBe(`connection refused by the router at 127.0.0.1:${port}`);
  });

  it('connection reset: transport error', async () => {
    sim.faults.set({ reset: 1 });
    const e = await failure(client().get(['interface']));
    expect(e.code).toBe('transport');
    expect(e.message).toMatch(/connection reset/);
  });

  it('malformed JSON and a body over the cap: protocol errors', async () => {
    sim.faults.set({ malformed: 1 });
    const c = client();
    const e = await failure(c.get(['interface']));
    expect(e.code).toBe('protocol');
    expect(e.message).toMatch(/not JSON/);
    const big = await failure(client({ maxBodyBytes: 64 }).get(['interface']));
    expect(big.code).toBe('protocol');
    expect(big.message).toMatch(/larger than 64 bytes/);
    // The pool still works after both.
    expect((await c.get(['interface'])).ok).toBe(true);
  });

  it('a hung request times out with the configured limit', async () => {
    sim.faults.set({ hang: 1 });
    const e = await failure(client({ timeoutMs: 150 }).get(['interface']));
    expect(e.code).toBe('timeout');
    expect(exitStatusOf(e)).toBe(3);
    expect(e.message).toBe(`no answer from the router at ${new URL(sim.url).host} within 0.15 s`);
  });

  it('a slow router times out too', async () => {
    sim.faults.set({ latencyMs: 400 });
    const e = await failure(client({ timeoutMs: 100 }).get(['interface']));
    expect(e.code).toBe('timeout');
  });

  it("the caller's signal cancels a request in flight, and an already aborted one", async () => {
    sim.faults.set({ hang: 1 });
    const c = client();
    const ac = new AbortController();
    const p = c.get(['interface'], { signal: ac.signal });
    setTimeout(() => ac.abort(), 30);
    const e = await failure(p);
    expect(e.code).toBe('cancelled');
    const pre = await failure(c.get(['interface'], { signal: AbortSignal.abort() }));
    expect(pre.code).toBe('cancelled');
    expect((await c.get(['interface'])).ok).toBe(true);
  });
});
