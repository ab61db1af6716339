// Without colour (NO_COLOR, the plain chart) series are told apart by their own marker, drawn
// on their line and shown in the legend; with colour nothing changes.
import { stripVTControlCharacters } from 'node:util';
import { describe, expect, it } from 'vitest';
import type { Series } from '../../../src/api/telemetry/types.js';
import { chartFrame } from '../../../src/panes/chart/chart-frame.js';
import { chartReducer, initChartState } from '../../../src/panes/chart/chart-reducer.js';
import { SERIES_MARKERS } from '../../../src/term/chart/legend.js';
import { plotChart } from '../../../src/term/chart/plot-chart.js';

const HOUR = 3_600_000;
const flat = (labels: Record<string, string>, v: number): Series => ({
  labels,
  samples: Array.from({ length: 61 }, (_, i) => ({ t: i * 60_000, v, raw: String(v) })),
});
const three = [
  flat({ grp: 'business' }, 100),
  flat({ grp: 'residential' }, 50),
  flat({ grp: 'wholesale' }, 10),
];

function frame(color: boolean): string {
  let s = initChartState({ startMs: 0, endMs: HOUR }, HOUR);
  s = chartReducer(s, {
    type: 'loaded',
    data: { series: three, stepSeconds: 60, startMs: 0, endMs: HOUR },
    at: HOUR,
  });
  return stripVTControlCharacters(
    chartFrame(s, { expression: 'x', width: 90, height: 20, refreshMs: 0, color, utc: true }).join('\n'),
  );
}

describe('series markers', () => {
  it('the markers are distinct', () => {
    expect(new Set(SERIES_MARKERS).size).toBe(SERIES_MARKERS.length);
  });

  it('plain plot: each series carries its own marker on its own row', () => {
    const rows = plotChart({
      series: three,
      width: 80,
      height: 11,
      startMs: 0,
      endMs: HOUR,
      markers: SERIES_MARKERS,
    });
    const rowOf = (m: string) => rows.findIndex((r) => r.includes(m));
    expect(rowOf('●')).toBeGreaterThanOrEqual(0);
    expect(rows[rowOf('●')]).toMatch(/^ +100 ┤/);
    expect(rowOf('○')).toBeGreaterThan(rowOf('●'));
    expect(rows[rowOf('×')]).toMatch(/^ +10 ┤/);
    expect(rows[rowOf('●')]!.split('●').length - 1).toBeGreaterThanOrEqual(8);
  });

  it('NO_COLOR pane: the legend shows the marker drawn in the plot', () => {
    const f = frame(false);
    expect(f).toContain('1:grp=business ─●─');
    expect(f).toContain('2:grp=residential ─○─');
    expect(f).toContain('3:grp=wholesale ─×─');
    expect(f).toMatch(/┤.*●/);
    expect(f).toMatch(/┤.*○/);
  });

  it('in colour the pane keeps plain lines', () => {
    const f = frame(true);
    expect(f).toContain('1:grp=business ─]  2:grp=residential ─  3:grp=wholesale ─');
    expect(f).not.toMatch(/[●○×]/);
  });
});
