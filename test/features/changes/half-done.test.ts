// A transaction left half done outside any window (issue 37): the journal the product opens
// keeps a pending entry in the open-window index while a change is unanswered or an undo
// unfinished, and removes it after; the reader finds a dead writer's half-done change or undo,
// leaves a live writer's entry unread, and removes entries with nothing left to find.
import { existsSync, mkdtempSync, readdirSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import type { JournalEvent } from '../../../src/contract/journal.js';
import { startCheck } from '../../../src/commands/start-check.js';
import { halfDoneIn, halfDoneJournals } from '../../../src/features/changes/half-done.js';
import { openJournal } from '../../../src/features/changes/journal-open.js';
import { openWindows, windowsDir } from '../../../src/features/changes/open-windows.js';
import { indexPending, pendingFile } from '../../../src/features/changes/pending-index.js';
import { captureIo } from '../../helpers/command-io.js';

const ROUTER = 'http://127.0.0.1:1';
const state = () => join(mkdtempSync(join(tmpdir(), 'routersh-halfdone-')), 'routersh');
const opened = (dir: string) => openJournal({ router: ROUTER, user: 'admin' }, { dir });
const entries = (dir: string) => (existsSync(windowsDir(dir)) ? readdirSync(windowsDir(dir)) : []);
const dead = () => false;
const living = () => true;

const change = (id: string, seq: number, window?: string): JournalEvent => ({
  t: 'change',
  id,
  seq,
  at: 1,
  line: `interface eth${seq} mtu 1400`,
  requests: [{ method: 'POST', words: ['interface', `eth${seq}`, 'mtu', '1400'] }],
  words: ['interface', `eth${seq}`, 'mtu', '1400'],
  pid: 4_000_000,
  ...(window ? { window } : {}),
});
const answer = (id: string): JournalEvent => ({ t: 'answer', id, answer: { ok: true, status: 'OK' } });

describe('a transaction left half done', () => {
  it('a change in flight has an entry until its answer is recorded; a dead writer is found', async () => {
    const dir = state();
    const j = opened(dir);
    j.write(change('s.1', 1));
    expect(entries(dir)).toEqual([
      `pending~${j.path!.split('/').at(-1)!.replace('.jsonl', '')}~${process.pid}.json`,
    ]);
    // Its writer lives: at work, its journal not even read.
    expect(halfDoneJournals(dir, { alive: living })).toEqual([]);
    const found = halfDoneJournals(dir, { alive: dead });
    expect(found).toEqual([
      {
        kind: 'half-done',
        journal: j.path,
        router: ROUTER,
        items: [{ id: 's.1', seq: 1, line: 'interface eth1 mtu 1400', kind: 'change' }],
      },
    ]);
    j.write(answer('s.1'));
    expect(entries(dir)).toEqual([]);
    await j.close();
  });

  it('an undo begun has an entry until its end is recorded', async () => {
    const dir = state();
    const j = opened(dir);
    j.write(change('s.1', 1));
    j.write(answer('s.1'));
    j.markUndo('s.1', 'undo', [{ method: 'POST', words: ['interface', 'eth1', 'mtu', '1500'] }]);
    expect(entries(dir)).toHaveLength(1);
    expect(halfDoneJournals(dir, { alive: dead })[0]?.items).toEqual([
      { id: 's.1', seq: 1, line: 'interface eth1 mtu 1400', kind: 'undo' },
    ]);
    j.markUndone('s.1', true, 'undo');
    expect(entries(dir)).toEqual([]);
    await j.close();
  });

  it('a change inside a window is the window rule’s: no entry, not half done here', async () => {
    const dir = state();
    const j = opened(dir);
    j.write(change('s.1', 1, 'w1'));
    expect(entries(dir)).toEqual([]);
    expect(halfDoneIn([change('s.1', 1, 'w1')], dead)).toEqual([]);
    // An answer lost by a process that still lives is in flight, not left.
    expect(halfDoneIn([change('s.2', 2)], living)).toEqual([]);
    await j.close();
  });

  it('a dead writer’s entry with nothing half done, or naming a journal elsewhere, is removed; windows leave it alone', async () => {
    const dir = state();
    const j = opened(dir);
    j.write(change('s.1', 1));
    j.write(answer('s.1'));
    // As a process killed after its answer and before removing its entry leaves it.
    indexPending(j.path!, ROUTER, 4_000_001);
    // Not a journal of this state directory: never read, removed.
    const planted = pendingFile(dir, '/etc/passwd', 4_000_002);
    writeFileSync(
      planted,
      JSON.stringify({ kind: 'pending', journal: '/etc/passwd', router: ROUTER, pid: 4_000_002 }),
    );
    expect(entries(dir)).toHaveLength(2);
    // The window reader passes pending entries over: it neither reads nor removes them.
    expect(openWindows(dir)).toEqual([]);
    expect(entries(dir)).toHaveLength(2);
    expect(halfDoneJournals(dir, { alive: dead })).toEqual([]);
    expect(entries(dir)).toEqual([]);
    await j.close();
  });

  it('a start says it: one line in a script; on a terminal no leaves it with the command that settles it', async () => {
    const dir = state();
    const j = opened(dir);
    j.write(change('s.1', 1));
    await j.close();
    // As a killed writer leaves it: its entry, under a pid no process has.
    indexPending(j.path!, ROUTER, 4_000_003);
    const home = join(dir, '..');
    const script = captureIo({ XDG_STATE_HOME: home });
    await startCheck(script.io);
    const command = `routersh undo --journal ${j.path} s.1`;
    expect(script.err()).toBe(
      `routersh: ${j.path}: a change to ${ROUTER} was left half done (#1 interface eth1 mtu 1400: sent, its answer never recorded); settle it: ${command}\n`,
    );
    const c = captureIo({ XDG_STATE_HOME: home });
    c.io.stdin.isTTY = true;
    c.io.stderr.isTTY = true;
    const asked: string[] = [];
    c.io.stderr.on('data', (b: Buffer) => asked.push(String(b)));
    c.input('n\n');
    await startCheck(c.io);
    expect(asked.join('')).toContain('sent, its answer never recorded): revert it now if it took? [Y/n] ');
    expect(c.err()).toBe(`left as it is: ${command} settles it\n`);
    // The journal a command settles itself is not said.
    const own = captureIo({ XDG_STATE_HOME: home });
    await startCheck(own.io, { skip: j.path! });
    expect(own.err()).toBe('');
  });
});
