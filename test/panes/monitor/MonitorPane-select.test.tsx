// The monitor pane draws its rows as three texts (those above the selected row, it, those
// below): against the router simulator through the real client, every row stays in its place
// and exactly one is inverse wherever the selection moves; a row wider than the pane is cut
// at its width also where its characters are wide.
import chalk from 'chalk';
import { cleanup } from 'ink-testing-library';
import { afterAll, afterEach, beforeAll, describe, expect, it, onTestFinished } from 'vitest';
import { DEMO_USERS, type RouterSim, startRouterSim } from '../../../sim/router/index.js';
import { RouterClient } from '../../../src/api/router/client.js';
import { monitorSource } from '../../../src/features/match-list/monitor-source.js';
import { monitorFrame } from '../../../src/panes/monitor/monitor-frame.js';
import { initMonitorState, monitorReducer } from '../../../src/panes/monitor/monitor-reducer.js';
import { MonitorPane } from '../../../src/panes/monitor/MonitorPane.js';
import { parseMonitor } from '../../../src/features/match-list/parse-monitor.js';
import { displayWidth } from '../../../src/term/text-width.js';
import { plain, renderWithKeys, waitFor } from '../../helpers/ink.js';

let sim: RouterSim;
let client: RouterClient;
const ADDRESSES = ['10.0.0.6', '10.0.0.7', '198.51.100.0/24', '203.0.113.7'];

beforeAll(async () => {
  sim = await startRouterSim();
  client = new RouterClient({ baseUrl: sim.url, ...DEMO_USERS.admin, auth: 'basic', timeoutMs: 5000 });
  for (const net of ['10.0.0.6', '10.0.0.7'])
    await client.send(
      {
        method: 'POST',
        words: ['ipv4', 'firewall', 'match-list', 'blacklist', 'action', 'match'],
        actions: ['SET'],
        options: { net: [net] },
      },
      {},
    );
});
afterEach(() => cleanup());
afterAll(async () => {
  await client.close();
  await sim.close();
});

const INVERSE = '\u001b[7m';
const address = (line: string) => plain(line).split(/\s+/)[0] ?? '';
/** The raw frame (with its colours) once `predicate` holds for it. */
const frameWhen = (lastFrame: () => string | undefined, predicate: (raw: string) => boolean) =>
  waitFor(() => {
    const raw = lastFrame() ?? '';
    if (!predicate(raw)) throw new Error(`frame did not match:\n${plain(raw)}`);
    return raw;
  });
const rows = (f: string) => f.split('\n').filter((l) => /^\d+\.\d+\.\d+\.\d+/.test(plain(l)));

describe('MonitorPane rows', () => {
  it('every row in order, only the selected one inverse, as the selection moves down and up', async () => {
    // Ink colours through chalk, which finds no colour terminal here: as the shell does, set it.
    const level = chalk.level;
    chalk.level = 1;
    onTestFinished(() => {
      chalk.level = level;
    });
    const { lastFrame, stdin } = renderWithKeys(
      <MonitorPane
        source={monitorSource(client, 'blacklist')}
        list="blacklist"
        onClose={() => {}}
        refreshMs={60_000}
        columns={100}
        rows={20}
      />,
    );
    let f = await frameWhen(lastFrame, (x) => x.includes('203.0.113.7'));
    const check = (selected: string) => {
      expect(rows(f).map(address)).toEqual(ADDRESSES);
      expect(
        rows(f)
          .filter((l) => l.includes(INVERSE))
          .map(address),
      ).toEqual([selected]);
      expect(plain(f).split('\n')).toHaveLength(19);
    };
    check(ADDRESSES[0]!);
    const walk = [
      ...ADDRESSES.slice(1).map((a) => ['j', a] as const),
      ...ADDRESSES.slice(0, -1)
        .reverse()
        .map((a) => ['k', a] as const),
    ];
    for (const [key, next] of walk) {
      stdin.write(key);
      f = await frameWhen(lastFrame, (x) => rows(x).some((l) => l.includes(INVERSE) && address(l) === next));
      check(next);
    }
  });

  it('a row of wide characters is cut at the width, with …', () => {
    const data = parseMonitor(
      `Members:\n  10.0.0.1  timeout 60  packets 1  bytes 2\n  10.0.0.2,表表表表表表表表表表:80  timeout 60  packets 1  bytes 2`,
    );
    const s = monitorReducer(initMonitorState(0), { type: 'loaded', data, at: 0 });
    for (const width of [30, 50, 64]) {
      const frame = monitorFrame(s, { list: 'l', width, height: 10 });
      expect(frame.rows).toHaveLength(2);
      for (const row of frame.rows) expect(displayWidth(row)).toBeLessThanOrEqual(width);
      expect(frame.rows[1]).toMatch(/…$/);
    }
  });
});
