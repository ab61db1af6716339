// `routersh -i INV [--limit P] config diff [--ref HOST] [WORD…]` through the product's entry,
// against SIM's fleet: edge-02 changed by another client (eth0's MTU), edge-03 of the shaped
// variant (another tree), core-01 answering 503 to everything. Read-only: nothing journaled.
import { existsSync, mkdtempSync, readdirSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type FleetSim, startFleetSim } from '../../sim/fleet/index.js';
import { runCommand } from '../helpers/command-io.js';

const dir = mkdtempSync(join(tmpdir(), 'routersh-fleet-diff-'));
const state = mkdtempSync(join(tmpdir(), 'routersh-fleet-diff-state-'));
const inv = join(dir, 'inventory.yml');
const rsh = (...argv: string[]) => runCommand(['-i', inv, ...argv], { XDG_STATE_HOME: state });

interface DiffDoc {
  hosts: string[];
  ref?: string;
  common: string[];
  differing: { line: string; on: string[] }[];
  against?: { hosts: string[]; removed: string[]; added: string[] }[];
  unread: { host: string; error: string }[];
  differs: boolean;
}

describe('config diff across an inventory', () => {
  let fleet: FleetSim;
  beforeAll(async () => {
    fleet = await startFleetSim({
      routers: 4,
      per: { 'edge-03': { variant: 'shaped' }, 'core-01': { fail: 503 } },
    });
    fleet.writeInventory(inv);
    const edge2 = fleet.routers.find((r) => r.name === 'edge-02')!;
    const set = await runCommand(
      [
        '--router',
        edge2.url,
        '--user',
        edge2.user,
        '--password-file',
        edge2.passwordFile!,
        '-c',
        'interface eth0 mtu 9000',
      ],
      { XDG_STATE_HOME: mkdtempSync(join(tmpdir(), 'routersh-other-client-')) },
    );
    expect(set.code).toBe(0);
  });
  afterAll(() => fleet.close());

  it('--json: the lines both have, and each line with the hosts that have it and those that do not', async () => {
    const r = await rsh('--limit', 'edge-01:edge-02', 'config', 'diff', 'interface', 'eth0', '--json');
    expect({ code: r.code, err: r.err }).toEqual({ code: 0, err: '' });
    const doc = JSON.parse(r.out) as DiffDoc;
    expect(doc.hosts).toEqual(['edge-01', 'edge-02']);
    expect(doc.common).toContain('interface eth0');
    expect(doc.differing).toContainEqual({
      line: 'interface eth0 mtu 1500',
      on: ['edge-01'],
    });
    expect(doc.differing).toContainEqual({
      line: 'interface eth0 mtu 9000',
      on: ['edge-02'],
    });
    expect(doc.unread).toEqual([]);
    // Only eth0 was read: nothing of eth1 in the document.
    expect(JSON.stringify(doc)).not.toContain('eth1');
  });

  it('--ref: each host against the reference, the shaped one with its own tree; --exit-code 1 when they differ', async () => {
    const r = await rsh('--limit', 'edge', 'config', 'diff', '--ref', 'edge-01', 'interface', '--exit-code');
    expect(r.err).toBe('');
    expect(r.code).toBe(1);
    const blocks = r.out.split(/^(?=[^-+\s])/m);
    const edge2 = blocks.find((b) => b.startsWith('edge-02 against edge-01:'))!;
    expect(edge2.split('\n').filter((l) => /^[-+] interface eth0 mtu/.test(l))).toEqual([
      '- interface eth0 mtu 1500',
      '+ interface eth0 mtu 9000',
    ]);
    const edge3 = blocks.find((b) => b.startsWith('edge-03 against edge-01:'))!;
    // Its tree has no `interface`: everything of edge-01's under it is missing there.
    expect(edge3).toMatch(/^- interface eth0$/m);
    expect(edge3).not.toMatch(/^\+/m);
  });

  it('one host alone: no differences, exit 0 with --exit-code', async () => {
    const r = await rsh('--limit', 'edge-01', 'config', 'diff', 'interface', 'eth0', '--exit-code');
    expect({ code: r.code, err: r.err }).toEqual({ code: 0, err: '' });
    expect(r.out).toMatch(/^on every host, edge-01: \d+ lines\n[\s\S]*no differences\n$/);
  });

  it('a host that cannot be read: named on stderr, in --json unread, exit 4; nothing journaled', async () => {
    const r = await rsh('--limit', 'edge-01:core-01', 'config', 'diff', 'interface', 'eth0', '--json');
    expect(r.code).toBe(4);
    expect(r.err).toMatch(/^core-01: .*503/m);
    const doc = JSON.parse(r.out) as DiffDoc;
    expect(doc.hosts).toEqual(['edge-01']);
    expect(doc.unread.map((u) => u.host)).toEqual(['core-01']);
    const journal = join(state, 'routersh', 'journal');
    expect(existsSync(journal) ? readdirSync(journal) : []).toEqual([]);
  });

  it('bad input: --ref not selected, --router with an inventory: usage errors, exit 2', async () => {
    const ref = await rsh('--limit', 'edge', 'config', 'diff', '--ref', 'core-01');
    expect(ref.code).toBe(2);
    expect(ref.err).toBe('% --ref core-01: not among the 3 hosts selected\n');
    const router = await rsh('--router', 'http://127.0.0.1:1', 'config', 'diff');
    expect(router.code).toBe(2);
    expect(router.err).toMatch(/--router cannot be used with an inventory/);
  });
});
