// The monitor pane's refreshes against the router simulator through the real client: a list
// that did not change is read again and again without a single frame being drawn (the headless
// Ink render writes one frame per render), a change is drawn, and reads never overlap.
import { cleanup } from 'ink-testing-library';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { ManualClock } from '../../../sim/clock.js';
import { DEMO_USERS, type RouterSim, startRouterSim } from '../../../sim/router/index.js';
import { RouterClient } from '../../../src/api/router/client.js';
import { monitorSource } from '../../../src/features/match-list/monitor-source.js';
import { MonitorPane } from '../../../src/panes/monitor/MonitorPane.js';
import { renderWithKeys, waitFor, waitForFrame } from '../../helpers/ink.js';

let sim: RouterSim;
let client: RouterClient;
// A stopped clock: the simulator's countdowns and counters do not move, so every read of the
// list is the same text until the test changes the list.
const clock = new ManualClock();
const NOW = clock.now();

const add = (net: string) =>
  client.send(
    {
      method: 'POST',
      words: ['ipv4', 'firewall', 'match-list', 'blacklist', 'action', 'match'],
      actions: ['SET'],
      options: { net: [net] },
    },
    {},
  );

beforeAll(async () => {
  sim = await startRouterSim({ clock });
  client = new RouterClient({ baseUrl: sim.url, ...DEMO_USERS.admin, auth: 'basic', timeoutMs: 5000 });
  for (let i = 1; i <= 50; i++) await add(`10.1.0.${i}`);
});
afterEach(() => {
  cleanup();
  sim.faults.clear();
});
afterAll(async () => {
  await client.close();
  await sim.close();
});

const shows = () =>
  sim.requests.filter((r) => r.url.includes('/match-list/blacklist') && r.body.includes('SHOW'));

/** Waits until `n` more reads than now reached the simulator. */
const readsMore = async (n: number) => {
  const target = shows().length + n;
  await waitFor(() => expect(shows().length).toBeGreaterThanOrEqual(target), 10_000);
};

function pane(refreshMs: number) {
  return renderWithKeys(
    <MonitorPane
      source={monitorSource(client, 'blacklist')}
      list="blacklist"
      onClose={() => {}}
      refreshMs={refreshMs}
      now={() => NOW}
      color={false}
      columns={100}
      rows={20}
    />,
  );
}

describe('MonitorPane refresh', () => {
  it('draws nothing while the list reads the same, and draws a change', async () => {
    const { lastFrame, frames } = pane(5);
    const first = await waitForFrame(lastFrame, (f) => f.includes('10.1.0.1 '));
    const count = Number(/^(\d+) members/m.exec(first)?.[1]);
    // Reads are one after the other: once a read has arrived, every read before it was
    // answered and dispatched (and the renders the first one caused are done).
    await readsMore(2);
    const drawn = frames.length;
    await readsMore(6);
    expect(frames.length).toBe(drawn);
    await add('10.2.0.1');
    await waitForFrame(lastFrame, (f) => f.includes(`\n${count + 1} members`));
    expect(frames.length).toBeGreaterThan(drawn);
  });

  it('never starts a read while one is under way (a slow router)', async () => {
    sim.faults.set({ latencyMs: 30 });
    const before = shows().length;
    const { lastFrame } = pane(1);
    await waitForFrame(lastFrame, (f) => f.includes('members'));
    await readsMore(4);
    const mine = shows().slice(before);
    expect(mine.length).toBeGreaterThanOrEqual(4);
    expect(mine.every((r) => r.inFlight === 1)).toBe(true);
  });
});
