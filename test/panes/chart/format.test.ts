import { describe, expect, it } from 'vitest';
import { digitsForStep, formatSI, formatSILabel } from '../../../src/term/format-si.js';
import { formatAxisTime, formatClock, formatClockMs, formatDuration } from '../../../src/term/format-time.js';

describe('formatSI', () => {
  it.each([
    [1200, '1.2k'],
    [3_400_000, '3.4M'],
    [5_600_000_000, '5.6G'],
    [0.78, '780m'],
    [0, '0'],
    [-1234, '-1.23k'],
    [999.96, '1k'],
    [0.0000025, '2.5µ'],
    [42, '42'],
    [Number.NaN, 'NaN'],
    [Number.POSITIVE_INFINITY, 'Inf'],
  ])('%s → %s', (v, text) => {
    expect(formatSI(v)).toBe(text);
  });

  it('pads labels to a fixed width and adds digits for narrow ranges', () => {
    expect(formatSILabel(1200)).toBe('    1.2k');
    expect(formatSILabel(1200).length).toBe(formatSILabel(-0.5).length);
    expect(digitsForStep(1010, 1)).toBe(5);
    expect(formatSI(1005, digitsForStep(1010, 1))).toBe('1.005k');
  });
});

describe('format-time', () => {
  const t = Date.UTC(2026, 2, 7, 9, 5, 3, 42);
  it('uses hh:mm up to two days, MM-DD hh:mm beyond', () => {
    expect(formatAxisTime(t, 2 * 86_400_000, { utc: true })).toBe('09:05');
    expect(formatAxisTime(t, 2 * 86_400_000 + 1, { utc: true })).toBe('03-07 09:05');
  });
  it('formats clocks and durations', () => {
    expect(formatClock(t, { utc: true })).toBe('09:05:03');
    expect(formatClockMs(t, { utc: true })).toBe('09:05:03.042');
    expect(formatDuration(3_600_000)).toBe('1h');
    expect(formatDuration(5_400_000)).toBe('1h30m');
    expect(formatDuration(45_000)).toBe('45s');
    expect(formatDuration(7 * 86_400_000)).toBe('7d');
  });
  it('uses local time by default', () => {
    const d = new Date(t);
    expect(formatClock(t)).toBe(
      [d.getHours(), d.getMinutes(), d.getSeconds()].map((n) => String(n).padStart(2, '0')).join(':'),
    );
  });
});
