// The ping pane's figures as mtr keeps them (min/avg/max, jitter as the mean absolute difference
// of consecutive replies, loss of those answered), pause and the end of the count, and the frame:
// exactly `height` lines, none wider than the screen, losses marked, router text sanitized.
import { describe, expect, it } from 'vitest';
import type { PingResult } from '../../../src/contract/panes.js';
import { pingFrame } from '../../../src/panes/ping/ping-frame.js';
import {
  initPingState,
  MAX_SAMPLES,
  type PingState,
  pingReducer,
  pingStats,
} from '../../../src/panes/ping/ping-reducer.js';
import { displayWidth } from '../../../src/term/text-width.js';

const T0 = Date.parse('2026-12-03T10:00:00Z');
let seq = 0;
const reply = (rttMs: number): PingResult => ({ seq: ++seq, at: T0 + seq * 1000, kind: 'reply', rttMs });
const lost = (why = '100% packet loss'): PingResult => ({
  seq: ++seq,
  at: T0 + seq * 1000,
  kind: 'lost',
  why,
});
const unread = (text: string): PingResult => ({ seq: ++seq, at: T0 + seq * 1000, kind: 'unparsed', text });
const run = (...rs: PingResult[]): PingState =>
  rs.reduce((s, result) => pingReducer(s, { type: 'result', result }), initPingState());

describe('pingReducer', () => {
  it('keeps min/avg/max, jitter over consecutive replies (a loss between does not reset it), loss', () => {
    const s = run(reply(10), reply(14), lost(), reply(11), unread('?'), reply(11));
    expect(s).toMatchObject({ sent: 6, received: 4, lost: 1, unparsed: 1, minMs: 10, maxMs: 14 });
    const st = pingStats(s);
    expect(st.avgMs).toBe(11.5);
    // |14−10|, |11−14|, |11−11| → 7/3
    expect(st.jitterMs).toBeCloseTo(7 / 3, 10);
    expect(st.lossPercent).toBe(20); // 1 of the 5 answered either way; the unread one is neither
    expect(s.samples.map((x) => x.rttMs)).toEqual([10, 14, null, 11, 11]);
    expect(s.note).toEqual({ seq: expect.any(Number), kind: 'unparsed', text: '?' });
  });

  it('says nothing before a reply; a first reply has no jitter', () => {
    expect(pingStats(initPingState())).toEqual({ avgMs: null, jitterMs: null, lossPercent: null });
    expect(pingStats(run(reply(3)))).toEqual({ avgMs: 3, jitterMs: null, lossPercent: 0 });
  });

  it('p toggles the pause; the end of the count stops for good', () => {
    const paused = pingReducer(initPingState(), { type: 'pause' });
    expect(paused.paused).toBe(true);
    expect(pingReducer(paused, { type: 'pause' }).paused).toBe(false);
    const done = pingReducer(paused, { type: 'end' });
    expect(done).toMatchObject({ done: true, paused: false });
    expect(pingReducer(done, { type: 'pause' })).toBe(done);
  });

  it('keeps at most MAX_SAMPLES for the plot, the figures over the whole run', () => {
    const many = Array.from({ length: MAX_SAMPLES + 5 }, (_, i) => reply(i));
    const s = run(...many);
    expect(s.samples).toHaveLength(MAX_SAMPLES);
    expect(s.samples[0]!.rttMs).toBe(5);
    expect(s.minMs).toBe(0);
    expect(s.received).toBe(MAX_SAMPLES + 5);
  });
});

describe('pingFrame', () => {
  const opts = { line: 'ping 10.0.0.1', intervalMs: 1000, width: 80, height: 23, color: false };

  it('is exactly `height` lines, none wider than the screen, at every size', () => {
    const s = run(reply(1.5), lost(), reply(2.25), unread('x'.repeat(300)));
    for (const [width, height] of [
      [80, 23],
      [40, 10],
      [200, 50],
      [20, 5],
      [12, 3],
    ] as const) {
      const lines = pingFrame(s, { ...opts, width, height });
      expect(lines).toHaveLength(height);
      for (const l of lines) expect(displayWidth(l)).toBeLessThanOrEqual(Math.max(width, 11));
    }
  });

  it('shows the figures, the loss under its column, the latest note sanitized, and the keys', () => {
    const s = run(
      reply(1.5),
      lost('From 10.0.0.2 \u001b]0;owned\u0007Destination Host Unreachable'),
      reply(2.5),
    );
    const lines = pingFrame(s, { ...opts, count: 10 });
    const text = lines.join('\n');
    expect(lines[0]).toBe('ping 10.0.0.1 | graph · every 1s · 3 of 10 sent · round trip (s)');
    expect(text).toContain('rtt min 1.50 avg 2.00 max 2.50 jitter 1.00 ms · loss 1/3 (33.3%) · last 2.50 ms');
    expect(text).toMatch(/#\d+ no reply: From 10\.0\.0\.2 Destination Host Unreachable/);
    expect(text).not.toMatch(/\u001b|\u0007/);
    const lossRow = lines.find((l) => l.trimStart().startsWith('lost'))!;
    expect(lossRow.match(/×/g)).toHaveLength(1);
    expect(lossRow.indexOf('×')).toBe(78); // the column before the last (the latest reply's)
    expect(lines.at(-1)).toBe('live · a ping every 1s · p pause  q back');
    expect(pingFrame(pingReducer(s, { type: 'pause' }), opts).at(-1)).toBe('paused · p resume  q back');
    expect(pingFrame(pingReducer(s, { type: 'end' }), opts).at(-1)).toBe('done: 3 sent · q back');
  });

  it('before any answer: no reply yet, nothing plotted', () => {
    const text = pingFrame(initPingState(), opts).join('\n');
    expect(text).toContain('rtt – (no reply yet) · loss –');
    expect(text).toContain('no data points in range');
  });
});
