// Leaving the shell with a window open (shell-window.ts leaveShell), over a real journal: "leave
// it running" is offered only while the window's guard lives and its end is ahead (issue 37: with
// the guard dead, Ctrl-D offered `l leave it running until 18:29:47` after that time). Past the end
// with a live guard, nothing is asked; an `l` answered after the guard went asks again.
import { describe, expect, it } from 'vitest';
import type { WindowPort } from '../../src/contract/services.js';
import { openJournal } from '../../src/features/changes/journal-open.js';
import { leaveShell } from '../../src/shell/shell-window.js';
import { memorySink } from '../helpers/memory-sink.js';
import { stubServices } from '../helpers/services.js';

function rig(deadline: number, guard: { alive: boolean; gone: boolean }) {
  const journal = openJournal({ router: 'http://r1', user: 'admin' }, memorySink());
  journal.setWindow({ id: 'w1', deadline, state: 'open' });
  const did: string[] = [];
  const windows: WindowPort = {
    tag: () => undefined,
    guarded: () => guard.alive,
    unguarded: () => guard.gone,
    settleHint: () => 'hint',
    revertNow: async () => {
      did.push('revert');
    },
    confirmNow: async () => {
      did.push('confirm');
      return { kind: 'empty' };
    },
  };
  const services = stubServices({ journal: { open: async () => journal, opened: () => journal }, windows });
  const asked: string[] = [];
  const said: string[] = [];
  return { services, asked, said, did };
}

describe('leaving the shell with a window open', () => {
  it('past its end with a live guard: nothing is asked, the guard is reverting', async () => {
    const r = rig(Date.now() - 5_000, { alive: true, gone: false });
    let exited = false;
    await leaveShell(
      r.services,
      async (q) => {
        r.asked.push(q);
        return 'l';
      },
      (t) => r.said.push(t),
      () => {
        exited = true;
      },
    );
    expect(r.asked).toEqual([]);
    expect(r.said).toEqual([
      expect.stringMatching(/^window w1 ended at \d\d:\d\d:\d\d: its guard is reverting its changes$/),
    ]);
    expect(exited).toBe(true);
  });

  it('its guard gone: only revert or keep, revert the default', async () => {
    const r = rig(Date.now() + 60_000, { alive: false, gone: true });
    const fallbacks: string[] = [];
    await leaveShell(
      r.services,
      async (q, letters, fallback) => {
        r.asked.push(`${q} ${letters.join('')}`);
        fallbacks.push(fallback);
        return fallback;
      },
      (t) => r.said.push(t),
      () => {},
    );
    expect(r.asked).toEqual([
      'window open, its guard is gone and nothing reverts it after this shell: r revert now · k keep (confirm) [R/k] rk',
    ]);
    expect(fallbacks).toEqual(['r']);
    expect(r.did).toEqual(['revert']);
  });

  it('an `l` answered after the guard went asks again, without `l`', async () => {
    const guard = { alive: true, gone: false };
    const r = rig(Date.now() + 60_000, guard);
    const answers = ['l', 'k'];
    await leaveShell(
      r.services,
      async (q) => {
        r.asked.push(q);
        // The guard is SIGKILLed while the question waits for its key.
        Object.assign(guard, { alive: false, gone: true });
        return answers.shift()!;
      },
      (t) => r.said.push(t),
      () => {},
    );
    expect(r.asked).toHaveLength(2);
    expect(r.asked[0]).toMatch(/l leave it running until/);
    expect(r.asked[1]).toMatch(/its guard is gone .* \[R\/k\]$/);
    expect(r.did).toEqual(['confirm']);
  });
});
