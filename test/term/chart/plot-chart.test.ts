import { describe, expect, it } from 'vitest';
import type { Series } from '../../../src/api/telemetry/types.js';
import { Y_AXIS_WIDTH, plotChart } from '../../../src/term/chart/plot-chart.js';
import { differingLabels, layoutLegend } from '../../../src/term/chart/legend.js';

const series = (labels: Record<string, string>, f: (i: number) => number, n = 60): Series => ({
  labels,
  samples: Array.from({ length: n }, (_, i) => ({ t: i * 60_000, v: f(i), raw: '' })),
});
const range = { startMs: 0, endMs: 3_600_000, utc: true };

describe('plotChart', () => {
  it('has height plot rows plus two axis lines, none wider than width', () => {
    const out = plotChart({
      series: [series({}, (i) => Math.sin(i / 5) * 1e6)],
      width: 70,
      height: 10,
      ...range,
    });
    expect(out).toHaveLength(12);
    for (const l of out) expect(l.length).toBeLessThanOrEqual(70);
    expect(out[0]).toMatch(/^ {6}1M ┤/);
    expect(out[10]).toMatch(/^ {9}└┬─{9}┬─+/);
    expect(out[11]).toMatch(/^ {10}00:00 {5}00:10 {5}00:20/); // round times, not every 8 columns
  });

  it('draws a gap for NaN samples (asciichart never sees them)', () => {
    const out = plotChart({
      series: [series({}, (i) => (i >= 20 && i < 30 ? Number.NaN : 7))],
      width: Y_AXIS_WIDTH + 60,
      height: 5,
      stepMs: 60_000,
      ...range,
    });
    const row = out.find((l) => l.includes('─') && !l.includes('└'))!;
    expect(row.slice(Y_AXIS_WIDTH)).toMatch(/^─{20} {10}─{30}$/);
  });

  it('labels a flat series and colours runs when colours are given', () => {
    const out = plotChart({
      series: [series({}, () => 0.78)],
      width: 50,
      height: 3,
      colors: ['\u001b[34m'],
      ...range,
    });
    // Flat: one row holds the whole line, labelled on round numbers around it.
    expect(out.slice(0, 3).filter((l) => l.includes('─')).length).toBe(1);
    expect(out.join('\n')).toMatch(/ 1 ┤|500m ┤/);
    expect(out.join('\n')).toContain('\u001b[34m─');
  });

  it('says so when there is nothing to draw', () => {
    const out = plotChart({ series: [], width: 60, height: 5, ...range });
    expect(out.join('\n')).toContain('no data points in range');
    expect(out).toHaveLength(7);
  });

  it('labels whole days MM-DD beyond two days', () => {
    const out = plotChart({ series: [], width: 60, height: 3, startMs: 0, endMs: 3 * 86_400_000, utc: true });
    expect(out.at(-1)).toMatch(/01-01 +01-02 +01-03/);
  });
});

describe('legend', () => {
  it('keeps only the labels that differ', () => {
    const s = [
      series({ __name__: 'pkts_down', customer_id: 'c17', grp: 'g' }, () => 1),
      series({ __name__: 'pkts_down', customer_id: 'c18', grp: 'g' }, () => 1),
    ];
    expect(differingLabels(s)).toEqual(['customer_id=c17', 'customer_id=c18']);
  });

  it('sanitizes label text from the server', () => {
    expect(differingLabels([series({ a: 'x\u001b[2Jy\u0007' }, () => 1)])).toEqual(['a=xy^G']);
  });

  it('packs items into the allowed lines with a +N more marker', () => {
    const items = Array.from({ length: 30 }, (_, index) => ({
      index,
      text: `customer_id=c${index}`,
      hidden: false,
    }));
    const lines = layoutLegend(items, 80, 2);
    expect(lines).toHaveLength(2);
    expect(lines[1]!.at(-1)!.text).toMatch(/^\+\d+ more$/);
  });
});
