// Axis ticks fall on round times of the chart's clock (the issue saw 18:45, 19:11, 19:38).
import fc from 'fast-check';
import { afterEach, describe, expect, it } from 'vitest';
import { plotChart } from '../../../src/term/chart/plot-chart.js';
import { TICK_INTERVALS, tickInterval, tickLabel, timeTicks } from '../../../src/term/chart/time-ticks.js';

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

  // The oracle: every tick from the day's clock fields, as the zone answers them (what the
  // code did for every day before a 24-hour day on one offset became midnight + time of day).
  const byClockFields = (startMs: number, endMs: number, interval: number): number[] => {
    const out: number[] = [];
    const day = new Date(startMs);
    day.setHours(0, 0, 0, 0);
    for (; day.getTime() <= endMs; day.setDate(day.getDate() + 1))
      for (let tod = 0; tod < 24 * HOUR; tod += interval) {
        const h = Math.floor(tod / HOUR);
        const t = new Date(
          day.getFullYear(),
          day.getMonth(),
          day.getDate(),
          h,
          Math.floor((tod % HOUR) / MIN),
          Math.floor((tod % MIN) / 1000),
        ).getTime();
        if (t >= startMs && t <= endMs && new Date(t).getHours() === h) out.push(t);
      }
    return out;
  };

  it('a range ending on the first time after a DST jump keeps that tick', () => {
    // Found by the property below: 02:46 (skipped, made as 03:46) ended the day's ticks before 03:45.
    process.env.TZ = 'Pacific/Chatham'; // 2026-09-27 02:45 → 03:45
    const start = 1790238793727;
    const end = 1790431200000; // 03:45 CHADT
    expect(timeTicks(start, end, MIN).at(-1)).toBe(end);
    expect(timeTicks(start, end, MIN)).toEqual(byClockFields(start, end, MIN));
  });

  it('a midnight DST skips (America/Santiago) does not shift the days after it by an hour', () => {
    // Found by the property below: 2014-09-07 00:00 does not exist there (23:59 → 01:00). The day
    // after it began at 01:00, so its 12-hour ticks were 01:00 and 13:00, and so on every day on.
    process.env.TZ = 'America/Santiago';
    const start = 1409841134624; // 2014-09-04 10:32 -04
    const end = start + 221265376; // 2014-09-07 01:00 -03, the first time of the 7th
    expect(timeTicks(start, end, 12 * HOUR)).toEqual(byClockFields(start, end, 12 * HOUR));
    const days = timeTicks(start, start + 5 * 24 * HOUR, 12 * HOUR).map((t) => new Date(t).getHours());
    expect(new Set(days)).toEqual(new Set([0, 12]));
    // Whole days: the 7th starts at its first time (01:00), the days after it at midnight.
    const whole = timeTicks(start, start + 6 * 24 * HOUR, 24 * HOUR).map((t) =>
      new Date(t).toString().slice(4, 21),
    );
    expect(whole).toEqual([
      'Sep 05 2014 00:00',
      'Sep 06 2014 00:00',
      'Sep 07 2014 01:00',
      'Sep 08 2014 00:00',
      'Sep 09 2014 00:00',
      'Sep 10 2014 00:00',
    ]);
  });

  it('property: in any zone, across DST changes, the ticks are the clock-field ticks', () => {
    const zones = [
      'Europe/Berlin',
      'America/New_York',
      'Australia/Lord_Howe', // a 30-minute DST change
      'America/Santiago', // changes at midnight
      'Asia/Kolkata',
      'Pacific/Chatham', // UTC+12:45
      'UTC',
    ];
    const below = TICK_INTERVALS.filter((i) => i < 24 * HOUR && i >= MIN);
    fc.assert(
      fc.property(
        fc.constantFrom(...zones),
        // Around the DST changes of 2026 (March/April, September/October) and any other time.
        fc.oneof(
          fc.integer({ min: Date.UTC(2026, 2, 20), max: Date.UTC(2026, 3, 10) }),
          fc.integer({ min: Date.UTC(2026, 8, 20), max: Date.UTC(2026, 10, 10) }),
          fc.integer({ min: Date.UTC(2000, 0, 1), max: Date.UTC(2040, 0, 1) }),
        ),
        fc.integer({ min: 1, max: 3 * 24 * HOUR }),
        fc.constantFrom(...below),
        (zone, start, span, interval) => {
          process.env.TZ = zone;
          expect(timeTicks(start, start + span, interval)).toEqual(
            byClockFields(start, start + span, interval),
          );
        },
      ),
      { numRuns: 300 },
    );
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
