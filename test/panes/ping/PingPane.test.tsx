// The ping pane in Ink: results from its source are drawn as they come; `p` stops the source
// (the request under way aborted) and `p` again starts it; `q` closes; at the end of the count
// the source is not started again and the pane says done.
import { createElement } from 'react';
import { describe, expect, it } from 'vitest';
import type { PingResult, PingSource } from '../../../src/contract/panes.js';
import { PingPane } from '../../../src/panes/ping/PingPane.js';
import { renderWithKeys, waitFor, waitForFrame } from '../../helpers/ink.js';

/** A source the test drives: each start is recorded with its callbacks and whether it was stopped. */
function driven() {
  const starts: Array<{ on: Parameters<PingSource['start']>[0]; stopped: boolean }> = [];
  const source: PingSource = {
    start(on) {
      const s = { on, stopped: false };
      starts.push(s);
      return () => {
        s.stopped = true;
      };
    },
  };
  return { source, starts };
}

const at = Date.parse('2026-12-03T10:00:00Z');
const reply = (seq: number, rttMs: number): PingResult => ({
  seq,
  at: at + seq * 1000,
  kind: 'reply',
  rttMs,
});

const pane = (source: PingSource, onClose = () => {}) =>
  createElement(PingPane, {
    source,
    line: 'ping 10.0.0.1 count 3',
    intervalMs: 1000,
    count: 3,
    onClose,
    color: false,
    columns: 80,
    rows: 20,
  });

describe('PingPane', () => {
  it('draws each result; p pauses (stops the source) and resumes (starts it again); q closes', async () => {
    const { source, starts } = driven();
    let closed = 0;
    const r = renderWithKeys(pane(source, () => closed++));
    await waitFor(() => expect(starts).toHaveLength(1));
    starts[0]!.on.result(reply(1, 12.5));
    let f = await waitForFrame(r.lastFrame, (x) => x.includes('1 of 3 sent'));
    expect(f).toContain('rtt min 12.5 avg 12.5 max 12.5 jitter – ms · loss 0/1 (0.0%) · last 12.5 ms');
    r.stdin.write('p');
    f = await waitForFrame(r.lastFrame, (x) => x.includes('paused · p resume  q back'));
    expect(starts[0]!.stopped).toBe(true);
    r.stdin.write('p');
    await waitFor(() => expect(starts).toHaveLength(2));
    starts[1]!.on.result(reply(2, 14.5));
    f = await waitForFrame(r.lastFrame, (x) => x.includes('2 of 3 sent'));
    expect(f).toContain('jitter 2.00 ms');
    r.stdin.write('q');
    expect(closed).toBe(1);
    r.unmount();
    expect(starts[1]!.stopped).toBe(true);
  });

  it('p typed three times in one chunk (fast typing over a slow link): each toggles the state the last left', async () => {
    const { source, starts } = driven();
    const r = renderWithKeys(pane(source));
    await waitFor(() => expect(starts).toHaveLength(1));
    r.stdin.write('ppp'); // pause, resume, pause
    await waitForFrame(r.lastFrame, (x) => x.includes('paused · p resume  q back'));
    expect(starts[0]!.stopped).toBe(true);
    r.stdin.write('pp'); // resume, pause: paused still, the source as it was
    r.stdin.write('p');
    await waitFor(() => expect(starts).toHaveLength(2));
    await waitForFrame(r.lastFrame, (x) => x.includes('p pause  q back'));
    r.unmount();
  });

  it('at the end of the count: done, the source stopped and not started again; p does nothing', async () => {
    const { source, starts } = driven();
    const r = renderWithKeys(pane(source));
    await waitFor(() => expect(starts).toHaveLength(1));
    for (const seq of [1, 2, 3]) starts[0]!.on.result(reply(seq, seq));
    starts[0]!.on.end();
    await waitForFrame(r.lastFrame, (x) => x.includes('done: 3 sent · q back'));
    expect(starts[0]!.stopped).toBe(true);
    r.stdin.write('p');
    await waitForFrame(r.lastFrame, (x) => x.includes('done: 3 sent · q back'));
    expect(starts).toHaveLength(1);
    r.unmount();
  });
});
