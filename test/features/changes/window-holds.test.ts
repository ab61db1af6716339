// One window per node (issue 37): what a change holds (journal/hold.ts) and which other open
// window holds a node (window-holds.ts), through journals the product opens and its index.
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import type { NodeInfo } from '../../../src/api/router/types.js';
import type { Hold, Journal, JournalEvent } from '../../../src/contract/journal.js';
import { holdOf, overlaps } from '../../../src/features/changes/journal/hold.js';
import { openJournal } from '../../../src/features/changes/journal-open.js';
import { heldBy } from '../../../src/features/changes/window-holds.js';

const ROUTER = 'http://127.0.0.1:8080';
const node = (o: Partial<NodeInfo>): NodeInfo => ({ type: 'Token', multiValue: false, ...o }) as NodeInfo;
const MTU: Hold = { path: ['interface', 'eth0', 'mtu'] };

describe('what a change holds', () => {
  it('a single value: its slot whatever the value; one of many: that value and what lies under it', () => {
    expect(holdOf(node({ type: 'Value' }), ['interface', 'eth0', 'mtu', '1401'], undefined)).toEqual(MTU);
    expect(
      holdOf(node({ type: 'Value', multiValue: true }), ['ip', 'route', '10.0.0.1/32'], undefined),
    ).toEqual({ path: ['ip', 'route', '10.0.0.1'] });
    const focus = { keys: ['net'], entries: ['[["192.0.2.1"]]'] };
    expect(holdOf(node({}), ['ipv4', 'firewall', 'match-list', 'bl', 'action', 'match'], focus)).toEqual({
      path: ['ipv4', 'firewall', 'match-list', 'bl', 'action', 'match'],
      entries: ['[["192.0.2.1"]]'],
    });
    expect(holdOf(node({}), ['interface', 'eth0', 'mtu'], undefined)).toEqual(MTU);
  });

  it('two holds meet on one path, above or below it, and on one list only at a shared entry', () => {
    const list = (e: string[]): Hold => ({ path: ['m', 'bl'], entries: e });
    const cases: [Hold, Hold, boolean][] = [
      [MTU, MTU, true],
      [MTU, { path: ['interface', 'eth0'] }, true],
      [MTU, { path: ['interface', 'eth0', 'mtu', 'x'] }, true],
      [MTU, { path: ['interface', 'eth1', 'mtu'] }, false],
      [MTU, { path: ['interface', 'eth0', 'description'] }, false],
      [list(['a']), list(['b']), false],
      [list(['a', 'b']), list(['b']), true],
      [list(['a']), { path: ['m', 'bl'] }, true],
      [list(['a']), { path: ['m'] }, true],
    ];
    for (const [a, b, want] of cases) {
      expect(overlaps(a, b), `${JSON.stringify(a)} ~ ${JSON.stringify(b)}`).toBe(want);
      expect(overlaps(b, a), `${JSON.stringify(b)} ~ ${JSON.stringify(a)}`).toBe(want);
    }
  });
});

/** A journal in `dir` with window `id` open and one change in it (as the journal writes it). */
function windowWith(
  dir: string,
  id: string,
  change: Partial<Extract<JournalEvent, { t: 'change' }>>,
  router = ROUTER,
) {
  const j: Journal = openJournal({ router, user: 'admin' }, { dir });
  j.setWindow({ id, deadline: Date.now() + 60_000, state: 'open' });
  const e = {
    t: 'change',
    id: `${id}.1`,
    seq: 1,
    at: Date.now(),
    line: 'l',
    requests: [],
    words: [],
    window: id,
    ...change,
  };
  j.write(e as JournalEvent, { sync: true });
  j.write({ t: 'answer', id: e.id, answer: { ok: true, status: 'OK' } });
  return j;
}

describe('which other window holds a node', () => {
  const mine = (dir: string) => openJournal({ router: ROUTER, user: 'admin' }, { dir });

  it('another open window of this router holding it; not this window, nor another router, nor a settled one', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'routersh-holds-'));
    const me = mine(dir);
    me.setWindow({ id: 'wme', deadline: Date.now() + 60_000, state: 'open' });
    const ask = () => heldBy({ journal: me.path!, window: 'wme', router: `${ROUTER}/` }, MTU);
    expect(ask()).toBeUndefined();
    const other = windowWith(dir, 'wr', { holds: MTU }, 'http://127.0.0.1:9090');
    expect(ask()).toBeUndefined();
    const a = windowWith(dir, 'wa', { holds: { path: ['interface', 'eth0'] } });
    expect(ask()).toMatchObject({ journal: a.path, window: 'wa' });
    a.setWindow({ id: 'wa', deadline: Date.now() + 60_000, state: 'confirmed' });
    expect(ask()).toBeUndefined();
    await Promise.all([me.close(), other.close(), a.close()]);
  });

  it("a journal written before holds: its change holds its node's path and all under it", async () => {
    const dir = mkdtempSync(join(tmpdir(), 'routersh-holds-'));
    const me = mine(dir);
    me.setWindow({ id: 'wme', deadline: Date.now() + 60_000, state: 'open' });
    const old = windowWith(dir, 'wo', { words: ['interface', 'eth0'] });
    expect(heldBy({ journal: me.path!, window: 'wme', router: ROUTER }, MTU)).toMatchObject({ window: 'wo' });
    // Undoable no longer (a secret, an action): the window will not revert it, it holds nothing.
    const secret = windowWith(dir, 'ws', { holds: { path: ['snmp'] }, notUndoable: 'it sets a secret' });
    expect(heldBy({ journal: me.path!, window: 'wme', router: ROUTER }, { path: ['snmp'] })).toBeUndefined();
    await Promise.all([me.close(), old.close(), secret.close()]);
  });
});
