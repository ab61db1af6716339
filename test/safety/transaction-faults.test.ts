// A transaction under faults (issue 38): a 503, a reset, a lost answer (reset, timeout or garbage
// after the router applied it) and a slow answer at each step of a five-step transaction (the
// step's own request: unrelated steps go at once), through
// the product's wiring (tx-rig.ts). After each: the router is at the configuration before or
// after the transaction, and the journal says which.
import { beforeAll, describe, expect, it } from 'vitest';
import { FAULTS, type Fault, observe, faultRouters } from './fault-router.js';
import { expectTxInvariant, isStep, runTx, STEPS, txSession } from './tx-rig.js';

const fresh = faultRouters();

const s = { s0: '', s1: '' };
beforeAll(async () => {
  const router = await fresh();
  s.s0 = observe(router.state);
  const { session, state } = await txSession(router);
  try {
    const result = await runTx(session);
    expect(result.state).toBe('committed');
    expect(result.sent).toBe(STEPS.length);
    s.s1 = observe(router.state);
    expect(s.s1).not.toBe(s.s0);
    expectTxInvariant(router, state, result, s, 'clean run');
    // One write per step, no reads for the journal's before and after.
    expect(router.writes().length).toBe(STEPS.length);
    expect(router.requests.length - router.writes().length).toBe(0);
  } finally {
    await session.close();
  }
}, 60_000);

describe('a fault at each step of a transaction', () => {
  const kinds: Array<Fault | 'slow'> = [...FAULTS, 'slow'];
  const matrix = kinds.flatMap((fault) => STEPS.map((_, i) => ({ fault, at: i + 1 })));
  it.concurrent.each(matrix)('$fault at step $at', async ({ fault, at }) => {
    const router = await fresh();
    router.arm({ at: 1, which: 'write', fault, match: isStep(STEPS[at - 1]!) });
    const { session, state } = await txSession(router);
    try {
      const result = await runTx(session);
      const why = `${fault} at step ${at}`;
      expect(router.struck(), why).toBe(true);
      expectTxInvariant(router, state, result, s, why);
      if (fault === '503' || fault === 'reset') expect(result.state, why).toBe('reverted');
      if (fault === 'slow') expect(['committed', 'reverted'], why).toContain(result.state);
      else expect(result.state, why).toBe('reverted');
      if (result.state === 'reverted') expect(result.note, why).toMatch(new RegExp(`step ${at} of 5`));
    } finally {
      await session.close();
    }
  });
});
