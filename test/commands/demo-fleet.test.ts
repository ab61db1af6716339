// `--demo --routers N`: the fleet the fleet shell opens (startDemoFleet in session/demo.ts) as
// an Inventory whose hosts log in with their own password files; `--routers` anywhere else is
// refused in one line.
import { existsSync, mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { startDemoFleet } from '../../src/session/demo.js';
import { runCommand } from '../helpers/command-io.js';

describe('--demo --routers N', () => {
  it('gives an Inventory of N hosts in their groups, each answering with its own name', async () => {
    const demo = await startDemoFleet({ routers: '12' });
    try {
      const { inventory } = demo;
      expect(inventory.hosts.map((h) => h.name)).toEqual([
        ...Array.from({ length: 11 }, (_, i) => `edge-${String(i + 1).padStart(2, '0')}`),
        'core-01',
      ]);
      expect(inventory.groups.map((g) => [g.name, g.hosts.length])).toEqual([
        ['all', 0],
        ['edge', 11],
        ['core', 1],
        ['dc1', 7],
        ['dc2', 5],
      ]);
      expect(inventory.hosts[2]!.groups).toEqual(['all', 'edge', 'dc1']);
      for (const h of [inventory.hosts[0]!, inventory.hosts[11]!]) {
        expect(JSON.stringify(h)).not.toMatch(/"password"/);
        const got = await runCommand(
          [
            '--router',
            h.router,
            '--user',
            h.user!,
            '--password-file',
            h.passwordFile!,
            '-c',
            'show hostname',
          ],
          { XDG_STATE_HOME: mkdtempSync(join(tmpdir(), 'routersh-state-')) },
        );
        expect([got.code, got.out.trim()]).toEqual([0, h.name]);
      }
      expect(inventory.hosts[0]!.telemetryUrl).toMatch(/^http:\/\/127\.0\.0\.1:\d+$/);
      expect(demo.telemetryKey).toMatch(/^tk_demo_/);
    } finally {
      await demo.close();
    }
    expect(existsSync(demo.inventory.hosts[0]!.passwordFile!)).toBe(false);
  });

  it('refuses a count that is not one', async () => {
    await expect(startDemoFleet({ routers: '0' })).rejects.toThrow(
      /--routers wants a count from 1 to 10000, not '0'/,
    );
  });

  it('runs -c on every router of the fleet, --limit applied, answers grouped', async () => {
    const state = mkdtempSync(join(tmpdir(), 'routersh-state-'));
    const got = await runCommand(['--demo', '--routers', '4', '--limit', 'dc1', '-c', 'show hostname'], {
      XDG_STATE_HOME: state,
    });
    expect(got.err).toBe('');
    expect(got.code).toBe(0);
    expect(got.out).toMatch(/core-01/);
    expect(got.out).toMatch(/edge-01/);
    expect(got.out).toMatch(/edge-03/);
    expect(got.out).not.toMatch(/edge-02/);
    const withInventory = await runCommand([
      '--demo',
      '--routers',
      '4',
      '-i',
      'x.yml',
      '-c',
      'show hostname',
    ]);
    expect(withInventory.err).toBe(
      '% --demo --routers N is its own inventory: drop -i (or ROUTERSH_INVENTORY)\n',
    );
  });

  it('refuses --routers without --demo in one line', async () => {
    const got = await runCommand(['--routers', '5', '-c', 'show hostname']);
    expect(got.code).toBe(2);
    expect(got.err).toBe('% --routers N goes with --demo (or run routersh sim --routers N and use -i)\n');
  });
});
