// A revert that reaches the router after the undo read the node (a guard killed with its revert
// in flight, the router answering after it died; seen in test/safety/guard-signals.test.ts beside
// stress-ng): the undo's own request is refused ("Entry … is not in match-list"), the node read
// again shows what it showed before the change, so the change is undone, said as such, and the
// journal records it undone. A refusal of anything else still stops the undo.
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { type RouterSim, startRouterSim } from '../../../sim/router/index.js';
import { runPiped } from '../../../src/run/output-pipes.js';
import type { Session } from '../../../src/session/session.js';
import { memorySink } from '../../helpers/memory-sink.js';
import { testSession } from '../../helpers/session.js';
import { simConfig } from '../../helpers/sim-config.js';

let sim: RouterSim;
let proxy: http.Server;
let session: Session;
/** The next write through the proxy reaches the router twice: first alone, then as sent. */
let lateTwin = false;
/** The next write is refused by the proxy, never reaching the router. */
let refuseNext = false;
const sink = memorySink();
const signal = AbortSignal.timeout(60_000);

/** One request to the simulator, as the proxy received it: its status and body. */
function forward(req: http.IncomingMessage, body: Buffer): Promise<{ status: number; body: Buffer }> {
  const target = new URL(sim.url);
  return new Promise((resolve, reject) => {
    const out = http.request(
      { host: target.hostname, port: target.port, path: req.url, method: req.method, headers: req.headers },
      (res) => {
        const parts: Buffer[] = [];
        res.on('data', (d: Buffer) => parts.push(d));
        res.on('end', () => resolve({ status: res.statusCode ?? 502, body: Buffer.concat(parts) }));
      },
    );
    out.on('error', reject);
    out.end(body);
  });
}

beforeAll(async () => {
  sim = await startRouterSim();
  proxy = http.createServer((req, res) => {
    const parts: Buffer[] = [];
    req.on('data', (d: Buffer) => parts.push(d));
    req.on('end', async () => {
      const body = Buffer.concat(parts);
      if (req.method !== 'GET' && refuseNext) {
        refuseNext = false;
        res.writeHead(400, { 'content-type': 'application/json' });
        res.end(JSON.stringify({ RequestStatus: 'FAIL', ErrorStatus: 'refused by the test' }));
        return;
      }
      if (req.method !== 'GET' && lateTwin) {
        lateTwin = false;
        await forward(req, body);
      }
      const answer = await forward(req, body);
      res.writeHead(answer.status, { 'content-type': 'application/json' });
      res.end(answer.body);
    });
  });
  await new Promise<void>((resolve) => proxy.listen(0, '127.0.0.1', resolve));
  const url = `http://127.0.0.1:${(proxy.address() as AddressInfo).port}`;
  session = await testSession(simConfig(url), { journal: sink, yes: true });
});
afterAll(async () => {
  await session.close();
  await new Promise((resolve) => proxy.close(resolve));
  await sim.close();
});

const run = async (line: string) => (await runPiped(line, { context: [] }, session.services, signal)).outcome;
const blacklist = async () => {
  const o = await run('show ipv4 firewall match-list blacklist');
  return o.kind === 'router' ? o.text : '';
};

it('a revert that landed after the undo read the node: refused as done, so undone', async () => {
  const add = await run('ipv4 firewall match-list blacklist action match net 192.0.2.77');
  expect(add.kind, JSON.stringify(add)).toBe('router');
  expect(await blacklist()).toContain('192.0.2.77');
  lateTwin = true;
  const undo = await run('undo');
  expect(undo.kind, JSON.stringify(undo)).toBe('text');
  if (undo.kind === 'text')
    expect(undo.text).toMatch(
      /undone #1 ipv4 firewall match-list blacklist action match net 192\.0\.2\.77 \(the router refused its revert as already done/,
    );
  expect(await blacklist()).not.toContain('192.0.2.77');
  const undone = sink.events.filter((e) => e.t === 'undone');
  expect(undone.at(-1)).toMatchObject({ t: 'undone', ok: true });
});

it('a refusal while the node is not as before still stops the undo', async () => {
  const add = await run('ipv4 firewall match-list blacklist action match net 192.0.2.78');
  expect(add.kind, JSON.stringify(add)).toBe('router');
  refuseNext = true;
  const undo = await run('undo');
  expect(undo.kind, JSON.stringify(undo)).toBe('error');
  if (undo.kind === 'error') expect(undo.error.message).toMatch(/refused by the test/);
  expect(await blacklist()).toContain('192.0.2.78');
  expect(sink.events.filter((e) => e.t === 'undone').at(-1)).toMatchObject({ t: 'undone', ok: false });
});
