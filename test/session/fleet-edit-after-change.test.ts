// The fleet shell (opened as `routersh -i INV` opens it: commands/fleet-shell.ts) right after its
// own change across the hosts: `edit` accepts the entry the change created and refuses the one
// it deleted, and Tab (the union metadata cache) lists the new entry and no longer the deleted
// one, rather than the lists read before the change. Routers: the fleet simulator.
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type FleetSim, startFleetSim } from '../../sim/fleet/index.js';
import { parseMainArgs } from '../../src/cli/args.js';
import { openFleetShellOf } from '../../src/commands/fleet-shell.js';
import type { RunIo } from '../../src/contract/services.js';
import { completeLine } from '../../src/lang/complete-line.js';
import { captureIo } from '../helpers/command-io.js';

let fleet: FleetSim;
let inventory: string;
const dir = mkdtempSync(join(tmpdir(), 'routersh-fleet-edit-'));
beforeAll(async () => {
  fleet = await startFleetSim({ routers: 2 });
  inventory = fleet.writeInventory(join(dir, 'two.yml')).file;
});
afterAll(() => fleet.close());

async function shell() {
  const c = captureIo({ XDG_STATE_HOME: mkdtempSync(join(tmpdir(), 'routersh-state-')) });
  const session = await openFleetShellOf(parseMainArgs(['-i', inventory]), c.io);
  const io: RunIo = { ask: async () => true, notify: () => {} };
  const type = async (line: string) => {
    const o = (await session.fleet.run(line, [], new AbortController().signal, io)).outcome;
    const error = o.kind === 'error' ? o.error.message : o.kind === 'text' ? (o.failure?.message ?? '') : '';
    return { kind: o.kind, error };
  };
  // Tab at the end of `line`, as the shell's completion asks the union cache.
  const tab = async (line: string) => {
    const got = await completeLine(
      { text: line, cursor: line.length },
      { cache: session.cache, context: [] },
      new AbortController().signal,
    );
    return got.candidates.map((c) => c.text);
  };
  return { session, type, tab };
}

describe('the fleet shell after its own change', () => {
  it('edit and Tab see the interface the change created, then not the one it deleted', async () => {
    const sh = await shell();
    try {
      // Read before the change, as a user's Tab would have.
      expect(await sh.tab('edit interface eth1.')).not.toContain('eth1.100');
      const made = await sh.type('interface eth1.100');
      expect(made.error).toBe('');
      expect(await sh.tab('edit interface eth1.')).toContain('eth1.100');
      const edit = await sh.type('edit interface eth1.100');
      expect(edit.error).toBe('');
      expect(edit.kind).toBe('context');

      expect((await sh.type('no interface eth1.100')).error).toBe('');
      expect(await sh.tab('edit interface eth1.')).not.toContain('eth1.100');
      const gone = await sh.type('edit interface eth1.100');
      expect(gone.error).toMatch(/interface eth1\.100 is not configured/);
    } finally {
      await sh.session.close();
    }
  });

  it('Tab lists the interface an `on HOST` change created on one host', async () => {
    const sh = await shell();
    try {
      expect(await sh.tab('edit interface eth1.')).not.toContain('eth1.101');
      const host = sh.session.hosts()[0]!.name;
      expect((await sh.type(`on ${host} interface eth1.101`)).error).toBe('');
      expect(await sh.tab('edit interface eth1.')).toContain('eth1.101');
    } finally {
      await sh.session.close();
    }
  });
});
