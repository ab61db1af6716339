// A transaction and confirmed-change windows (issue 38): `commit confirmed N` opens a window for
// it (its guard, the built binary, keeps it) whose revert undoes every step by its inverse; a
// transaction joins the open window; a new window is refused while one is open; and a step the
// transaction could not take back (no inverse) follows issue 37's rule: refused in a script,
// nothing sent, unless --allow-unrevertable. Through the product's wiring (tx-rig.ts); each
// window is settled by the test (`routersh undo --journal FILE --yes`), never waited out.
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { fold } from '../../src/features/changes/journal/fold.js';
import { runTransaction } from '../../src/features/config/transaction.js';
import { runPiped } from '../../src/run/output-pipes.js';
import { runCommand } from '../helpers/command-io.js';
import { observe, faultRouters } from './fault-router.js';
import { events, journalFile } from './invariant.js';
import { runTx, STEPS, txSession } from './tx-rig.js';

const fresh = faultRouters();
const T = ['--timeout', '5'];

describe('a transaction in a confirmed-change window', () => {
  it('commit confirmed N: a window of its own, whose revert undoes every step', async () => {
    const router = await fresh();
    const s0 = observe(router.state);
    const { session, state, env } = await txSession(router, { guard: true });
    let id = '';
    try {
      const r = await runTx(session, { window: { minutes: 30 } });
      expect(r.state, r.note).toBe('committed');
      id = r.id;
      expect(observe(router.state)).not.toBe(s0);
      // A second window while this one is open: refused, nothing sent.
      const writes = router.writes().length;
      await expect(runTx(session, { window: { minutes: 5 } })).rejects.toThrow(
        /not sent: a confirmed-change window \(.*\) is open/,
      );
      expect(router.writes().length).toBe(writes);
    } finally {
      await session.close();
    }
    const file = journalFile(state);
    const { changes, windows, transactions } = fold(events(file));
    const w = windows.at(-1)!;
    expect(transactions.find((t) => t.id === id)?.window).toBe(w.id);
    expect(changes.filter((c) => c.tx === id).every((c) => c.window === w.id)).toBe(true);
    // The window's revert (as at its end): each step undone by its inverse.
    const undo = await runCommand(['undo', '--journal', file, '--yes', ...T], env);
    expect(undo.code, undo.err).toBe(0);
    expect(observe(router.state)).toBe(s0);
    const after = fold(events(file)).changes.filter((c) => c.tx === id);
    expect(after.map((c) => c.status)).toEqual(STEPS.map(() => 'undone'));
  });

  it('join: the steps go in the open window', async () => {
    const router = await fresh();
    const s0 = observe(router.state);
    const { session, state, env } = await txSession(router, { guard: true });
    try {
      const opened = await runPiped(
        'confirm-within 30m',
        { context: [] },
        session.services,
        new AbortController().signal,
      );
      expect(opened.outcome.kind).not.toBe('error');
      const r = await runTx(session, { window: 'join' });
      expect(r.state).toBe('committed');
    } finally {
      await session.close();
    }
    const file = journalFile(state);
    const { changes, windows } = fold(events(file));
    expect(changes.filter((c) => c.tx).every((c) => c.window === windows.at(-1)!.id)).toBe(true);
    const undo = await runCommand(['undo', '--journal', file, '--yes', ...T], env);
    expect(undo.code, undo.err).toBe(0);
    expect(observe(router.state)).toBe(s0);
  });
});

describe('a step the transaction cannot take back', () => {
  const steps = [STEPS[0]!, { ...STEPS[2]!, inverse: [] }];
  it('is refused in a script, nothing sent', async () => {
    const router = await fresh();
    const { session } = await txSession(router);
    try {
      await expect(runTx(session, { steps })).rejects.toThrow(
        /not sent: \+ interface eth1 description up cannot be reverted if the transaction fails.*--allow-unrevertable/,
      );
      expect(router.writes().length).toBe(0);
    } finally {
      await session.close();
    }
  });
  it('on a terminal, asks: no sends nothing, yes sends it', async () => {
    for (const yes of [false, true]) {
      const router = await fresh();
      const { session } = await txSession(router);
      const asked: string[] = [];
      const ask = async (q: string) => {
        asked.push(q);
        return yes;
      };
      try {
        const run = runTransaction(
          { line: 'config load merge test.conf', steps, before: [] },
          {
            state: { context: [] },
            services: session.services,
            io: { ask },
            signal: new AbortController().signal,
          },
        );
        if (yes) expect((await run).state).toBe('committed');
        else await expect(run).rejects.toThrow('cancelled: nothing sent');
        expect(asked).toEqual([
          '+ interface eth1 description up cannot be reverted if the transaction fails: send it anyway?',
        ]);
        expect(router.writes().length).toBe(yes ? 2 : 0);
      } finally {
        await session.close();
      }
    }
  });

  it('is sent with --allow-unrevertable', async () => {
    const router = await fresh();
    const { session } = await txSession(router, { allowUnrevertable: true });
    try {
      expect((await runTx(session, { steps })).state).toBe('committed');
      expect(router.writes().length).toBe(2);
    } finally {
      await session.close();
    }
  });

  it('a secret: refused in a script; sent with --allow-unrevertable, the journal never holding it', async () => {
    const words = ['system', 'user', 'operator', 'password', 'n0t-in-the-journal'];
    const secret = {
      request: { method: 'POST' as const, words, actions: ['SET' as const] },
      inverse: [
        { method: 'POST' as const, words: ['system', 'user', 'operator'], actions: ['SET' as const] },
      ],
      text: '+ system user operator password ***',
      words,
    };
    const router = await fresh();
    const refused = await txSession(router);
    try {
      await expect(runTx(refused.session, { steps: [secret] })).rejects.toThrow(
        /not sent: \+ system user operator password \*\*\* cannot be reverted/,
      );
      expect(router.writes().length).toBe(0);
    } finally {
      await refused.session.close();
    }
    const { session, state } = await txSession(router, { allowUnrevertable: true });
    try {
      await runTx(session, { steps: [secret] });
      expect(router.writes().length).toBe(1);
    } finally {
      await session.close();
    }
    expect(readFileSync(journalFile(state), 'utf8')).not.toContain('n0t-in-the-journal');
  });

  it('a plan that shows no *** holds no secret: `key net` is sent and journaled as it is', async () => {
    const router = await fresh();
    const { session, state } = await txSession(router);
    const words = ['ipv4', 'firewall', 'match-list', 'newlist'];
    const request = {
      method: 'POST' as const,
      words,
      actions: ['SET' as const],
      options: { timeout: [60], key: ['net'] },
    };
    const step = {
      request,
      inverse: [{ method: 'DELETE' as const, words }],
      text: '+ ipv4 firewall match-list newlist timeout 60 key net',
      words,
    };
    try {
      const r = await runTx(session, { steps: [step] });
      expect(r.state, r.note).toBe('committed');
    } finally {
      await session.close();
    }
    const c = fold(events(journalFile(state))).changes.at(-1)!;
    expect(c.requests[0]?.options).toEqual({ timeout: [60], key: ['net'] });
    expect(c.notUndoable).toBeUndefined();
  });
});
