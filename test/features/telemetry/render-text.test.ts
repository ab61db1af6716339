import { describe, expect, it } from 'vitest';
import type { Series } from '../../../src/api/telemetry/types.js';
import { renderChartText, renderSummaryTable } from '../../../src/features/telemetry/render-text.js';

const series = (labels: Record<string, string>, values: number[]): Series => ({
  labels,
  samples: values.map((v, i) => ({ t: Date.UTC(2026, 0, 1, 10, i), v, raw: String(v) })),
});

describe('renderChartText', () => {
  it('draws a one-shot chart with title and legend, without colour codes, within the width', () => {
    const text = renderChartText(
      [
        series({ __name__: 'x', customer_id: 'c1' }, [1, 2, 3, 4]),
        series({ __name__: 'x', customer_id: 'c2' }, [4, 3, 2, 1]),
      ],
      { width: 60, height: 6, title: 'x since 4m', utc: true },
    );
    const lines = text.trimEnd().split('\n');
    expect(lines[0]).toBe('x since 4m');
    expect(lines).toHaveLength(1 + 6 + 2 + 1);
    expect(lines.at(-1)).toBe('1:customer_id=c1 ─●─  2:customer_id=c2 ─○─'); // each series its marker
    expect(text).not.toContain('\u001b');
    for (const l of lines) expect(l.length).toBeLessThanOrEqual(60);
    expect(lines[8]).toContain('10:00');
  });

  it('says when nothing matched', () => {
    expect(renderChartText([], { title: 't' })).toBe('t\nno series matched\n');
  });
});

describe('renderSummaryTable', () => {
  it('aligns labels, last, min, max and avg; NaN samples are skipped', () => {
    const text = renderSummaryTable([
      series({ __name__: 'x', customer_id: 'c1' }, [1000, 3000, Number.NaN]),
      series({ __name__: 'x', customer_id: 'c22' }, [0.5, 0.25]),
    ]);
    expect(text).toBe(
      [
        'labels           last   min   max   avg',
        'customer_id=c1     3k    1k    3k    2k',
        'customer_id=c22  250m  250m  500m  375m',
        '',
      ].join('\n'),
    );
  });

  it('shows the full label set for a single series', () => {
    expect(renderSummaryTable([series({ __name__: 'up', job: 'r1' }, [1])])).toContain('up{job="r1"}');
  });
});
