// A candidate's commit under faults (issue 38): a 503, a reset, a lost answer (reset, timeout or
// garbage after the router applied it) and a slow answer at each step of a four-line commit, on
// the fault harness's router (test/safety/fault-router.ts), through the product's wiring (lines
// typed in candidate mode, `commit` run as the shell runs it). After each: the router is at the
// configuration before or after the commit, and the outcome says which — a reverted commit keeps
// its staged lines (to commit again or discard), a committed one has none left.
import { beforeAll, describe, expect, it } from 'vitest';
import type { Outcome } from '../../src/contract/outcome.js';
import { runLine } from '../../src/run/runner.js';
import type { Session } from '../../src/session/session.js';
import { FAULTS, type Fault, type FaultRouter, observe, faultRouters } from './fault-router.js';
import { txSession } from './tx-rig.js';

const LINES = [
  'interface eth1 mtu 9000',
  'interface eth1 description "up link"',
  'ipv4 firewall match-list blacklist action match net 10.9.9.9',
  'interface eth0 mtu 1400',
];
/** Each line's request path, as the fault router sees it. */
const PATHS = [
  '/api/interface/eth1/mtu/9000',
  '/api/interface/eth1/description/up%20link',
  '/api/ipv4/firewall/match-list/blacklist/action/match',
  '/api/interface/eth0/mtu/1400',
];

const fresh = faultRouters();

const signal = new AbortController().signal;
const run = (session: Session, line: string): Promise<Outcome> =>
  runLine(line, { context: [] }, session.services, signal);

async function commitOn(router: FaultRouter): Promise<{ outcome: Outcome; staged: number }> {
  const { session } = await txSession(router);
  try {
    for (const line of ['configure', ...LINES]) {
      const o = await run(session, line);
      expect(o.kind === 'error' ? o.error.message : 'ok', line).toBe('ok');
    }
    const outcome = await run(session, 'commit');
    return { outcome, staged: session.services.candidate?.lines()?.length ?? -1 };
  } finally {
    await session.close();
  }
}

const s = { s0: '', s1: '' };
beforeAll(async () => {
  const router = await fresh();
  s.s0 = observe(router.state);
  const { outcome, staged } = await commitOn(router);
  expect(outcome.kind === 'text' && !outcome.failure ? outcome.text : outcome).toMatch(
    /commit complete: 4 staged/,
  );
  expect(staged).toBe(0);
  s.s1 = observe(router.state);
  expect(s.s1).not.toBe(s.s0);
}, 60_000);

describe('a fault at each step of a commit', () => {
  const kinds: Array<Fault | 'slow'> = [...FAULTS, 'slow'];
  const matrix = kinds.flatMap((fault) => PATHS.map((path, i) => ({ fault, at: i + 1, path })));
  it.concurrent.each(matrix)('$fault at step $at', async ({ fault, at, path }) => {
    const router = await fresh();
    router.arm({ at: 1, which: 'write', fault, match: (r) => new URL(r.url, 'http://x').pathname === path });
    const { outcome, staged } = await commitOn(router);
    const why = `${fault} at step ${at}`;
    expect(router.struck(), why).toBe(true);
    expect(outcome.kind, why).toBe('text');
    if (outcome.kind !== 'text') return;
    const now = observe(router.state);
    if (outcome.failure) {
      expect(outcome.failure.message, why).toMatch(
        /^commit reverted: step \d of 4 .*; the staged lines are kept$/,
      );
      expect(now, why).toBe(s.s0);
      expect(staged, why).toBe(4);
    } else {
      expect(fault, why).toBe('slow');
      expect(now, why).toBe(s.s1);
      expect(staged, why).toBe(0);
    }
  });
});
