// startFleetSim (sim/fleet/): routers with their own hostnames, addresses and passwords, asked
// through routersh's own entry (execute) with the password files its inventory names.
import { mkdtempSync, readFileSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import { type FleetSim, startFleetSim } from '../../../sim/fleet/index.js';
import { routerAsker } from './ask-router.js';

const dir = mkdtempSync(join(tmpdir(), 'routersh-fleet-sim-'));
const ask = routerAsker();

describe('a fleet of three', () => {
  let fleet: FleetSim;
  beforeAll(async () => {
    fleet = await startFleetSim({ routers: 3, per: { 'edge-02': { variant: 'shaped' } } });
    fleet.writeInventory(join(dir, 'three.yml'));
  });
  afterAll(() => fleet.close());

  it('names edges and a core, in two sites, each on its own port', () => {
    expect(fleet.routers.map((r) => [r.name, r.groups.join(',')])).toEqual([
      ['edge-01', 'edge,dc1'],
      ['edge-02', 'edge,dc2'],
      ['core-01', 'core,dc1'],
    ]);
    expect(new Set(fleet.routers.map((r) => r.url)).size).toBe(3);
    expect(new Set(fleet.routers.map((r) => r.password)).size).toBe(3);
  });

  it('each answers show hostname with its own name, with its own password only', async () => {
    for (const r of fleet.routers) {
      // The shaped variant has a tree of its own: its hostname is `system host-name`.
      const got = await ask(r, r.name === 'edge-02' ? 'show system host-name' : 'show hostname');
      expect(got.err).toBe('');
      expect(got.out).toContain(r.name);
    }
    const [a, b] = fleet.routers;
    const wrong = await ask({ ...a!, passwordFile: b!.passwordFile! }, 'show hostname');
    expect(wrong.code).not.toBe(0);
  });

  it('has addresses of its own per router and interfaces only some have', async () => {
    const [edge1, , core1] = fleet.routers;
    const eth0 = await Promise.all([edge1!, core1!].map((r) => ask(r, 'show interface eth0')));
    const addresses = eth0.map((g) => /\d+\.\d+\.\d+\.\d+\/\d+/.exec(g.out)?.[0]);
    expect(addresses[0]).toBeDefined();
    expect(new Set(addresses).size).toBe(2);
    const macs = eth0.map((g) => /ether (\S+)/.exec(g.out)?.[1]);
    expect(macs[0]).toBeDefined();
    expect(new Set(macs).size).toBe(2);
    const core = await ask(fleet.routers[2]!, 'show interface eth4');
    expect(core.out).toContain('downlink');
    const edge = await ask(edge1!, 'show interface eth4');
    expect(edge.code).not.toBe(0);
  });

  it('writes a YAML inventory with 0600 password files and no password in it', () => {
    const file = join(dir, 'three.yml');
    const text = readFileSync(file, 'utf8');
    const inv = parse(text) as { all: { children: Record<string, { hosts: Record<string, unknown> }> } };
    expect(Object.keys(inv.all.children)).toEqual(['edge', 'core', 'dc1', 'dc2']);
    expect(Object.keys(inv.all.children['dc1']!.hosts)).toEqual(['edge-01', 'core-01']);
    const vars = inv.all.children['edge']!.hosts['edge-01'] as Record<string, string>;
    expect(vars['routersh_router']).toBe(fleet.routers[0]!.url);
    expect(vars['routersh_password_file']).toBe(fleet.routers[0]!.passwordFile);
    expect(statSync(join(dir, 'three-passwords')).mode & 0o777).toBe(0o700);
    for (const r of fleet.routers) {
      expect(statSync(r.passwordFile!).mode & 0o777).toBe(0o600);
      expect(text).not.toContain(r.password);
    }
  });
});
