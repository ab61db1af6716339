// The limits this deployment reports in capabilities and enforces.

export const LIMITS = {
  requestBodyBytes: 65_536,
  routeDeadlineSeconds: 20,
  rangeDays: 31,
  series: 1000,
  pointsPerSeries: 11_000,
  totalPoints: 100_000,
  discoveryLimitMax: 1000,
  searchDefault: 200,
  searchMax: 1000,
  searchOffsetMax: 10_000,
} as const;

/** Metrics (and logs) exist from now minus this, floored to the minute. */
export const AVAILABLE_DAYS = 30;

export function dataAvailableFrom(now: number): number {
  return Math.floor((now - AVAILABLE_DAYS * 86_400_000) / 60_000) * 60_000;
}

export const globalLimits = () => ({
  request_body_bytes: LIMITS.requestBodyBytes,
  route_deadline_seconds: LIMITS.routeDeadlineSeconds,
});

export const metricsLimits = () => ({
  range_days: LIMITS.rangeDays,
  series: LIMITS.series,
  points_per_series: LIMITS.pointsPerSeries,
  total_points: LIMITS.totalPoints,
});

export const logsLimits = () => ({
  search_default: LIMITS.searchDefault,
  search_max: LIMITS.searchMax,
  search_offset_max: LIMITS.searchOffsetMax,
});
