// Pane key tables: q, Esc and Ctrl-C leave either pane; other Ctrl keys do nothing unless bound.
import { describe, expect, it } from 'vitest';
import { matchChartKey } from '../../src/panes/chart/chart-keys.js';
import { matchLogKey } from '../../src/panes/logs/log-keys.js';

describe('pane keys', () => {
  it('q, Esc and Ctrl-C close the chart', () => {
    expect(matchChartKey('q', {})).toBe('chart.close');
    expect(matchChartKey('', { escape: true })).toBe('chart.close');
    expect(matchChartKey('c', { ctrl: true })).toBe('chart.close');
    expect(matchChartKey('c', {})).toBe('chart.coarser');
    expect(matchChartKey('x', { ctrl: true })).toBeUndefined();
  });

  it('q, Esc and Ctrl-C close the log pane; Ctrl-B/F page', () => {
    expect(matchLogKey('q', {}, false)).toBe('close');
    expect(matchLogKey('', { escape: true }, false)).toBe('close');
    expect(matchLogKey('c', { ctrl: true }, false)).toBe('close');
    expect(matchLogKey('b', { ctrl: true }, false)).toEqual({ type: 'page', direction: -1 });
    // While the `/` prompt is open, q is a letter.
    expect(matchLogKey('q', {}, true)).toEqual({ type: 'promptInput', text: 'q' });
  });
});
