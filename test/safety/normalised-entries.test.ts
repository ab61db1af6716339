// A router shows what it stores, not what it was sent: the simulator, like nftables, shows
// `10.0.0.1/32` as `10.0.0.1`. The journal compares a list's entries in that form (lang/ip.ts
// canonicalNet, journal/projection.ts). Found by a world test: a 65,536-entry import of /32s in a
// confirmed-change window was journaled as "no change", its guard said "no changes to revert" at
// the window's end, and every entry stayed; `undo --journal` called it not undoable.
import { readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type RouterSim, startRouterSim } from '../../sim/router/index.js';
import { adminEnv } from '../helpers/command-io.js';
import { runBin } from '../helpers/run-bin.js';
import { journalFile } from './invariant.js';

let sim: RouterSim;
beforeAll(async () => {
  sim = await startRouterSim();
});
afterAll(() => sim.close());

const FEED = ['10.77.0.1/32', '10.77.0.2/32', '10.77.0.3', '10.77.1.0/24'];

/** The blacklist's entries as the router shows them (one GET, as any client would read them). */
async function members(): Promise<string[]> {
  const res = await fetch(`${sim.url}/api/ipv4/firewall/match-list/blacklist/action/match`, {
    headers: { authorization: `Basic ${Buffer.from('admin:admin').toString('base64')}` },
  });
  const body = (await res.json()) as { NodeInfo: { SetValues: string[] } };
  return [...body.NodeInfo.SetValues].sort();
}

/** The writes the router got since its `from`th request (the revert's come later). */
const writesSince = (from: number) => sim.requests.slice(from).filter((r) => r.method !== 'GET').length;

function setup() {
  const env = adminEnv(sim.url);
  const feed = join(env.XDG_STATE_HOME, 'feed.txt');
  writeFileSync(feed, `${FEED.join('\n')}\n`);
  return { dir: env.XDG_STATE_HOME, feed, env, journal: () => journalFile(env.XDG_STATE_HOME) };
}

/** Waits until the journal says the window was reverted (the guard writes it; a hang guard of 120 s). */
async function reverted(file: string): Promise<void> {
  const end = Date.now() + 120_000;
  while (!readFileSync(file, 'utf8').includes('"state":"reverted"')) {
    if (Date.now() > end) throw new Error(`the window was not reverted:\n${readFileSync(file, 'utf8')}`);
    await new Promise((r) => setTimeout(r, 100));
  }
}

describe.sequential('entries the router stores in another spelling', () => {
  it('an import of /32s is undone by routersh undo --journal', async () => {
    const before = await members();
    const { feed, env, journal } = setup();
    const imported = await runBin(['match-list', 'import', 'blacklist', feed], { env });
    expect(imported.code, imported.stderr).toBe(0);
    expect(await members()).toEqual(
      [...before, '10.77.0.1', '10.77.0.2', '10.77.0.3', '10.77.1.0/24'].sort(),
    );
    expect(readFileSync(journal(), 'utf8')).not.toContain('notUndoable');
    const undone = await runBin(['--yes', 'undo', '--journal', journal()], { env });
    expect(undone.code, undone.stderr).toBe(0);
    expect(await members()).toEqual(before);
  });

  it("a confirmed-change window's guard reverts an import of /32s at the window's end", async () => {
    const before = await members();
    const { dir, feed, env, journal } = setup();
    const script = join(dir, 'script');
    writeFileSync(script, `confirm-within 2s\nmatch-list import blacklist ${feed}\n`);
    const sent = sim.requests.length;
    const ran = await runBin(['-f', script], { env });
    expect(ran.code, ran.stderr).toBe(0);
    // What the import wrote, read from the requests: the router's state may already be reverted
    // when a loaded machine gets here (the window is 2 s).
    expect(writesSince(sent)).toBeGreaterThanOrEqual(FEED.length);
    // The guard (a process of its own) reverts at the window's end and writes the decision.
    await reverted(journal());
    expect(await members()).toEqual(before);
    const log = readdirSync(join(dir, 'routersh', 'journal')).find((n) => n.endsWith('.guard.log'));
    expect(readFileSync(join(dir, 'routersh', 'journal', log!), 'utf8')).not.toContain(
      'no changes to revert',
    );
  });

  it("a real feed (FireHOL level1's first entries) imported in a window is reverted whole by the guard", async () => {
    const before = await members();
    const { dir, env, journal } = setup();
    const feed = fileURLToPath(new URL('../corpus/firehol_level1.head.netset', import.meta.url));
    const entries = readFileSync(feed, 'utf8')
      .split('\n')
      .filter((l) => l !== '' && !l.startsWith('#'));
    const script = join(dir, 'script');
    writeFileSync(script, `confirm-within 2s\nmatch-list import blacklist ${feed}\n`);
    const sent = sim.requests.length;
    const ran = await runBin(['-f', script], { env });
    expect(ran.code, ran.stderr).toBe(0);
    expect(writesSince(sent)).toBeGreaterThanOrEqual(entries.length);
    await reverted(journal());
    expect(await members()).toEqual(before);
  });
});
