// Axis ticks fall on round times of the chart's clock (the issue saw 18:45, 19:11, 19:38).
import { afterEach, describe, expect, it } from 'vitest';
import { plotChart } from '../../../src/panes/chart/plot-chart.js';
import { tickInterval, tickLabel, timeTicks } from '../../../src/panes/chart/time-ticks.js';

const MIN = 60_000;
const HOUR = 60 * MIN;
const savedTz = process.env.TZ;
afterEach(() => {
  if (savedTz === undefined) delete process.env.TZ;
  else process.env.TZ = savedTz;
});

const axisLabels = (startMs: number, endMs: number, width: number, utc: boolean) =>
  plotChart({ series: [], width, height: 2, startMs, endMs, utc }).at(-1)!.trim().split(/\s+/);

describe('time ticks', () => {
  it('the issue: 2 h at 110 columns ticks every 10 minutes on the minute', () => {
    const start = Date.UTC(2026, 10, 23, 18, 37, 12);
    const labels = axisLabels(start, start + 2 * HOUR, 110, true);
    expect(labels.slice(0, 4)).toEqual(['18:40', '18:50', '19:00', '19:10']);
    for (const l of labels) expect(l).toMatch(/^\d\d:\d0$/);
  });

  it.each([
    [60 * 1000, 100, 10 * 1000],
    [HOUR, 100, 5 * MIN],
    [6 * HOUR, 100, 30 * MIN],
    [24 * HOUR, 100, 2 * HOUR],
    [7 * 24 * HOUR, 100, 24 * HOUR],
  ])('span %i ms over %i columns → every %i ms', (span, cols, interval) => {
    expect(tickInterval(span, cols, { utc: true })).toBe(interval);
  });

  it('aligns to the local clock: half-hour zones tick on their own round times', () => {
    process.env.TZ = 'Asia/Kolkata'; // UTC+05:30
    const start = Date.UTC(2026, 0, 10, 0, 7); // 05:37 local
    const ticks = timeTicks(start, start + 3 * HOUR, HOUR);
    expect(ticks.map((t) => tickLabel(t, HOUR, 3 * HOUR))).toEqual(['06:00', '07:00', '08:00']);
    expect(axisLabels(start, start + 3 * HOUR, 100, false)[0]).toBe('05:45');
  });

  it('stays on the clock across a DST change', () => {
    process.env.TZ = 'Europe/Berlin'; // 2026-03-29 02:00 → 03:00
    const start = Date.UTC(2026, 2, 28, 20); // 21:00 local
    const ticks = timeTicks(start, start + 12 * HOUR, 3 * HOUR);
    expect(ticks.map((t) => tickLabel(t, 3 * HOUR, 12 * HOUR))).toEqual([
      '21:00',
      '00:00',
      '03:00',
      '06:00',
      '09:00',
    ]);
  });

  it('whole days start at midnight', () => {
    const start = Date.UTC(2026, 0, 1, 13);
    const ticks = timeTicks(start, start + 3 * 24 * HOUR, 24 * HOUR, { utc: true });
    expect(ticks.map((t) => new Date(t).toISOString())).toEqual([
      '2026-01-02T00:00:00.000Z',
      '2026-01-03T00:00:00.000Z',
      '2026-01-04T00:00:00.000Z',
    ]);
  });
});
