// `monitor match-list LIST` typed in the interactive shell opens the pane (a router pane: no
// telemetry client needed), reads the list once per refresh however often the shell
// re-renders, and q returns to the prompt. A pane opened at start (a dashboard, before the shell
// has opened its change journal) journals its `d` all the same.
import { render } from 'ink-testing-library';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fold } from '../../../src/features/changes/journal/fold.js';
import { memorySink } from '../../helpers/memory-sink.js';
import { testSession } from '../../helpers/session.js';
import { ShellApp } from '../../../src/shell/ShellApp.js';
import { type RouterSim, startRouterSim } from '../../../sim/router/index.js';
import { plain, waitFor } from '../../helpers/ink.js';
import { simConfig } from '../../helpers/sim-config.js';

let sim: RouterSim;
beforeAll(async () => {
  sim = await startRouterSim();
});
afterAll(() => sim.close());

describe('monitor match-list in the shell', () => {
  it('opens the pane without a telemetry client, and q returns', async () => {
    const session = await testSession(simConfig(sim.url), {
      interactive: true,
      warn: () => {},
      width: () => 100,
    });
    const el = () => (
      <ShellApp session={session} history={[]} recordHistory={() => {}} color={false} onExit={() => {}} />
    );
    const a = render(el());
    try {
      const live = () => plain(a.lastFrame());
      const shows = () => sim.requests.filter((r) => r.method === 'POST' && r.body.includes('SHOW')).length;
      a.stdin.write('monitor match-list blacklist');
      await waitFor(() => expect(live()).toContain('monitor match-list blacklist'));
      a.stdin.write('\r');
      await waitFor(() => expect(live()).toMatch(/203\.0\.113\.7\s+5\dm\d\ds/));
      expect(live()).toContain('entries 2 · references 1');
      for (let i = 0; i < 3; i++) {
        a.rerender(el());
        await new Promise((r) => setTimeout(r, 50));
      }
      expect(shows()).toBe(1);
      a.stdin.write('q');
      await waitFor(() => expect(live()).toMatch(/admin@127\.0\.0\.1>\s*$/));
    } finally {
      a.unmount();
      await session.close();
    }
  });

  it('opened at start, before the journal is open: its d is journaled like a typed no', async () => {
    const sink = memorySink();
    const session = await testSession(simConfig(sim.url), {
      interactive: true,
      warn: () => {},
      width: () => 100,
      journal: sink,
    });
    // What `routersh dash` does: the pane opens with the shell, before anything opened the journal.
    expect(session.services.journal?.opened()).toBeUndefined();
    const a = render(
      <ShellApp
        session={session}
        history={[]}
        recordHistory={() => {}}
        color={false}
        onExit={() => {}}
        openAtStart={{ pane: 'monitor', list: 'blacklist' }}
      />,
    );
    try {
      const live = () => plain(a.lastFrame());
      await waitFor(() => expect(live()).toContain('203.0.113.7'));
      a.stdin.write('d');
      await waitFor(() => expect(live()).toMatch(/remove 198\.51\.100\.0\/24 from blacklist\? y\/n/));
      a.stdin.write('y');
      await waitFor(() => expect(live()).not.toContain('198.51.100.0/24'));
      const [change, ...more] = fold(sink.events).changes;
      expect(more).toEqual([]);
      expect(change).toMatchObject({
        line: 'no ipv4 firewall match-list blacklist action match net 198.51.100.0/24',
        status: 'done',
      });
      expect(change?.before).toBeDefined();
    } finally {
      a.unmount();
      await session.close();
    }
  });
});
