// Local checks against the capabilities' limits, made BEFORE a request is sent: a request the
// server would refuse (413, 422, 400 on limits) is refused here with a hint, and nothing is sent.
import { limitError, validationError } from '../../errors.js';
import { coarserStep, firstFitting, pointsPerSeries } from './step.js';
import { formatTime } from './time.js';
import type { Capabilities, Limits } from './types.js';

const DAY_MS = 86_400_000;

/** The largest epoch ms a Date holds (±273,790 years): beyond it toISOString throws. */
const MAX_DATE_MS = 8.64e15;

export function checkTime(name: string, ms: number | undefined): void {
  if (ms !== undefined && !(Math.abs(ms) <= MAX_DATE_MS))
    throw validationError(`${name} is not a valid time`);
}

export function checkOrder(start: number | undefined, end: number | undefined): void {
  checkTime('start', start);
  checkTime('end', end);
  if (start !== undefined && end !== undefined && end < start) throw validationError('end is before start');
}

export function checkStep(stepSeconds: number): void {
  if (!Number.isInteger(stepSeconds) || stepSeconds < 1)
    throw validationError('step must be a whole number of seconds, at least 1');
}

export function checkBody(json: string, limits: Limits): void {
  const bytes = Buffer.byteLength(json, 'utf8');
  if (bytes > limits.requestBodyBytes) {
    throw limitError(
      `request body of ${bytes} bytes is over the limit of ${limits.requestBodyBytes} bytes; shorten the expression or matchers`,
      {
        bytes,
        limit: limits.requestBodyBytes,
      },
    );
  }
}

export function checkRangeLimit(name: string, value: number | undefined, min: number, max: number): void {
  if (value === undefined) return;
  if (!Number.isInteger(value) || value < min || value > max) {
    throw limitError(`${name} ${value} is outside ${min}..${max}`, { [name]: value, min, max });
  }
}

export interface Window {
  startMs: number;
  endMs: number;
  notices: string[];
}

/**
 * A metrics window: start clamped to data_available_from (aligned up to `alignMs` so a range
 * query keeps its step grid), with a notice; then the range_days limit.
 */
export function metricsWindow(startMs: number, endMs: number, caps: Capabilities, alignMs = 1): Window {
  checkOrder(startMs, endMs);
  const notices: string[] = [];
  const from = caps.dataAvailableFrom;
  let start = startMs;
  if (from !== undefined && start < from) {
    if (endMs < from) {
      throw limitError(`metrics are available from ${formatTime(from)}; the range ends before that`, {
        dataAvailableFrom: formatTime(from),
      });
    }
    start = Math.min(Math.ceil(from / alignMs) * alignMs, endMs);
    notices.push(
      `start moved from ${formatTime(startMs)} to ${formatTime(start)}: metrics are available from ${formatTime(from)}`,
    );
  }
  const days = (endMs - start) / DAY_MS;
  if (days > caps.limits.rangeDays) {
    throw limitError(`range of ${+days.toFixed(2)} days is over the limit of ${caps.limits.rangeDays} days`, {
      rangeDays: caps.limits.rangeDays,
    });
  }
  return { startMs: start, endMs, notices };
}

export function checkInstant(timeMs: number | undefined, caps: Capabilities): void {
  checkTime('time', timeMs);
  const from = caps.dataAvailableFrom;
  if (timeMs !== undefined && from !== undefined && timeMs < from) {
    throw limitError(`metrics are available from ${formatTime(from)}; ${formatTime(timeMs)} is before that`, {
      dataAvailableFrom: formatTime(from),
    });
  }
}

/** points_per_series for a range query; the hint names the next step that would do. */
export function checkPoints(startMs: number, endMs: number, stepSeconds: number, limits: Limits): void {
  const points = pointsPerSeries(startMs, endMs, stepSeconds);
  if (points <= limits.pointsPerSeries) return;
  const step = firstFitting(
    coarserStep(stepSeconds),
    (st) => pointsPerSeries(startMs, endMs, st) <= limits.pointsPerSeries,
  );
  throw limitError(
    `${points} points per series is over the limit of ${limits.pointsPerSeries}; try step ${step}`,
    {
      points,
      limit: limits.pointsPerSeries,
      suggestedStepSeconds: step,
    },
  );
}

/** Histogram buckets are zero-filled locally, so their count is bounded like a series' points. */
export function checkBuckets(startMs: number, endMs: number, stepSeconds: number, limits: Limits): void {
  const buckets = Math.ceil((endMs - startMs) / (stepSeconds * 1000));
  if (buckets <= limits.pointsPerSeries) return;
  const step = firstFitting(
    coarserStep(stepSeconds),
    (st) => Math.ceil((endMs - startMs) / (st * 1000)) <= limits.pointsPerSeries,
  );
  throw limitError(
    `${buckets} histogram buckets is over the limit of ${limits.pointsPerSeries}; try step ${step}`,
    {
      buckets,
      limit: limits.pointsPerSeries,
      suggestedStepSeconds: step,
    },
  );
}
