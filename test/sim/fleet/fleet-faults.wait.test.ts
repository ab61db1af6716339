// startFleetSim's misbehaving routers, asked through routersh's own entry (execute): the slow,
// failing, hanging and redirecting ones do as told while the others answer.
import { mkdtempSync } from 'node:fs';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type FleetSim, startFleetSim } from '../../../sim/fleet/index.js';
import { routerAsker } from './ask-router.js';

const dir = mkdtempSync(join(tmpdir(), 'routersh-fleet-sim-'));
const ask = routerAsker();

describe('a fleet with a slow, a failing, a hanging and a redirecting router', () => {
  let fleet: FleetSim;
  // Where edge-04 sends its clients: nothing may arrive here.
  const elsewhere: string[] = [];
  const server = createServer((req, res) => {
    elsewhere.push(`${req.method} ${req.url} ${req.headers.authorization ?? ''}`);
    res.end('{}');
  });
  beforeAll(async () => {
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const { port } = server.address() as AddressInfo;
    fleet = await startFleetSim({
      routers: 5,
      per: {
        'edge-01': { latencyMs: 150 },
        'edge-02': { fail: 503 },
        '2': { hang: true },
        'edge-04': { redirect: `http://127.0.0.1:${port}/api/hostname` },
      },
    });
    fleet.writeInventory(join(dir, 'faulty.yml'));
  });
  afterAll(async () => {
    server.close();
    await fleet.close();
  });

  it('the slow one answers, after its delay', async () => {
    const t0 = performance.now();
    const got = await ask(fleet.routers[0]!, 'show hostname');
    expect(got.out).toContain('edge-01');
    expect(performance.now() - t0).toBeGreaterThanOrEqual(150);
  });

  it('the failing one answers 503, the hanging one never, the healthy one as usual', async () => {
    const failing = await ask(fleet.routers[1]!, 'show hostname');
    expect(failing.code).not.toBe(0);
    expect(failing.err).toMatch(/503/);
    const hanging = await ask(fleet.routers[2]!, 'show hostname', ['--timeout', '1']);
    expect(hanging.code).not.toBe(0);
    expect(fleet.routers[2]!.sim.requests.length).toBeGreaterThan(0);
    const healthy = await ask(fleet.routers[4]!, 'show hostname');
    expect(healthy.out).toContain('core-01');
  });

  it('the redirecting one sends its client elsewhere, which routersh does not follow', async () => {
    const got = await ask(fleet.routers[3]!, 'show hostname');
    expect(got.code).not.toBe(0);
    expect(fleet.routers[3]!.sim.requests.length).toBeGreaterThan(0);
    expect(elsewhere).toEqual([]);
  });

  it('refuses a per-router option naming no router', async () => {
    await expect(startFleetSim({ routers: 2, per: { 'edge-09': { hang: true } } })).rejects.toThrow(
      /no router 'edge-09'/,
    );
  });
});
