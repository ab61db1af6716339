// The monitor pane against the router simulator over HTTP, through the real client: the list's
// header and members, `/` filtering, `s` sorting, refresh picking up a new entry, `q` closing.
import { cleanup } from 'ink-testing-library';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { RouterClient } from '../../../src/api/router/client.js';
import { MonitorPane } from '../../../src/panes/monitor/MonitorPane.js';
import { monitorSource } from '../../../src/features/match-list/monitor-source.js';
import { DEMO_USERS, type RouterSim, startRouterSim } from '../../../sim/router/index.js';
import { KEYS, renderWithKeys, waitFor, waitForFrame } from '../../helpers/ink.js';

let sim: RouterSim;
let client: RouterClient;
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
  sim = await startRouterSim();
  client = new RouterClient({ baseUrl: sim.url, ...DEMO_USERS.admin, auth: 'basic', timeoutMs: 5000 });
  await add('10.0.0.5');
});
afterEach(() => cleanup());
afterAll(async () => {
  await client.close();
  await sim.close();
});

function pane(list = 'blacklist', refreshMs = 60_000) {
  const onClose = vi.fn();
  const r = renderWithKeys(
    <MonitorPane
      source={monitorSource(client, list)}
      list={list}
      onClose={onClose}
      refreshMs={refreshMs}
      color={false}
      columns={100}
      rows={20}
    />,
  );
  return { ...r, onClose };
}

const rowsOf = (frame: string) => frame.split('\n').filter((l) => /^\d+\.\d+\.\d+\.\d+/.test(l));

describe('MonitorPane (simulator)', () => {
  it('shows the header and the members, exactly rows − 1 tall', async () => {
    const { lastFrame } = pane();
    const f = await waitForFrame(lastFrame, (x) => x.includes('203.0.113.7'));
    const lines = f.split('\n');
    expect(lines).toHaveLength(19);
    expect(lines[0]).toMatch(/^monitor match-list blacklist/);
    expect(f).toMatch(
      /entries 3 · references 1 · memory \d+ bytes · max elements 65536 · default timeout 3600 s/,
    );
    expect(f).toContain('Key: net');
    expect(f).toMatch(/ADDRESS▲\s+TIMEOUT\s+PACKETS\s+BYTES/);
    expect(rowsOf(f).map((l) => l.split(/\s+/)[0])).toEqual(['10.0.0.5', '198.51.100.0/24', '203.0.113.7']);
    expect(rowsOf(f)[2]).toMatch(/^203\.0\.113\.7\s+5\dm\d\ds\s+\d+\s+\d+$/);
    expect(lines.at(-1)).toMatch(/^3 members · sort address/);
  });

  it('/ filters as typed, s cycles the sort column, q closes', async () => {
    const { lastFrame, stdin, onClose } = pane();
    await waitForFrame(lastFrame, (x) => x.includes('203.0.113.7'));
    stdin.write('/203');
    let f = await waitForFrame(lastFrame, (x) => !x.includes('10.0.0.5'));
    expect(rowsOf(f)).toHaveLength(1);
    expect(f.split('\n').at(-1)).toBe('/203');
    stdin.write(KEYS.enter);
    f = await waitForFrame(lastFrame, (x) => x.includes('1 of 3 members matching "203"'));
    stdin.write('/');
    stdin.write(KEYS.backspace.repeat(3));
    stdin.write(KEYS.enter);
    await waitForFrame(lastFrame, (x) => x.includes('3 members · sort address'));
    // timeout ▲: the entry just added (timeout ~3600) comes last; packets ▼: it comes last too.
    stdin.write('s');
    f = await waitForFrame(lastFrame, (x) => x.includes('TIMEOUT▲'));
    expect(rowsOf(f).map((l) => l.split(/\s+/)[0])).toEqual(['198.51.100.0/24', '203.0.113.7', '10.0.0.5']);
    stdin.write('s');
    f = await waitForFrame(lastFrame, (x) => x.includes('PACKETS▼'));
    expect(
      rowsOf(f)
        .map((l) => l.split(/\s+/)[0])
        .at(-1),
    ).toBe('10.0.0.5');
    stdin.write('q');
    await waitFor(() => expect(onClose).toHaveBeenCalledTimes(1));
  });

  it('refreshes on its interval (a new entry appears) and shows a refusal as the status, not a crash', async () => {
    const { lastFrame } = pane('blacklist', 150);
    await waitForFrame(lastFrame, (x) => x.includes('203.0.113.7'));
    await add('10.9.9.9');
    await waitForFrame(lastFrame, (x) => x.includes('10.9.9.9'));
    cleanup();
    const missing = pane('nosuch');
    const f = await waitForFrame(missing.lastFrame, (x) => x.includes('error:'));
    expect(f.split('\n').at(-1)).toMatch(/^error: .*nosuch/);
  });
});

describe('MonitorPane: d removes the selected entry after a confirmation', () => {
  it('n keeps it; y removes it on the router', async () => {
    await add('10.7.7.7');
    const { lastFrame, stdin, onClose } = pane();
    await waitForFrame(lastFrame, (x) => x.includes('10.7.7.7'));
    stdin.write('/10.7');
    stdin.write(KEYS.enter);
    await waitForFrame(lastFrame, (x) => x.includes('matching "10.7"'));
    stdin.write('d');
    let f = await waitForFrame(lastFrame, (x) => x.includes('? y/n'));
    expect(f.split('\n').at(-1)).toBe('remove 10.7.7.7 from blacklist? y/n');
    // The question takes every key: q answers no, it does not close the pane.
    stdin.write('q');
    await waitForFrame(lastFrame, (x) => !x.includes('? y/n'));
    expect(onClose).not.toHaveBeenCalled();
    stdin.write('d');
    await waitForFrame(lastFrame, (x) => x.includes('? y/n'));
    stdin.write('y');
    f = await waitForFrame(lastFrame, (x) => !x.includes('10.7.7.7 ') && x.includes('0 of'));
    const after = await client.post(['ipv4', 'firewall', 'match-list', 'blacklist'], { Actions: ['SHOW'] });
    expect(String(after.nodeInfo?.showOutput)).not.toContain('10.7.7.7');
    expect(String(after.nodeInfo?.showOutput)).toContain('203.0.113.7');
  });
});
