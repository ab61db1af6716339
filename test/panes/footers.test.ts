// Issue 18: at 80 columns every pane's footer fits, and wherever `q` goes back it says so —
// the least needed keys go first, then the status is cut, never `q back`. The chart's title
// keeps its range and step and cuts a long expression instead.
import { describe, expect, it } from 'vitest';
import type { Series } from '../../src/api/telemetry/types.js';
import { chartFrame } from '../../src/panes/chart/chart-frame.js';
import { chartReducer, initChartState } from '../../src/panes/chart/chart-reducer.js';
import { logFrame } from '../../src/panes/logs/log-frame.js';
import { initLogState, logReducer } from '../../src/panes/logs/log-reducer.js';
import { monitorFrame } from '../../src/panes/monitor/monitor-frame.js';
import { initMonitorState, monitorReducer } from '../../src/panes/monitor/monitor-reducer.js';
import { displayWidth } from '../../src/term/text-width.js';

const NOW = Date.UTC(2026, 0, 10, 12);
const W = 80;
const LONG = 'the telemetry API answered HTTP 503 (service or provider unavailable); retrying in 4 s';

const series = (n: number): Series[] =>
  Array.from({ length: n }, (_, k) => ({
    labels: { __name__: 'pkts_down', customer_id: `c${k}` },
    samples: Array.from({ length: 30 }, (_, i) => ({ t: NOW - 3_600_000 + i * 120_000, v: k + i, raw: '' })),
  }));

function chartStates() {
  const start = initChartState({ sinceMs: 3_600_000 }, NOW);
  const loaded = (n: number) =>
    chartReducer(start, {
      type: 'loaded',
      data: { series: series(n), stepSeconds: 120, startMs: NOW - 3_600_000, endMs: NOW },
      at: NOW,
    });
  return {
    'one series': loaded(1),
    'many series': loaded(25),
    paused: chartReducer(loaded(25), { type: 'togglePause' }),
    error: chartReducer(start, { type: 'failed', error: { message: LONG, tooLarge: false }, at: NOW }),
    'too large': chartReducer(start, { type: 'failed', error: { message: LONG, tooLarge: true }, at: NOW }),
  };
}

describe('footers at 80 columns keep `q back`', () => {
  for (const [name, s] of Object.entries(chartStates())) {
    it(`chart: ${name}`, () => {
      const lines = chartFrame(s, {
        expression: 'sum by (grp) (rate(pkts_down{grp=~"business|residential|wholesale"}[5m]))',
        width: W,
        height: 23,
        refreshMs: 10_000,
        color: false,
      });
      for (const l of lines) expect(displayWidth(l), l).toBeLessThanOrEqual(W);
      expect(lines.at(-1)).toMatch(/ q back$/);
      // The title cuts the expression, never the range.
      expect(lines[0]).toMatch(/^sum by \(grp\) .*… · last 1h \(live\)/);
    });
  }

  it('chart: a too-large result still offers c', () => {
    const s = chartStates()['too large'];
    const last = chartFrame(s, { expression: 'x', width: W, height: 23, refreshMs: 10_000, color: false }).at(
      -1,
    )!;
    expect(last).toMatch(/^press c for a coarser step · error: .* q back$/);
  });

  it.each([
    ['following', () => initLogState({ follow: true })],
    [
      'an error',
      () => logReducer(initLogState({ follow: true }), { type: 'failed', message: LONG, at: NOW }),
    ],
    [
      'a note and skipped records',
      () =>
        logReducer(logReducer(initLogState({ follow: true }), { type: 'skipped', count: 123_456 }), {
          type: 'note',
          text: 'no chart: map a field of the record to a metric with "paneLinks" in the profile',
        }),
    ],
    [
      'the fields of a record',
      () => logReducer(initLogState({ follow: true }), { type: 'detail', open: true }),
    ],
  ])('logs: %s', (_name, make) => {
    const f = logFrame(make(), {
      query: 'level:error',
      width: W,
      height: 23,
      facetsAvailable: true,
      utc: true,
    });
    expect(displayWidth(f.status), f.status).toBeLessThanOrEqual(W);
    expect(f.status).toMatch(/q back$/);
  });

  it.each([
    [
      'a long notice',
      () =>
        monitorReducer(initMonitorState(NOW), {
          type: 'removed',
          address: '198.51.100.0/24',
          message:
            'Entry 198.51.100.0/24 removed from blacklist; the feed may add it again at its next round',
        }),
    ],
    ['an error', () => monitorReducer(initMonitorState(NOW), { type: 'failed', message: LONG, at: NOW })],
  ])('monitor: %s', (_name, make) => {
    const f = monitorFrame(make(), { list: 'blacklist', width: W, height: 23 });
    expect(displayWidth(f.status), f.status).toBeLessThanOrEqual(W);
    expect(f.status).toMatch(/ q back$/);
  });
});
