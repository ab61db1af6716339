// The prompt's countdown (`[confirm 4m59s]`) as the live prompt shows it: the time left when it
// renders, the same text the line's own prompt gets when it is kept (shell-controller.ts), never
// the text of the last one-second tick (up to a second behind: a kept line said 4m59s, and the
// prompt under it 5m00s).
import { Text } from 'ink';
import { render } from 'ink-testing-library';
import { afterEach, expect, it, vi } from 'vitest';
import type { WindowPort } from '../../src/contract/services.js';
import { windowTag } from '../../src/features/changes/confirm.js';
import { openJournal } from '../../src/features/changes/journal-open.js';
import { useWindowLeft } from '../../src/shell/use-window-left.js';
import { memorySink } from '../helpers/memory-sink.js';

afterEach(() => vi.useRealTimers());

/** Past Ink's frame throttle (real timers: only the clock and the tick are faked). */
const drawn = () => new Promise((r) => setTimeout(r, 60));

function Left({ port }: { port: WindowPort }) {
  return <Text>{useWindowLeft(port) ?? 'no window'}</Text>;
}

it('shows the time left at each render, not at the last tick', async () => {
  vi.useFakeTimers({ toFake: ['setInterval', 'clearInterval', 'Date'], now: 0 });
  const journal = openJournal({ router: 'http://r1', user: 'admin' }, memorySink());
  const none = () => Promise.reject(new Error('not in this test'));
  // The session's port (session/shell-ports.ts) over this journal.
  const port: WindowPort = {
    tag: (now) => windowTag(journal, now),
    guarded: () => false,
    unguarded: () => false,
    settleHint: () => '',
    revertNow: none,
    confirmNow: none,
  };
  const r = render(<Left port={port} />);
  await drawn(); // its effect starts the one-second tick at 0
  expect(r.lastFrame()).toBe('no window');
  // Opened half a second in: the tick at 1 s sees 299.5 s left, "5m00s".
  vi.advanceTimersByTime(500);
  journal.setWindow({ id: 'w1', deadline: 500 + 300_000, state: 'open' });
  vi.advanceTimersByTime(500);
  await drawn();
  expect(r.lastFrame()).toBe('confirm 5m00s');
  // 0.9 s later a line is kept (its prompt: 4m59s) and the prompt under it is drawn again.
  vi.advanceTimersByTime(900);
  r.rerender(<Left port={port} />);
  await drawn();
  expect(r.lastFrame()).toBe('confirm 4m59s');
  r.unmount();
});
