// The start rule's cost and its answers (issue 37): with nothing in the open-window index a start
// reads that one directory and nothing more; a window whose guard is gone is one line on stderr
// in a script, a question on a terminal (no: it is left, and the line says how to settle it).
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { startCheck } from '../../src/commands/start-check.js';
import { findingLine, findingQuestion } from '../../src/features/changes/start-finds.js';
import { openJournal } from '../../src/features/changes/journal-open.js';
import { indexNames } from '../../src/features/changes/window-index.js';
import { captureIo } from '../helpers/command-io.js';

const ROUTER = 'http://127.0.0.1:9';

/** A state directory (XDG_STATE_HOME) and its routersh/ folder. */
function state(): { home: string; dir: string } {
  const home = mkdtempSync(join(tmpdir(), 'routersh-startcheck-'));
  return { home, dir: join(home, 'routersh') };
}

/** A window of journal in `dir` whose guard's process is gone: its file. */
function unguarded(dir: string): string {
  const j = openJournal({ router: ROUTER, user: 'admin' }, { dir });
  j.setWindow({ id: 'w1', deadline: Date.now() + 600_000, state: 'open' }, { by: 'shell' });
  // A pid no process has now: a child's, after it exited.
  j.setGuard('w1', { pid: spawnSync(process.execPath, ['-e', '0']).pid! });
  return j.path!;
}

describe('the start rule', () => {
  it('reads the index directory once and nothing more when it is absent or empty', async () => {
    for (const make of [false, true]) {
      const { home, dir } = state();
      if (make) mkdirSync(join(dir, 'windows'), { recursive: true });
      const reads: string[] = [];
      const names = (d: string) => {
        reads.push(d);
        return indexNames(d);
      };
      const c = captureIo({ XDG_STATE_HOME: home });
      await startCheck(c.io, {}, { names });
      expect(reads).toEqual([dir]);
      expect(c.err()).toBe('');
      expect(existsSync(join(dir, 'journal'))).toBe(false);
    }
  });

  it('in a script: one line on stderr naming the window and the command that settles it', async () => {
    const { home, dir } = state();
    const file = unguarded(dir);
    const c = captureIo({ XDG_STATE_HOME: home });
    await startCheck(c.io);
    expect(c.err()).toBe(
      `routersh: window w1 of ${file} (0 changes to ${ROUTER}) has no guard: its guard process is gone; revert it: routersh undo --journal ${file}\n`,
    );
    expect(c.out()).toBe('');
    // The journal a command settles itself is not said again.
    const own = captureIo({ XDG_STATE_HOME: home });
    await startCheck(own.io, { skip: file });
    expect(own.err()).toBe('');
  });

  it('on a terminal: asks, and no leaves it with the command that settles it', async () => {
    const { home, dir } = state();
    const file = unguarded(dir);
    const c = captureIo({ XDG_STATE_HOME: home });
    c.io.stdin.isTTY = true;
    c.io.stderr.isTTY = true;
    const asked: string[] = [];
    c.io.stderr.on('data', (b: Buffer) => asked.push(String(b)));
    c.input('n\n');
    await startCheck(c.io);
    expect(asked.join('')).toContain(
      `window w1 of ${file} (0 changes to ${ROUTER}) has no guard: its guard process is gone: revert it now? [Y/n] `,
    );
    expect(c.err()).toBe(
      `left as it is: routersh undo --journal ${file} reverts it, routersh confirm --journal … keeps it\n`,
    );
  });
  it('a journal path or router from the index reaches the terminal sanitized, and the command quoted', () => {
    const f = {
      journal: '/s/routersh/journal/a\u001b[2Jb c.jsonl',
      window: 'w\u0007',
      router: 'http://r\u001b]0;x\u0007/',
      deadline: 0,
      status: {
        window: 'w',
        state: 'unguarded' as const,
        deadline: 0,
        pending: 1,
        overdue: false,
        keeperAlive: false,
      },
    };
    for (const text of [findingLine(f), findingQuestion(f)])
      expect(text).not.toMatch(/[\u0000-\u001f\u007f]/);
    expect(findingLine(f)).toMatch(
      /revert it: routersh undo --journal '\/s\/routersh\/journal\/a.*b c\.jsonl'$/,
    );
  });
});
