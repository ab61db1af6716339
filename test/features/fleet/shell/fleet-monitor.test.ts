// The fleet monitor's source against real routers: every host's monitor of the list read at
// once, a row per host (its members, its hits), the members counted once across hosts, and a
// host without the list a row with its error while the others are read.
import { describe, expect, it } from 'vitest';
import { startRouterSim } from '../../../../sim/router/index.js';
import { fleetMonitorSource } from '../../../../src/features/fleet/shell/fleet-monitor.js';
import { monitorSource } from '../../../../src/features/match-list/monitor-source.js';
import { testSession } from '../../../helpers/session.js';
import { simConfig } from '../../../helpers/sim-config.js';

describe('fleet monitor source', () => {
  it('a row per host, distinct members once, a host without the list apart', async (ctx) => {
    const sims = await Promise.all([
      startRouterSim({ seed: { members: { list: 'bl', count: 5 } } }),
      startRouterSim({ seed: { members: { list: 'bl', count: 3 } } }),
      startRouterSim(),
    ]);
    ctx.onTestFinished(() => Promise.all(sims.map((s) => s.close())).then(() => {}));
    const sessions = await Promise.all(sims.map((s) => testSession(simConfig(s.url))));
    ctx.onTestFinished(() => Promise.all(sessions.map((s) => s.close())).then(() => {}));
    const source = fleetMonitorSource(
      sessions.map((s, i) => ({ name: `edge-0${i + 1}`, source: monitorSource(s.services.router, 'bl') })),
    );
    const d = await source.read(new AbortController().signal);
    expect(d.rows.map((r) => [r.host, r.members])).toEqual([
      ['edge-01', 5],
      ['edge-02', 3],
      ['edge-03', undefined],
    ]);
    // The seeded members are the same addresses from the first on: 5 distinct, not 8.
    expect(d.distinct).toBe(5);
    expect(d.rows[2]?.error).toMatch(/bl/);
    expect(d.hits).toBe((d.rows[0]?.hits ?? 0) + (d.rows[1]?.hits ?? 0));
  });
});
