import { describe, expect, it } from 'vitest';
import {
  chooseStep,
  coarserStep,
  NICE_STEPS,
  niceStepAtLeast,
  pointsPerSeries,
} from '../../../src/api/telemetry/step.js';

const limits = { pointsPerSeries: 11000, totalPoints: 100000 };
const H = 3_600_000;
const T0 = Date.parse('2026-11-22T12:00:00Z');

describe('chooseStep', () => {
  it('rounds range/columns up to a nice step and aligns start down, end up', () => {
    const c = chooseStep({ startMs: T0 - H + 7_000, endMs: T0 + 3_000, columns: 100, limits });
    // 3596 s / 100 = 36 s -> 60 s
    expect(c.stepSeconds).toBe(60);
    expect(c.startMs).toBe(T0 - H);
    expect(c.endMs).toBe(T0 + 60_000);
    expect(pointsPerSeries(c.startMs, c.endMs, c.stepSeconds)).toBeLessThanOrEqual(100);
  });

  it('keeps points within the columns even when alignment adds points', () => {
    const c = chooseStep({ startMs: T0, endMs: T0 + 100_000, columns: 100, limits });
    expect(pointsPerSeries(c.startMs, c.endMs, c.stepSeconds)).toBeLessThanOrEqual(100);
    expect(c.stepSeconds).toBe(2);
  });

  it('respects points_per_series when the columns are wider', () => {
    const c = chooseStep({
      startMs: T0 - 24 * H,
      endMs: T0,
      columns: 100_000,
      limits: { pointsPerSeries: 100, totalPoints: 1e9 },
    });
    expect(pointsPerSeries(c.startMs, c.endMs, c.stepSeconds)).toBeLessThanOrEqual(100);
    expect(c.stepSeconds).toBe(900);
  });

  it('keeps series × points within total_points when the series count is known', () => {
    const c = chooseStep({ startMs: T0 - 24 * H, endMs: T0, columns: 2000, limits, expectedSeries: 500 });
    const points = pointsPerSeries(c.startMs, c.endMs, c.stepSeconds);
    expect(points * 500).toBeLessThanOrEqual(100000);
    expect(c.stepSeconds).toBe(600); // 86400 s / 200 points = 432 s -> 10 min
  });

  it('handles an empty range', () => {
    const c = chooseStep({ startMs: T0, endMs: T0, columns: 80, limits });
    expect(c).toEqual({ stepSeconds: 1, startMs: T0, endMs: T0 });
  });

  it('goes beyond the table in whole 30-day steps', () => {
    expect(niceStepAtLeast(31 * 86400)).toBe(60 * 86400);
    expect(coarserStep(30 * 86400)).toBe(60 * 86400);
  });
});

describe('coarserStep', () => {
  it('walks the nice steps', () => {
    expect(coarserStep(1)).toBe(2);
    expect(coarserStep(30)).toBe(60);
    expect(coarserStep(45)).toBe(60);
    expect(coarserStep(3600)).toBe(7200);
    expect(coarserStep(43200)).toBe(86400);
    for (let i = 1; i < NICE_STEPS.length; i++)
      expect(coarserStep(NICE_STEPS[i - 1] as number)).toBe(NICE_STEPS[i]);
  });
});
