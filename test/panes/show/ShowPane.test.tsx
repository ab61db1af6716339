// The `| refresh` pane: its first read at open (or the output it was opened with), a read never
// overlapping the one before, keys that act while a read is pending, router text sanitized,
// errors shown in place with the last output kept, scrolling within the output.
import { createElement } from 'react';
import { describe, expect, it } from 'vitest';
import { ShowPane } from '../../../src/panes/show/ShowPane.js';
import { initShowState, showReducer } from '../../../src/panes/show/show-reducer.js';
import type { ShowSource } from '../../../src/contract/show.js';
import { KEYS, renderWithKeys, waitFor, waitForFrame } from '../../helpers/ink.js';

/** A source whose reads wait until the test answers them. */
function pending() {
  const reads: Array<{ resolve: (t: string) => void; reject: (e: Error) => void }> = [];
  const source: ShowSource = {
    read: () => new Promise<string>((resolve, reject) => reads.push({ resolve, reject })),
  };
  return { source, reads };
}

const pane = (source: ShowSource, o: { first?: string; onClose?: () => void; height?: number } = {}) =>
  createElement(ShowPane, {
    source,
    line: 'show interface',
    everySeconds: 3600,
    first: o.first,
    onClose: o.onClose ?? (() => {}),
    color: false,
    width: 60,
    height: o.height ?? 8,
    now: () => Date.parse('2026-11-25T10:00:00Z'),
  });

describe('ShowPane', () => {
  it('reads at open; keys act while the read is pending; no second read overlaps it', async () => {
    const { source, reads } = pending();
    let closed = 0;
    const r = renderWithKeys(pane(source, { onClose: () => closed++ }));
    await waitFor(() => expect(reads).toHaveLength(1));
    await waitForFrame(r.lastFrame, (f) => /every 3600s: show interface {2}· {2}reading…/.test(f));
    r.stdin.write('r'); // a refresh asked for while one runs: skipped
    await new Promise((res) => setTimeout(res, 20));
    expect(reads).toHaveLength(1);
    reads[0]!.resolve('eth0 UP\n\u001b]0;title\u0007eth1 \u001b[31mDOWN\n');
    const f = await waitForFrame(r.lastFrame, (s) => s.includes('eth1'));
    expect(f).not.toMatch(/\u001b|\u0007/);
    expect(f).toMatch(/last \d\d:\d\d:\d\d/);
    r.stdin.write('r');
    await waitFor(() => expect(reads).toHaveLength(2));
    r.stdin.write('q'); // while the second read is pending
    expect(closed).toBe(1);
    r.unmount();
  });

  it('shows an error in place, keeping the last output; the next read clears it', async () => {
    const { source, reads } = pending();
    const r = renderWithKeys(pane(source, { first: 'eth0 UP\n' }));
    await waitForFrame(r.lastFrame, (f) => f.includes('eth0 UP'));
    expect(reads).toHaveLength(0); // opened with the output: the first read is a refresh away
    r.stdin.write('r');
    await waitFor(() => expect(reads).toHaveLength(1));
    reads[0]!.reject(new Error('router rejected the request (HTTP 500)'));
    const f = await waitForFrame(r.lastFrame, (s) => s.includes('HTTP 500'));
    expect(f).toMatch(/eth0 UP/);
    r.stdin.write('r');
    await waitFor(() => expect(reads).toHaveLength(2));
    reads[1]!.resolve('eth0 DOWN\n');
    await waitForFrame(r.lastFrame, (s) => s.includes('eth0 DOWN') && !s.includes('HTTP 500'));
    r.unmount();
  });

  it('scrolls an output longer than the pane', async () => {
    const text = Array.from({ length: 30 }, (_, i) => `row ${i}`).join('\n');
    const r = renderWithKeys(pane(pending().source, { first: text, height: 6 }));
    await waitForFrame(r.lastFrame, (f) => f.includes('row 0') && f.includes('1-4 of 30'));
    r.stdin.write(KEYS.down);
    await waitForFrame(r.lastFrame, (s) => s.includes('2-5 of 30') && !s.includes('row 0'));
    r.stdin.write(KEYS.pageDown);
    await waitForFrame(r.lastFrame, (s) => s.includes('5-8 of 30'));
    r.unmount();
  });
});

describe('showReducer', () => {
  it('keeps the scroll within the new output when it shrinks', () => {
    let s = showReducer(initShowState('a\nb\nc\nd\ne\nf', 0), { type: 'viewport', rows: 2 });
    s = showReducer(s, { type: 'scroll', by: 10 });
    expect(s.top).toBe(4);
    s = showReducer(s, { type: 'loaded', text: 'a\nb\nc', at: 1 });
    expect(s.top).toBe(1);
    expect(s.reads).toBe(2);
  });
});
