// Bulk scripts through the built binary (-f) against the router simulator: N match-list adds
// cost N POSTs, a bounded number of metadata GETs for resolution, and a number of journal reads
// of the list that does not grow with N (main sent 2 GETs per entry, each naming every entry of
// the list; the journal then read it twice more per entry and kept every read in memory).
import { mkdtempSync, readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { BASE_MS } from '../../src/features/changes/journal/node-reads.js';
import { type RouterSim, startRouterSim } from '../../sim/router/index.js';
import { runBin } from '../helpers/run-bin.js';

let sim: RouterSim;
let env: Record<string, string>;
beforeAll(async () => {
  sim = await startRouterSim();
  env = { ROUTERSH_ROUTER: sim.url, ROUTERSH_USER: 'admin', ROUTERSH_PASSWORD: 'admin' };
});
afterAll(() => sim.close());

/** Runs `count` adds to `list` with -f; returns the requests it sent, its journal and its time. */
async function adds(list: string, count: number, timeoutMs: number) {
  const dir = mkdtempSync(join(tmpdir(), 'routersh-bulk-'));
  const file = join(dir, 'adds.txt');
  const lines = Array.from(
    { length: count },
    (_, i) => `ipv4 firewall match-list ${list} action match net 10.${i >> 16}.${(i >> 8) & 255}.${i & 255}`,
  );
  writeFileSync(file, `${lines.join('\n')}\n`);
  const n = sim.requests.length;
  const t0 = performance.now();
  const r = await runBin(['-f', file], { env: { ...env, XDG_STATE_HOME: dir }, timeoutMs });
  const ms = performance.now() - t0;
  expect(r.stderr).toBe('');
  expect(r.code).toBe(0);
  expect(r.stdout.match(new RegExp(`added to match-list ${list}`, 'g'))).toHaveLength(count);
  const journalDir = join(dir, 'routersh', 'journal');
  const [name] = readdirSync(journalDir);
  return { sent: sim.requests.slice(n), ms, journal: join(journalDir, name!) };
}

/**
 * The journal's reads of the list: its "before" comes from the resolver's read of the line, its
 * "after" reads are coalesced: one at the end, one per BASE_MS of a busy run, and a few after an
 * idle pause (a loaded machine may pause between lines).
 */
const journalReads = (ms: number) => 1 + Math.ceil(ms / BASE_MS) + 3;

// Sizes that still tell "per line" from "bounded" (a read per line would be hundreds; a change
// holding the whole list, ~30 KB): 1,000 and 10,000 are the bench's (bench/script-bench.ts).
const N = 600;

it('-f with 300 adds: one POST per entry and a bounded number of GETs', async () => {
  const { sent, ms } = await adds('blacklist', 300, 60_000);
  expect(sent.filter((q) => q.method === 'POST')).toHaveLength(300);
  // Resolving the lines: a bounded number of GETs; the journal's: as above, not per line.
  expect(sent.filter((q) => q.method === 'GET').length).toBeLessThanOrEqual(12 + journalReads(ms));
}, 180_000);

it('-f with 600 adds: list reads do not grow with the lines, the journal keeps each change small', async () => {
  expect((await runBin(['-c', 'ipv4 firewall match-list scale'], { env })).code).toBe(0);
  const { sent, ms, journal } = await adds('scale', N, 120_000);
  expect(sent.filter((q) => q.method === 'POST')).toHaveLength(N);
  const listReads = sent.filter((q) => q.method === 'GET' && q.url.endsWith('/scale/action/match'));
  expect(listReads.length).toBeLessThanOrEqual(1 + journalReads(ms));
  // Each change holds its projection (the one entry it added), not the list: bounded per change.
  expect(statSync(journal).size / N).toBeLessThan(2048);
  const events = readFileSync(journal, 'utf8')
    .trim()
    .split('\n')
    .map((l) => JSON.parse(l) as { t: string; after?: { settings: unknown[] }; notUndoable?: string });
  expect(events.filter((e) => e.t === 'change')).toHaveLength(N);
  const afters = events.filter((e) => e.t === 'after');
  expect(afters).toHaveLength(N);
  // Every after shows its entry (so every change is undoable), read from the coalesced reads.
  expect(afters.filter((e) => e.after?.settings.length === 1 && !e.notUndoable)).toHaveLength(N);
}, 150_000);
