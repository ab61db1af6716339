// The open-window index (issue 37): a file per window not yet settled under STATE/windows/,
// written when the window opens and removed when it is confirmed or reverted, through the
// journal the product opens; a reader checks each entry in its journal and removes stale ones.
import { existsSync, mkdtempSync, readdirSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { fileSink } from '../../../src/features/changes/journal/file.js';
import { openJournal } from '../../../src/features/changes/journal-open.js';
import { indexedWindows, openWindows, windowsDir } from '../../../src/features/changes/open-windows.js';
import { decide } from '../../../src/features/changes/window-decision.js';

const state = () => mkdtempSync(join(tmpdir(), 'routersh-windows-'));
const ROUTER = 'http://127.0.0.1:1';
const opened = (dir: string) => openJournal({ router: ROUTER, user: 'admin' }, { dir });
const entries = (dir: string) => (existsSync(windowsDir(dir)) ? readdirSync(windowsDir(dir)) : []);

describe('the open-window index', () => {
  it('is written when a window opens and removed when it is confirmed', async () => {
    const dir = state();
    const j = opened(dir);
    const deadline = Date.now() + 60_000;
    j.setWindow({ id: 'w1', deadline, state: 'open' }, { by: 'shell' });
    expect(entries(dir)).toHaveLength(1);
    expect(openWindows(dir)).toEqual([{ journal: j.path, window: 'w1', router: ROUTER, deadline }]);
    j.setWindow({ id: 'w1', deadline, state: 'confirmed' }, { by: 'shell' });
    expect(entries(dir)).toEqual([]);
    expect(openWindows(dir)).toEqual([]);
    await j.close();
  });

  it('keeps a window left unsettled and drops a reverted one', async () => {
    const dir = state();
    const a = opened(dir);
    const b = opened(dir);
    const deadline = Date.now() + 60_000;
    a.setWindow({ id: 'wa', deadline, state: 'open' });
    b.setWindow({ id: 'wb', deadline, state: 'open' });
    a.setWindow({ id: 'wa', deadline, state: 'unsettled' }, { note: 'SIGTERM cut the revert short' });
    b.setWindow({ id: 'wb', deadline, state: 'reverted' });
    const found = indexedWindows(dir, { alive: () => true, now: Date.now() });
    expect(found.map((w) => [w.window, w.status.state])).toEqual([['wa', 'unsettled']]);
    await Promise.all([a.close(), b.close()]);
  });

  it('a reader removes the file of a window settled meanwhile, of a journal gone, and of junk', async () => {
    const dir = state();
    const j = opened(dir);
    const deadline = Date.now() + 60_000;
    j.setWindow({ id: 'w1', deadline, state: 'open' });
    // Its settler died between the decision and the journal's line: the decision counts.
    decide(j.path!, 'w1', { kind: 'confirmed', by: 'routersh confirm' });
    writeFileSync(
      join(windowsDir(dir), 'gone.w9.json'),
      JSON.stringify({ journal: join(dir, 'journal', 'gone.jsonl'), window: 'w9', router: ROUTER, deadline }),
    );
    writeFileSync(join(windowsDir(dir), 'junk.json'), 'not json');
    expect(entries(dir)).toHaveLength(3);
    expect(openWindows(dir)).toEqual([]);
    expect(entries(dir)).toEqual([]);
    await j.close();
  });

  it('nothing for a journal outside a state directory, and no directory when no window opened', async () => {
    const dir = state();
    const j = openJournal({ router: ROUTER, user: 'admin' }, fileSink(join(dir, 'elsewhere.jsonl')));
    j.setWindow({ id: 'w1', deadline: Date.now() + 1000, state: 'open' });
    expect(existsSync(windowsDir(dir))).toBe(false);
    expect(openWindows(dir)).toEqual([]);
    await j.close();
  });
});
