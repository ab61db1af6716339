// The fleet's series on the one telemetry service: `router` = each router's hostname, and `up`
// follows the router's faults, so a gate like `up{router=~"$hosts"} == 0` names the failing one.
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { type FleetSim, startFleetSim } from '../../../sim/fleet/index.js';
import { runCommand } from '../../helpers/command-io.js';

const dir = mkdtempSync(join(tmpdir(), 'routersh-fleet-telemetry-'));
let fleet: FleetSim;
beforeAll(async () => {
  fleet = await startFleetSim({ routers: 4, per: { 'edge-02': { fail: 503 } }, telemetry: true });
  fleet.writeInventory(join(dir, 'fleet.yml'));
});
afterAll(() => fleet.close());

const metrics = (expr: string) => {
  const r = fleet.routers[0]!;
  return runCommand(
    [
      '--router',
      r.url,
      '--user',
      r.user,
      '--password-file',
      r.passwordFile!,
      '--json',
      '-c',
      `metrics query ${expr}`,
    ],
    {
      XDG_STATE_HOME: dir,
      ROUTERSH_TELEMETRY_URL: fleet.telemetry!.url,
      ROUTERSH_TELEMETRY_KEY: fleet.telemetry!.keys.demo,
    },
  );
};

it('has an up series per router, labelled with its hostname', async () => {
  const got = await metrics('up');
  expect(got.err).toBe('');
  const routers = [...got.out.matchAll(/"router":"([^"]+)"/g)].map((m) => m[1]).sort();
  expect(routers).toEqual(['core-01', 'edge-01', 'edge-02', 'edge-03']);
});

it('a gate over the failing router finds it down, over the others nothing', async () => {
  const down = await metrics('up{router=~"edge-01|edge-02"} == 0');
  expect([...down.out.matchAll(/"router":"([^"]+)"/g)].map((m) => m[1])).toEqual(['edge-02']);
  const healthy = await metrics('up{router=~"edge-01|edge-03"} == 0');
  expect(healthy.err).toBe('');
  expect(healthy.out).not.toContain('"router"');
  fleet.routers[1]!.sim.faults.clear();
  const recovered = await metrics('up{router="edge-02"} == 0');
  expect(recovered.out).not.toContain('"router"');
});
