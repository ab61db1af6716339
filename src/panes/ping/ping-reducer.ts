// State of the ping pane (`ping … | graph`): the latest round-trip times for the plot, and the
// whole run's figures as mtr keeps them: sent, lost, min/avg/max, and jitter as the mean
// absolute difference of consecutive replies' times (mtr's and gping's jitter; a loss between
// two replies does not reset it). Pure.
import type { PingResult } from '../../contract/panes.js';

/** One request on the plot: its time and round trip, null when it got no reply. */
export interface PingSample {
  at: number;
  rttMs: number | null;
}

export interface PingState {
  /** The latest samples, oldest first: at most MAX_SAMPLES (wider than any screen). */
  samples: readonly PingSample[];
  /** Answers so far: replies, losses and answers that could not be read. */
  sent: number;
  received: number;
  lost: number;
  unparsed: number;
  minMs: number | null;
  maxMs: number | null;
  sumMs: number;
  jitterSumMs: number;
  jitterN: number;
  lastRttMs: number | null;
  /** The latest answer worth a line: why a request was lost, or an answer not read. */
  note: { seq: number; kind: 'lost' | 'unparsed'; text: string } | null;
  paused: boolean;
  /** The count is sent: no more requests. */
  done: boolean;
  /** The latest answer's time: the plot's right edge (it stays put while paused). */
  lastAt: number | null;
}

export type PingAction = { type: 'result'; result: PingResult } | { type: 'pause' } | { type: 'end' };

export const MAX_SAMPLES = 1000;

export const initPingState = (): PingState => ({
  samples: [],
  sent: 0,
  received: 0,
  lost: 0,
  unparsed: 0,
  minMs: null,
  maxMs: null,
  sumMs: 0,
  jitterSumMs: 0,
  jitterN: 0,
  lastRttMs: null,
  note: null,
  paused: false,
  done: false,
  lastAt: null,
});

const keep = (samples: readonly PingSample[], s: PingSample): PingSample[] =>
  samples.length >= MAX_SAMPLES ? [...samples.slice(samples.length - MAX_SAMPLES + 1), s] : [...samples, s];

function withResult(s: PingState, r: PingResult): PingState {
  const base = { ...s, sent: s.sent + 1, lastAt: Math.max(s.lastAt ?? r.at, r.at) };
  if (r.kind === 'unparsed')
    return { ...base, unparsed: s.unparsed + 1, note: { seq: r.seq, kind: 'unparsed', text: r.text } };
  if (r.kind === 'lost')
    return {
      ...base,
      lost: s.lost + 1,
      samples: keep(s.samples, { at: r.at, rttMs: null }),
      note: { seq: r.seq, kind: 'lost', text: r.why },
    };
  const ms = r.rttMs;
  const jitter =
    s.lastRttMs === null
      ? {}
      : { jitterSumMs: s.jitterSumMs + Math.abs(ms - s.lastRttMs), jitterN: s.jitterN + 1 };
  return {
    ...base,
    ...jitter,
    received: s.received + 1,
    samples: keep(s.samples, { at: r.at, rttMs: ms }),
    minMs: s.minMs === null ? ms : Math.min(s.minMs, ms),
    maxMs: s.maxMs === null ? ms : Math.max(s.maxMs, ms),
    sumMs: s.sumMs + ms,
    lastRttMs: ms,
  };
}

export function pingReducer(s: PingState, a: PingAction): PingState {
  switch (a.type) {
    case 'result':
      return withResult(s, a.result);
    case 'pause':
      return s.done ? s : { ...s, paused: !s.paused };
    case 'end':
      return s.done ? s : { ...s, done: true, paused: false };
  }
}

/** The figures the pane shows; null where there is nothing to say yet. */
export function pingStats(s: PingState): {
  avgMs: number | null;
  jitterMs: number | null;
  /** Lost out of those answered either way (answers not read are neither). */
  lossPercent: number | null;
} {
  const answered = s.received + s.lost;
  return {
    avgMs: s.received ? s.sumMs / s.received : null,
    jitterMs: s.jitterN ? s.jitterSumMs / s.jitterN : null,
    lossPercent: answered ? (100 * s.lost) / answered : null,
  };
}
