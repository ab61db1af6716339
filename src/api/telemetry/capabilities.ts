// Capabilities decoding: the providers as reported and one set of effective limits. When a
// limit is reported in several places the smallest wins (it is the one the server enforces
// first); anything not reported takes the spec's documented value.
import { isObj, num, type Obj } from './decode.js';
import { parseTime } from './time.js';
import type { Capabilities, Limits } from './types.js';

/** The documented deployment's limits (telemetry-api.md, Limits). */
export const DEFAULT_LIMITS: Readonly<Limits> = {
  requestBodyBytes: 65536,
  routeDeadlineSeconds: 20,
  rangeDays: 31,
  series: 1000,
  pointsPerSeries: 11000,
  totalPoints: 100000,
  discoveryLimitMax: 1000,
  searchDefault: 200,
  searchMax: 1000,
  searchOffsetMax: 10000,
};

const WIRE_NAMES: Record<keyof Limits, string> = {
  requestBodyBytes: 'request_body_bytes',
  routeDeadlineSeconds: 'route_deadline_seconds',
  rangeDays: 'range_days',
  series: 'series',
  pointsPerSeries: 'points_per_series',
  totalPoints: 'total_points',
  discoveryLimitMax: 'discovery_limit_max',
  searchDefault: 'search_default',
  searchMax: 'search_max',
  searchOffsetMax: 'search_offset_max',
};

/**
 * What the client accepts of each limit: the deadline becomes a timer (setTimeout turns more
 * than 2^31−1 ms into 1 ms, failing every call at once), the point and row counts size loops
 * and arrays. A value outside is clamped, with a note; counts are whole numbers.
 */
export const LIMIT_BOUNDS: Readonly<Record<keyof Limits, { min: number; max: number; whole: boolean }>> = {
  requestBodyBytes: { min: 1024, max: 64 * 1024 * 1024, whole: true },
  routeDeadlineSeconds: { min: 1, max: 600, whole: false },
  rangeDays: { min: 1, max: 36_525, whole: false }, // 100 years, the time grammar's bound
  series: { min: 1, max: 100_000, whole: true },
  pointsPerSeries: { min: 2, max: 1_000_000, whole: true },
  totalPoints: { min: 2, max: 10_000_000, whole: true },
  discoveryLimitMax: { min: 1, max: 100_000, whole: true },
  searchDefault: { min: 1, max: 100_000, whole: true },
  searchMax: { min: 1, max: 100_000, whole: true },
  searchOffsetMax: { min: 1, max: 1_000_000_000, whole: true },
};

function bounded(key: keyof Limits, value: number, notes: string[]): number {
  const b = LIMIT_BOUNDS[key];
  const v = b.whole ? Math.floor(value) : value;
  const out = Math.min(b.max, Math.max(b.min, v));
  if (out !== v) notes.push(`the server's ${WIRE_NAMES[key]} of ${value} is out of range; using ${out}`);
  return out;
}

const positive = (v: unknown): number | undefined => {
  const n = num(v);
  return n !== undefined && n > 0 ? n : undefined;
};

function numbersOf(o: unknown): Record<string, number> {
  const out: Record<string, number> = {};
  if (isObj(o)) for (const [k, v] of Object.entries(o)) if (positive(v) !== undefined) out[k] = v as number;
  return out;
}

const isMetrics = (p: { provider: string; operations: string[] }) =>
  p.provider.includes('metrics') || p.operations.includes('query-range');
const isLogs = (p: { provider: string; operations: string[] }) =>
  p.provider.includes('logs') || p.operations.includes('search');

/**
 * Why `kind` cannot be asked of this API, when its capabilities list providers and none of
 * them serves it (a metrics-only deployment has no logs): said locally, nothing sent.
 */
export function missingProvider(caps: Capabilities, kind: 'metrics' | 'logs'): string | undefined {
  const { providers } = caps;
  if (providers.length === 0 || providers.some(kind === 'logs' ? isLogs : isMetrics)) return undefined;
  const offered = providers.map((p) => p.provider || '(unnamed)').join(', ');
  return `the telemetry API has no ${kind} provider (its capabilities list only ${offered}): no ${kind} here; nothing sent`;
}

export function decodeCapabilities(data: unknown, meta: unknown): Capabilities {
  const list = isObj(data) && Array.isArray(data.providers) ? data.providers : [];
  const providers: Capabilities['providers'] = [];
  for (const p of list) {
    if (!isObj(p)) continue;
    const entry: Capabilities['providers'][number] = {
      provider: typeof p.provider === 'string' ? p.provider : '',
      operations: Array.isArray(p.operations)
        ? p.operations.filter((o): o is string => typeof o === 'string')
        : [],
      limits: numbersOf(p.limits),
    };
    const from = parseTime(p.data_available_from);
    if (from !== undefined) entry.dataAvailableFrom = from;
    providers.push(entry);
  }
  const metaLimits: Obj = isObj(meta) && isObj(meta.limits) ? meta.limits : {};
  // Each limit's sources: the metrics/logs provider, meta.limits.{global,metrics,logs}.
  const sources: Record<string, number>[] = [
    numbersOf(metaLimits.global),
    ...providers.filter(isMetrics).map((p) => p.limits),
    numbersOf(metaLimits.metrics),
  ];
  const logSources: Record<string, number>[] = [
    numbersOf(metaLimits.global),
    ...providers.filter(isLogs).map((p) => p.limits),
    numbersOf(metaLimits.logs),
  ];
  const limits = { ...DEFAULT_LIMITS };
  const notes: string[] = [];
  for (const key of Object.keys(WIRE_NAMES) as Array<keyof Limits>) {
    const from = key.startsWith('search') ? logSources : sources;
    // A reduce, not Math.min(...values): the providers list is as long as the server makes it.
    const least = from.reduce<number | undefined>((m, s) => {
      const v = s[WIRE_NAMES[key]];
      return v === undefined || (m !== undefined && m <= v) ? m : v;
    }, undefined);
    if (least === undefined) continue;
    limits[key] = bounded(key, least, notes);
  }
  const metricsFrom = providers.find(
    (p) => isMetrics(p) && p.dataAvailableFrom !== undefined,
  )?.dataAvailableFrom;
  const dataAvailableFrom = metricsFrom ?? parseTime(isObj(meta) ? meta.data_available_from : undefined);
  return {
    providers,
    limits,
    ...(dataAvailableFrom !== undefined ? { dataAvailableFrom } : {}),
    ...(notes.length > 0 ? { notes } : {}),
    raw: { data, meta },
  };
}
