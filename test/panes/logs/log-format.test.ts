import { describe, expect, it } from 'vitest';
import {
  barRows,
  histogramStrip,
  renderHistogramText,
  toColumns,
} from '../../../src/term/histogram-strip.js';
import { highlightSpans, layoutLine, paneLine } from '../../../src/panes/logs/log-format.js';
import { renderLogLine } from '../../../src/term/log-fields.js';

describe('renderLogLine', () => {
  it('prints time, level, service, message, then the other fields as k=v', () => {
    expect(
      renderLogLine({
        _time: '2026-01-10T12:00:00.123456789Z',
        level: 'warning',
        service_name: 'bgpd',
        _msg: 'peer down',
        peer: '10.0.0.1',
        reason: 'hold timer',
        n: 3,
      }),
    ).toBe('2026-01-10T12:00:00.123456789Z warning bgpd peer down peer=10.0.0.1 reason="hold timer" n=3');
  });

  it('cannot drive the terminal', () => {
    const line = renderLogLine({ _time: 't', message: 'a\u001b]0;pwned\u0007b\nc\u009bd' });
    expect(line).toBe('t ab c\\x9bd');
  });
});

describe('pane lines', () => {
  it('uses hh:mm:ss.mmm, upper-case level and splits highlights case-insensitively', () => {
    const line = paneLine(
      {
        _time: '2026-01-10T12:00:01.5Z',
        level: 'error',
        service_name: 's',
        message: 'Error here, error there',
      },
      'error',
      {
        utc: true,
      },
    );
    expect(line.levelClass).toBe('error');
    expect(line.spans.map((s) => s.text).join('')).toBe('12:00:01.500 ERROR s Error here, error there');
    expect(line.spans.filter((s) => s.style === 'match').map((s) => s.text)).toEqual(['Error', 'error']);
  });

  it('wraps or truncates to the width', () => {
    const line = { spans: highlightSpans('x'.repeat(25), ''), levelClass: 'other' as const };
    expect(layoutLine(line, 10, false)).toHaveLength(1);
    expect(layoutLine(line, 10, true).map((r) => r.map((s) => s.text).join(''))).toEqual([
      'x'.repeat(10),
      'x'.repeat(10),
      'xxxxx',
    ]);
  });
});

describe('histogram', () => {
  it('resamples counts to columns and draws zero as blank', () => {
    expect(toColumns([1, 2, 3, 4], 2)).toEqual([3, 7]);
    expect(toColumns([1, 2], 4)).toEqual([1, 1, 2, 2]);
    expect(barRows([0, 1, 4, 8], 1)).toEqual([' ▁▄█']);
    expect(barRows([0, 8, 16], 2)).toEqual(['  █', ' ██']);
  });

  it('sums groups into a strip exactly as wide as asked', () => {
    const strip = histogramStrip(
      [
        { fields: { level: 'info' }, timestamps: [0, 1, 2], values: [1, 0, 2], total: 3 },
        { fields: { level: 'error' }, timestamps: [0, 1, 2], values: [1, 0, 2], total: 3 },
      ],
      6,
      1,
    );
    expect(strip).toEqual(['▄▄  ██']);
  });

  it('renders plain text per group with a time range', () => {
    const text = renderHistogramText(
      [{ fields: { level: 'error' }, timestamps: [0, 60_000, 120_000], values: [0, 5, 10], total: 15 }],
      30,
      { utc: true },
    );
    expect(text).toBe(
      [
        'level=error  total 15  max 10 per bucket',
        '          ▄▄▄▄▄▄▄▄▄▄██████████',
        '00:00                    00:02',
        '',
      ].join('\n'),
    );
    expect(renderHistogramText([], 30)).toBe('no log records in range\n');
  });
});
