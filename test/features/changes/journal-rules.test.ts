// The journal's rules against the router simulator over HTTP: actions and secrets are journaled
// as not undoable (and the secret is nowhere in the file); undo refuses a change someone else has
// changed since, sending nothing; a match-list entry that expired meanwhile is not a conflict; a
// match-list import is one change; a script needs --yes to undo.
import type { RouterClient } from '../../../src/api/router/client.js';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { fileSink } from '../../../src/features/changes/journal/file.js';
import { runPiped } from '../../../src/run/output-pipes.js';
import type { Outcome } from '../../../src/contract/outcome.js';
import type { Session } from '../../../src/session/session.js';
import { testSession } from '../../helpers/session.js';
import { ManualClock } from '../../../sim/clock.js';
import { type RouterSim, startRouterSim } from '../../../sim/router/index.js';
import { runCommand } from '../../helpers/command-io.js';
import { simConfig } from '../../helpers/sim-config.js';

let sim: RouterSim;
let clock: ManualClock;
let dir: string;
let file: string;
let session: Session;
let n = 0;
const signal = new AbortController().signal;
const run = async (line: string, s = session) =>
  (await runPiped(line, { context: [] }, s.services, signal)).outcome;
const ok = (o: Outcome) => {
  if (o.kind === 'error') throw o.error;
  return o.kind === 'text' || o.kind === 'router' ? o.text : '';
};
const errorOf = (o: Outcome) => (o.kind === 'error' ? o.error.message : `not an error: ${o.kind}`);
const writes = () => sim.requests.filter((r) => r.method !== 'GET' && !r.body.includes('"SHOW"')).length;

beforeAll(async () => {
  clock = new ManualClock(Date.now());
  sim = await startRouterSim({ clock });
  dir = mkdtempSync(join(tmpdir(), 'routersh-rules-'));
});
beforeEach(async () => {
  file = join(dir, `s${++n}.jsonl`);
  session = await testSession(simConfig(sim.url), {
    interactive: false,
    warn: () => {},
    width: () => 200,
    journal: fileSink(file),
    yes: true,
  });
});
afterAll(async () => {
  await sim.close();
  rmSync(dir, { recursive: true, force: true });
});

describe('not undoable', () => {
  it('an action (ping) and a secret (a password) are journaled as not undoable; the secret is never stored', async () => {
    ok(await run('ping 10.0.0.1'));
    ok(await run('system user operator password Hunter2secret'));
    const listed = await run('changes');
    const rows = (listed as { json: { changes: Array<{ undoable: boolean; reason: string }> } }).json.changes;
    expect(rows.map((r) => r.undoable)).toEqual([false, false]);
    expect(rows[0]!.reason).toMatch(/metadata shows no change/);
    expect(rows[1]!.reason).toMatch(/secret/);
    expect(readFileSync(file, 'utf8')).not.toContain('Hunter2secret');
    expect(readFileSync(file, 'utf8')).toContain('password ***');
    const before = writes();
    expect(errorOf(await run('undo 2'))).toMatch(
      /^nothing to undo: #2 system user operator password \*\*\* is not undoable: it sets a secret[^;]*; #1 ping 10\.0\.0\.1 is not undoable: the metadata shows no change/,
    );
    expect(writes()).toBe(before);
  });
});

describe('conflicts', () => {
  it('refuses, sending nothing, a change whose node someone else changed since', async () => {
    ok(await run('interface eth1 mtu 9000'));
    const other = await testSession(simConfig(sim.url), { interactive: false, warn: () => {} });
    ok(await run('interface eth1 mtu 1400', other));
    const before = writes();
    const msg = errorOf(await run('undo'));
    expect(msg).toMatch(/undo refused, nothing sent/);
    expect(msg).toMatch(/interface eth1 mtu 9000 has been removed since/);
    expect(writes()).toBe(before);
    ok(await run('interface eth1 mtu 1500', other));
    await other.close();
  });

  it('an entry that expired meanwhile is not a conflict: the undo has nothing to send for it', async () => {
    ok(await run('ipv4 firewall match-list quick timeout 60'));
    ok(await run('ipv4 firewall match-list quick action match net 192.0.2.99'));
    // A list entry's after is read within IDLE_MS of the change (coalesced); the manual clock
    // jumps 61 s at once, so let that read happen first, as real time would.
    await session.services.journal?.opened()?.settled();
    clock.advance(61_000);
    const before = writes();
    expect(ok(await run('undo'))).toMatch(/expired since: nothing to send[\s\S]*undone #2/);
    expect(writes()).toBe(before);
    ok(await run('undo'));
  });
});

describe('match-list import', () => {
  it('is one change holding its entries; undo removes them', async () => {
    const feed = join(dir, 'feed.txt');
    writeFileSync(feed, '192.0.2.10\n192.0.2.11\n192.0.2.12\n');
    const gets = () =>
      sim.requests.filter((r) => r.method === 'GET' && r.url.endsWith('/action/match')).length;
    const g0 = gets();
    ok(await run(`match-list import blacklist ${feed}`));
    const changes = (await run('changes')) as { json: { changes: Array<{ added: string[] }> } };
    // loadTarget's read (which is also the journal's before) and the journal's read after
    // (coalesced: made at the latest when `changes` needs it): not one per entry.
    expect(gets() - g0).toBe(2);
    expect(changes.json.changes).toHaveLength(1);
    expect(changes.json.changes[0]!.added).toHaveLength(3);
    ok(await run('undo'));
    const members = await (session.services.router as RouterClient).get([
      'ipv4',
      'firewall',
      'match-list',
      'blacklist',
      'action',
      'match',
    ]);
    expect(members.nodeInfo?.setValues.filter((v) => v.startsWith('192.0.2.1'))).toEqual([]);
  });
});

describe('batch mode', () => {
  it('undo without --yes fails with exit 1 and sends nothing; with --yes it reverts', async () => {
    const env = { XDG_STATE_HOME: dir, ROUTERSH_PASSWORD: 'admin' };
    const args = ['--router', sim.url, '--user', 'admin'];
    const before = writes();
    const r = await runCommand([...args, '-c', 'hostname edge1', '-c', 'undo'], env);
    expect(r.code).toBe(1);
    expect(r.stderr).toMatch(
      /undo in a script needs --yes; it would send:\s+undo #1 hostname edge1:\s+POST \/api\/hostname\/router \{"Actions":\["SET"\]\}/,
    );
    expect(writes()).toBe(before + 1);
    const y = await runCommand([...args, '--yes', '-c', 'hostname edge2', '-c', 'undo'], env);
    expect(y.code).toBe(0);
    expect(y.stdout).toMatch(/undone #1 hostname edge2/);
    const host = await (session.services.router as RouterClient).get(['hostname', 'x']);
    expect(host.nodeInfo?.setValues).toEqual(['edge1']);
  });
});

describe('coalesced reads', () => {
  const listGets = () =>
    sim.requests.filter((r) => r.method === 'GET' && r.url.endsWith('/blacklist/action/match')).length;
  const events = () =>
    readFileSync(file, 'utf8')
      .trim()
      .split('\n')
      .map((l) => JSON.parse(l) as { t: string; id: string; before?: unknown; after?: unknown });

  it('entries in a row share one read; the same entry again reads first: its before is the last after', async () => {
    const g0 = listGets();
    ok(await run('ipv4 firewall match-list blacklist action match net 192.0.2.40'));
    ok(await run('ipv4 firewall match-list blacklist action match net 192.0.2.41'));
    ok(await run('ipv4 firewall match-list blacklist action match net 192.0.2.42'));
    // Three entries, one node: the resolver's read served as the before, no after read yet
    // (one more if the machine paused IDLE_MS between lines; per change it would be 1 + 6).
    expect(listGets() - g0).toBeLessThanOrEqual(2);
    ok(await run('no ipv4 firewall match-list blacklist action match net 192.0.2.41'));
    // .41 again: the pending afters are read once, and that read is this change's before.
    expect(listGets() - g0).toBeLessThanOrEqual(3);
    const listed = (await run('changes')) as {
      json: { changes: Array<{ added: string[]; removed: string[]; undoable: boolean }> };
    };
    expect(listGets() - g0).toBeLessThanOrEqual(4);
    const rows = listed.json.changes;
    expect(rows.map((r) => [r.added.length, r.removed.length, r.undoable])).toEqual([
      [1, 0, true],
      [1, 0, true],
      [1, 0, true],
      [0, 1, true],
    ]);
    const ev = events();
    const [, second, , fourth] = ev.filter((e) => e.t === 'change');
    const afterOf = (id: string) => ev.find((e) => e.t === 'after' && e.id === id)?.after;
    expect(fourth!.before).toEqual(afterOf(second!.id));
    ok(await run('undo 4'));
  });

  it('a pause reads the pending afters by itself, each time: the idle read is re-armed after it fired', async () => {
    const afters = () => events().filter((e) => e.t === 'after' && e.after).length;
    const g0 = listGets();
    ok(await run('ipv4 firewall match-list blacklist action match net 192.0.2.50'));
    ok(await run('ipv4 firewall match-list blacklist action match net 192.0.2.51'));
    // Nothing asks for them (no `changes`, no end of session): the idle read writes both.
    await vi.waitFor(() => expect(afters()).toBe(2), { timeout: 10_000, interval: 20 });
    // `changes` reads a pending after at once (and stops the idle read); the next entry re-arms it.
    ok(await run('ipv4 firewall match-list blacklist action match net 192.0.2.52'));
    ok(await run('changes'));
    expect(afters()).toBe(3);
    ok(await run('ipv4 firewall match-list blacklist action match net 192.0.2.53'));
    await vi.waitFor(() => expect(afters()).toBe(4), { timeout: 10_000, interval: 20 });
    // One read per pause or `changes` (a pause inside the first pair may add one), never one per entry.
    expect(listGets() - g0).toBeLessThanOrEqual(4);
    ok(await run('undo 4'));
  });
});
