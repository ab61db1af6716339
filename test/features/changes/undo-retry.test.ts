// A revert retried after its request timed out but did reach the router (issue 17 §1): the node
// already shows what it showed before the change, so the retry sends nothing and records the
// change as undone — never "changed since by someone else", never a second write.
import { afterAll, beforeAll, expect, it } from 'vitest';
import { type RouterSim, startRouterSim } from '../../../sim/router/index.js';
import { RouterClient } from '../../../src/api/router/client.js';
import { runPiped } from '../../../src/run/output-pipes.js';
import type { Session } from '../../../src/session/session.js';
import { memorySink } from '../../helpers/memory-sink.js';
import { testSession } from '../../helpers/session.js';
import { simConfig } from '../../helpers/sim-config.js';

let sim: RouterSim;
let session: Session;
let other: RouterClient;
const sink = memorySink();
const signal = AbortSignal.timeout(20_000);
beforeAll(async () => {
  sim = await startRouterSim();
  session = await testSession(simConfig(sim.url), { journal: sink, yes: true });
  other = new RouterClient({
    baseUrl: sim.url,
    user: 'admin',
    password: 'admin',
    auth: 'basic',
    timeoutMs: 5000,
  });
});
afterAll(async () => {
  await Promise.all([session.close(), other.close()]);
  await sim.close();
});

const run = async (line: string) => (await runPiped(line, { context: [] }, session.services, signal)).outcome;

it('a node already back as before: the undo sends nothing and says so', async () => {
  const was = (await other.get(['interface', 'eth1', 'mtu'])).nodeInfo?.subNodes[0]?.setValues[0];
  expect((await run('interface eth1 mtu 9001')).kind).toBe('router');
  // The earlier attempt's SET reached the router (its answer was lost to a timeout).
  await other.send({ method: 'POST', words: ['interface', 'eth1', 'mtu', String(was)], actions: ['SET'] });
  const n = sim.requests.length;
  const undo = await run('undo');
  expect(undo.kind, JSON.stringify(undo)).toBe('text');
  if (undo.kind === 'text')
    expect(undo.text).toMatch(
      /already as before the change: nothing sent[\s\S]*undone #1 interface eth1 mtu 9001/,
    );
  expect(sim.requests.slice(n).filter((r) => r.method !== 'GET')).toEqual([]);
});
