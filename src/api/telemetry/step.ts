// Step selection for range queries and histograms: pure, so the chart pane can pick a step
// for its width and the limits before anything is sent.
import type { Limits } from './types.js';

const MIN = 60;
const HOUR = 3600;
const DAY = 86400;

/** Steps a human reads easily, in seconds. Beyond the list, steps are whole multiples of 30 d. */
export const NICE_STEPS: readonly number[] = [
  1,
  2,
  5,
  10,
  15,
  30,
  MIN,
  2 * MIN,
  5 * MIN,
  10 * MIN,
  15 * MIN,
  30 * MIN,
  HOUR,
  2 * HOUR,
  3 * HOUR,
  6 * HOUR,
  12 * HOUR,
  DAY,
  2 * DAY,
  7 * DAY,
  14 * DAY,
  30 * DAY,
];

const LARGEST = 30 * DAY;

/** The smallest nice step >= seconds. */
export function niceStepAtLeast(seconds: number): number {
  const s = Math.max(1, seconds);
  for (const n of NICE_STEPS) if (n >= s) return n;
  return Math.ceil(s / LARGEST) * LARGEST;
}

/** The next nice step strictly coarser than `stepSeconds` ("result too large, try a coarser step"). */
export function coarserStep(stepSeconds: number): number {
  for (const n of NICE_STEPS) if (n > stepSeconds) return n;
  return (Math.floor(stepSeconds / LARGEST) + 1) * LARGEST;
}

/**
 * How many coarser steps a search tries. Within the time grammar's 100 years and the clamped
 * limits a fitting step comes within ~1,300 tries; the bound holds whatever the input is, and
 * past it the last step tried is returned (the local limit checks then refuse it, one line).
 */
export const MAX_STEP_TRIES = 2_000;

/** `step`, or the first coarser step for which `fits` holds, within MAX_STEP_TRIES. */
export function firstFitting(step: number, fits: (stepSeconds: number) => boolean): number {
  let s = step;
  for (let i = 0; i < MAX_STEP_TRIES && !fits(s); i++) s = coarserStep(s);
  return s;
}

export interface StepInput {
  startMs: number;
  endMs: number;
  /** Chart width: at most one point per column. */
  columns: number;
  limits: Pick<Limits, 'pointsPerSeries' | 'totalPoints'>;
  /** When known, series × points must stay within total_points. */
  expectedSeries?: number;
}

export interface StepChoice {
  stepSeconds: number;
  /** Start floored and end ceiled to the step. */
  startMs: number;
  endMs: number;
}

/** Points a range query returns per series over an aligned [start, end] (both ends included). */
export function pointsPerSeries(startMs: number, endMs: number, stepSeconds: number): number {
  return Math.floor((endMs - startMs) / (stepSeconds * 1000)) + 1;
}

export function alignToStep(
  startMs: number,
  endMs: number,
  stepSeconds: number,
): { startMs: number; endMs: number } {
  const ms = stepSeconds * 1000;
  return { startMs: Math.floor(startMs / ms) * ms, endMs: Math.ceil(endMs / ms) * ms };
}

/** The largest number of points per series the limits and the width allow (at least 2). */
export function maxPoints(input: Pick<StepInput, 'columns' | 'limits' | 'expectedSeries'>): number {
  let max = Math.min(input.limits.pointsPerSeries, Math.floor(input.columns));
  if (input.expectedSeries !== undefined && input.expectedSeries > 0) {
    max = Math.min(max, Math.floor(input.limits.totalPoints / input.expectedSeries));
  }
  return Math.max(2, max);
}

export function chooseStep(input: StepInput): StepChoice {
  const { startMs } = input;
  const endMs = Math.max(input.endMs, startMs);
  const max = maxPoints(input);
  // Alignment can add up to two points: step up until the aligned range fits.
  const fits = (step: number) => {
    const aligned = alignToStep(startMs, endMs, step);
    return pointsPerSeries(aligned.startMs, aligned.endMs, step) <= max;
  };
  const step = firstFitting(niceStepAtLeast(Math.ceil((endMs - startMs) / 1000 / max)), fits);
  return { stepSeconds: step, ...alignToStep(startMs, endMs, step) };
}
