// A pane whose request failed shows the error and never "loading…" beside it — also while it
// retries (the chart's auto-refresh, the monitor's 5 s reads).
import { describe, expect, it } from 'vitest';
import { chartFrame } from '../../src/panes/chart/chart-frame.js';
import { chartReducer, initChartState } from '../../src/panes/chart/chart-reducer.js';
import { logFrame } from '../../src/panes/logs/log-frame.js';
import { initLogState, logReducer } from '../../src/panes/logs/log-reducer.js';
import { monitorFrame } from '../../src/panes/monitor/monitor-frame.js';
import { initMonitorState, monitorReducer } from '../../src/panes/monitor/monitor-reducer.js';

const NOW = Date.UTC(2026, 0, 10, 12);
const frameText = (lines: readonly string[]) => lines.join('\n');

describe('error panes', () => {
  it('chart: the first fetch failed, a refresh is under way', () => {
    let s = initChartState({ sinceMs: 3_600_000 }, NOW);
    s = chartReducer(s, { type: 'loading' });
    s = chartReducer(s, {
      type: 'failed',
      error: { message: 'unsupported function foo', tooLarge: false },
      at: NOW,
    });
    s = chartReducer(s, { type: 'refresh' });
    s = chartReducer(s, { type: 'loading' });
    const text = frameText(
      chartFrame(s, { expression: 'foo(x)', width: 100, height: 20, refreshMs: 10_000, color: false }),
    );
    expect(text).toContain('error: unsupported function foo');
    expect(text).toContain('no data (the error is below; r retries)');
    expect(text).not.toContain('loading');
  });

  it('logs: the search failed (also with facets open)', () => {
    let s = initLogState({ follow: true });
    s = logReducer(s, { type: 'loading' });
    s = logReducer(s, { type: 'toggleFacets' });
    s = logReducer(s, { type: 'failed', message: 'unsupported pipe "stats"', at: NOW });
    const f = logFrame(s, { query: '* | stats', width: 100, height: 20, facetsAvailable: true, utc: true });
    const text = [
      f.title,
      ...f.body.map((r) => r.spans.map((x) => x.text).join('')),
      ...(f.facets ?? []),
      f.status,
    ].join('\n');
    expect(f.status).toMatch(/^error: unsupported pipe "stats" · .*q back$/);
    expect(text).toContain('no log records (the error is below)');
    expect(text).toContain('facets not loaded');
    expect(text).not.toContain('loading');
  });

  it('monitor: a read failed and the next read is under way', () => {
    let s = initMonitorState(NOW);
    s = monitorReducer(s, { type: 'failed', message: 'Match-list nosuch does not exist', at: NOW });
    s = monitorReducer(s, { type: 'loading' });
    const f = monitorFrame(s, { list: 'nosuch', width: 100, height: 20 });
    expect(f.status).toMatch(/^error: Match-list nosuch does not exist · .*q back$/);
    expect(f.title).toBe('monitor match-list nosuch');
    expect(f.title).not.toContain('reading');
  });
});
