// A transaction left half done (issue 38): its `tx` line without `txend`, its process gone. The
// start rule finds it as one item (its steps are not listed apart), says it in one line in a
// script and asks on a terminal; an ended transaction, one in a window (the window rule's) or one
// whose process lives is not found.
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { startCheck } from '../../../src/commands/start-check.js';
import type { JournalEvent } from '../../../src/contract/journal.js';
import { halfDoneIn } from '../../../src/features/changes/half-done.js';
import { openJournal } from '../../../src/features/changes/journal-open.js';
import { indexPending } from '../../../src/features/changes/pending-index.js';
import { captureIo } from '../../helpers/command-io.js';

const ROUTER = 'http://127.0.0.1:1';
const PID = 4_000_000;
const begun = (tx: string, window?: string): JournalEvent => ({
  t: 'tx',
  tx,
  at: 1,
  line: 'config load merge r1.conf',
  steps: 3,
  pid: PID,
  ...(window ? { window } : {}),
});
const step = (id: string, seq: number, tx: string, answered: boolean): JournalEvent[] => {
  const words = ['interface', `eth${seq}`, 'mtu', '1400'];
  const c: JournalEvent = {
    t: 'change',
    id,
    seq,
    at: 1,
    line: `interface eth${seq} mtu 1400`,
    requests: [{ method: 'POST', words, actions: ['SET'] }],
    words,
    pid: PID,
    tx,
    inverse: [{ method: 'POST', words: ['interface', `eth${seq}`, 'mtu', '1500'], actions: ['SET'] }],
  };
  return answered ? [c, { t: 'answer', id, answer: { ok: true, status: 'OK' } }] : [c];
};
const dead = () => false;

describe('a transaction left half done', () => {
  it('is one item, its steps not listed apart; ended, in a window or alive: not found', () => {
    const half = [begun('s.t1'), ...step('s.1', 1, 's.t1', true), ...step('s.2', 2, 's.t1', false)];
    expect(halfDoneIn(half, dead)).toEqual([
      { id: 's.t1', seq: 2, line: 'config load merge r1.conf', kind: 'tx' },
    ]);
    const ended: JournalEvent = { t: 'txend', tx: 's.t1', state: 'reverted', sent: 1, at: 2 };
    expect(halfDoneIn([...half, ended], dead)).toEqual([]);
    expect(halfDoneIn(half, () => true)).toEqual([]);
    const inWindow = [begun('s.t1', 'w1'), ...step('s.1', 1, 's.t1', true)];
    expect(halfDoneIn(inWindow, dead)).toEqual([]);
  });

  it('a start says it in a script, and asks on a terminal', async () => {
    const dir = join(mkdtempSync(join(tmpdir(), 'routersh-txhalf-')), 'routersh');
    const j = openJournal({ router: ROUTER, user: 'admin' }, { dir });
    for (const e of [begun('s.t1'), ...step('s.1', 1, 's.t1', true), ...step('s.2', 2, 's.t1', false)])
      j.write(e);
    await j.close();
    indexPending(j.path!, ROUTER, PID + 3);
    const home = join(dir, '..');
    const script = captureIo({ XDG_STATE_HOME: home });
    await startCheck(script.io);
    const command = `routersh undo --journal ${j.path} s.t1`;
    expect(script.err()).toBe(
      `routersh: ${j.path}: a transaction on ${ROUTER} was left half done (s.t1 config load merge r1.conf: 2 steps sent, never ended); settle it: ${command}\n`,
    );
    const c = captureIo({ XDG_STATE_HOME: home });
    c.io.stdin.isTTY = true;
    c.io.stderr.isTTY = true;
    const asked: string[] = [];
    c.io.stderr.on('data', (b: Buffer) => asked.push(String(b)));
    c.input('n\n');
    await startCheck(c.io);
    expect(asked.join('')).toContain('2 steps sent, never ended): revert its steps sent now? [Y/n] ');
    expect(c.err()).toBe(`left as it is: ${command} settles it\n`);
  });
});
