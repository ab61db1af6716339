// --gate-metrics (issue 39 item 4) against the fleet simulator's one telemetry service, whose
// series carry each router's hostname as `router`: `$hosts` is the wave's names, so a query that
// returns a series for any host of the wave but edge-01 passes wave 1 and fails wave 2 — and the
// run then reverts edge-01 too. Started as a user starts it: routersh -i INV -c … --waves.
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { stateDir } from '../../src/config/paths.js';
import { readRun, runIds } from '../../src/features/fleet/runs/run-index.js';
import { type FleetSim, startFleetSim } from '../../sim/fleet/index.js';
import { runCommand } from '../helpers/command-io.js';

const dir = mkdtempSync(join(tmpdir(), 'routersh-fleet-gate-'));
let fleet: FleetSim;
let inventory: string;
beforeAll(async () => {
  fleet = await startFleetSim({ routers: 3, telemetry: true });
  inventory = fleet.writeInventory(join(dir, 'fleet.yml')).file;
});
afterAll(() => fleet.close());

const env = () => ({ XDG_STATE_HOME: dir, ROUTERSH_TELEMETRY_KEY: fleet.telemetry!.keys.demo });
/** The MTU writes each router got, in order (`9000` the run's change, `1500` its revert). */
const mtuWrites = () =>
  fleet.routers.map((r) =>
    r.sim.requests
      .filter((q) => q.method === 'POST' && /\/interface\/eth0\/mtu\/\d+/.test(q.url) && /"SET"/.test(q.body))
      .map((q) => /mtu\/(\d+)/.exec(q.url)![1]),
  );

it('a metrics gate that fails in wave 2 reverts waves 1 and 2; wave 3 is untouched', async () => {
  const r = await runCommand(
    [
      '-i',
      inventory,
      '-c',
      'interface eth0 mtu 9000',
      '--waves',
      '1,2,100%',
      '--confirm-within',
      '30m',
      '--gate-metrics',
      'up{router=~"$hosts",router!="edge-01"}',
    ],
    env(),
  );
  expect(r.code, r.err).toBe(1);
  expect(r.err).toMatch(/wave 1: gate passed on 1 of 1[\s\S]*wave 2: gate failed on 1 of 1/);
  const run = readRun(stateDir(env()), runIds(stateDir(env())).at(-1)!);
  expect(run.hosts.map((h) => [h.name, h.end])).toEqual([
    ['edge-01', 'reverted'],
    ['edge-02', 'reverted'],
    ['core-01', 'pending'],
  ]);
  expect(run.hosts[1]!.why).toMatch(
    /gate-metrics 'up\{router=~"edge-02",router!="edge-01"\}' returned 1 series/,
  );
  // edge-01 and edge-02 changed and set back; core-01 never written to.
  expect(mtuWrites()).toEqual([['9000', '1500'], ['9000', '1500'], []]);
});
