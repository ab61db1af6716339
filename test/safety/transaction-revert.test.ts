// A transaction's revert that cannot finish (issue 38): refused because someone else changed the
// node, or given up when the router is gone for more than ten minutes. Either ends `unsettled`,
// the note saying which steps stand, and the journal says the same. Through the product's wiring
// (tx-rig.ts); the other client is a raw request to the router, the ten minutes the session's
// clock moved by the test (session/clock.ts).
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { fold } from '../../src/features/changes/journal/fold.js';
import { observe, faultRouters } from './fault-router.js';
import { events, journalFile } from './invariant.js';
import { isStep, runTx, STEPS, txSession } from './tx-rig.js';

const fresh = faultRouters();

const BASIC = `Basic ${Buffer.from('admin:admin').toString('base64')}`;

describe("a transaction's revert that cannot finish", () => {
  it('refused: another client deleted the node a step changed; the steps that stand are named', async () => {
    const router = await fresh();
    // Step 5 (eth1 mtu) is held at the router until another client has deleted eth1: it is then
    // refused, and the revert of step 3 (eth1's description) finds no eth1 to set it on.
    let release: () => void = () => {};
    const released = new Promise<void>((r) => {
      release = r;
    });
    router.arm({
      at: 1,
      which: 'write',
      match: isStep(STEPS[4]!),
      hold: {
        phase: 'before',
        release: released,
        reached: () => {
          // Once the other four steps have come (and been applied: the router applies as they come).
          const others = async () => {
            while (router.writes().length < 5) await new Promise((r) => setTimeout(r, 10));
          };
          void others()
            .then(() =>
              fetch(`${router.url}/api/interface/eth1`, {
                method: 'DELETE',
                headers: { authorization: BASIC },
              }),
            )
            .then(() => release());
        },
      },
    });
    const { session, state } = await txSession(router);
    try {
      const r = await runTx(session);
      expect(r.state, r.note).toBe('unsettled');
      expect(r.note).toMatch(/step 5 of 5 '\+ interface eth1 mtu 1400' failed: refused/);
      expect(r.note).toMatch(
        /1 step still stands: '\+ interface eth1 description up' \(interface eth1 description lan refused: .*someone else changed the node/,
      );
      const { transactions, changes } = fold(events(journalFile(state)));
      expect(transactions.at(-1)?.end).toMatchObject({ state: 'unsettled', sent: 4 });
      // Steps 1, 2 and 4 were reverted; step 3 stands, and the journal says so.
      const mine = changes.filter((c) => c.tx === r.id);
      expect(mine.map((c) => c.status)).toEqual(['undone', 'undone', 'done', 'undone', 'failed']);
      const now = JSON.parse(observe(router.state)) as Record<string, unknown>;
      expect(now['eth0']).toBe(1500);
      expect(now['eth1']).toBe('absent');
      expect(now['routes']).toEqual(['0.0.0.0/0 via 10.0.0.254']);
    } finally {
      await session.close();
    }
  });

  // The router closes while it holds step 3 (its answer lost); the revert's first read finds
  // nobody and retries with backoff until `stop` ends it.
  const gone = async (
    stop: (o: { offsetFile: string; ac: AbortController; file: () => string }) => () => void,
  ) => {
    const router = await fresh();
    const offsetFile = join(mkdtempSync(join(tmpdir(), 'tx-clock-')), 'offset');
    writeFileSync(offsetFile, '0\n');
    router.arm({
      at: 1,
      which: 'write',
      match: isStep(STEPS[2]!),
      hold: { phase: 'before', reached: () => void router.close() },
    });
    const { session, state } = await txSession(router, { offsetFile });
    const ac = new AbortController();
    const tick = stop({ offsetFile, ac, file: () => journalFile(state) });
    const timer = setInterval(tick, 100);
    try {
      return { r: await runTx(session, {}, ac.signal), state };
    } finally {
      clearInterval(timer);
      await session.close();
    }
  };
  /** Whether step 3's answer is journaled (lost): the revert reads and retries from then on. */
  const lost = (file: () => string) => {
    try {
      return (
        readFileSync(file(), 'utf8')
          .split('\n')
          .filter((l) => l.includes('"t":"answer"')).length >= 3
      );
    } catch {
      return false;
    }
  };

  it('the router gone for more than ten minutes: retried with backoff, then given up', async () => {
    let offset = 0;
    const { r, state } = await gone(({ offsetFile, file }) => () => {
      // Ten minutes and more of the session's clock at every tick once the revert retries.
      if (!lost(file)) return;
      offset += 11 * 60_000;
      writeFileSync(offsetFile, `${offset}\n`);
    });
    expect(r.state, r.note).toBe('unsettled');
    expect(r.note).toMatch(/step 3 of 5 .* failed/);
    expect(r.note).toMatch(/steps? still stands?: .*the router did not answer for 10 minutes/);
    const tx = fold(events(journalFile(state))).transactions.at(-1);
    expect(tx?.end).toMatchObject({ state: 'unsettled' });
  });

  it('the router gone: a cancel ends the retries, and the steps stand', async () => {
    const { r } = await gone(({ ac, file }) => () => {
      if (lost(file)) ac.abort();
    });
    expect(r.state, r.note).toBe('unsettled');
    expect(r.note).toMatch(/steps? still stands?: .*cancelled/);
  });
});
