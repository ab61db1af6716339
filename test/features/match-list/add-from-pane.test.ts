// The log pane's `b` as the runner sees it, against the router simulator: the lists come from
// the metadata of `ipv4 firewall match-list`, the preview is a dry run (nothing sent), a wrong
// address is refused by the same validation as a typed line, and the change is journaled.
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { isRoutershError } from '../../../src/errors.js';
import { memorySink } from '../../helpers/memory-sink.js';
import { addLine, matchListPort } from '../../../src/features/match-list/add-from-pane.js';
import type { Session } from '../../../src/session/session.js';
import { runLine } from '../../../src/run/runner.js';
import { testSession } from '../../helpers/session.js';
import { type RouterSim, startRouterSim } from '../../../sim/router/index.js';
import { simConfig } from '../../helpers/sim-config.js';

let sim: RouterSim;
let session: Session;
const sink = memorySink();
beforeAll(async () => {
  sim = await startRouterSim();
});
afterAll(() => sim.close());
afterEach(() => session?.close());

const open = async () => {
  session = await testSession(simConfig(sim.url), {
    interactive: true,
    warn: () => {},
    width: () => 100,
    journal: sink,
  });
  return matchListPort(session.services, (line, signal) =>
    runLine(line, { context: [] }, session.services, signal),
  );
};
const signal = () => AbortSignal.timeout(5000);
const writes = () => sim.requests.filter((r) => r.method === 'POST' && !r.body.includes('SHOW')).length;

describe('matchListPort', () => {
  it('reads the router’s lists from the match-list node’s metadata', async () => {
    const port = await open();
    await port.run('ipv4 firewall match-list quarantine timeout 60', signal());
    expect((await port.lists(signal())).sort()).toEqual(['blacklist', 'quarantine']);
  });

  it('previews the request without sending it, then sends the line, journaled', async () => {
    const port = await open();
    const before = writes();
    const p = await port.preview('blacklist', '192.0.2.77', signal());
    expect(p.line).toBe('ipv4 firewall match-list blacklist action match net 192.0.2.77');
    expect(p.request).toBe(
      'POST /api/ipv4/firewall/match-list/blacklist/action/match {"Actions":["SET"],"Options":{"net":["192.0.2.77"]}}',
    );
    expect(writes()).toBe(before);
    expect(await port.run(p.line, signal())).toMatch(/^Entry 192\.0\.2\.77 added to match-list blacklist/);
    expect(writes()).toBe(before + 1);
    expect(sink.events.some((e) => e.t === 'change' && e.line === p.line)).toBe(true);
  });

  it('a value the router’s InputRe refuses fails in the preview, before anything is sent', async () => {
    const port = await open();
    const before = writes();
    const e = await port.preview('blacklist', '300.1.2.3', signal()).catch((x: unknown) => x);
    expect(isRoutershError(e) && e.code).toBe('validation');
    expect(writes()).toBe(before);
  });

  it('quotes a list name that would not survive as one word', () => {
    expect(addLine('my list', '10.0.0.1')).toBe(
      'ipv4 firewall match-list "my list" action match net 10.0.0.1',
    );
  });
});
