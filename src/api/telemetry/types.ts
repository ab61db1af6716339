// Decoded telemetry types (telemetry-api.md). Shared by the client, the views and the
// simulator's tests. Timestamps are kept as epoch milliseconds plus the original string.

export interface Sample {
  /** Epoch milliseconds. */
  t: number;
  /** Parsed value: NaN, +Inf and -Inf preserved. */
  v: number;
  /** The value string as received. */
  raw: string;
}

export interface Series {
  labels: Record<string, string>;
  samples: Sample[];
}

export interface MetricsResult {
  resultType: 'vector' | 'matrix';
  series: Series[];
}

export interface Limits {
  requestBodyBytes: number;
  routeDeadlineSeconds: number;
  rangeDays: number;
  series: number;
  pointsPerSeries: number;
  totalPoints: number;
  discoveryLimitMax: number;
  searchDefault: number;
  searchMax: number;
  searchOffsetMax: number;
}

export interface Capabilities {
  providers: Array<{
    provider: string;
    operations: string[];
    dataAvailableFrom?: number;
    limits: Record<string, number>;
  }>;
  /** Effective limits merged from the providers and meta.limits, with the spec's defaults. */
  limits: Limits;
  /** Earliest metrics timestamp (epoch ms), if reported. */
  dataAvailableFrom?: number;
  /** Limits the server reported out of any sane range, and what is used instead. */
  notes?: string[];
  raw: unknown;
}

export interface Meta {
  requestId?: string;
  source?: string;
  truncated?: boolean;
  dataAvailableFrom?: number;
  pagination?: { offset: number; limit: number; nextOffset?: number };
  limits?: unknown;
}

/** Every decoded response keeps what the server sent, for --json ("the data as received"). */
export interface Response<T> {
  data: T;
  meta: Meta;
  raw: { data: unknown; meta: unknown };
}

export type LogRecord = Record<string, unknown> & { _time: string };

export interface HistogramBucket {
  /** Field values this series is grouped by (empty when not grouped). */
  fields: Record<string, string>;
  /** Bucket start times (epoch ms) and counts, zero-filled over the requested range. */
  timestamps: number[];
  values: number[];
  total: number;
}

export interface Facet {
  field: string;
  values: Array<{ value: string; hits: number }>;
}

export interface ValueHits {
  value: string;
  hits: number;
}
