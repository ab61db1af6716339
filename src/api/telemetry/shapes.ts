// Client-side additions to the decoded telemetry types (types.ts stays the shared contract):
// request parameters and the extended response every TelemetryClient method returns.
import type { Response } from './types.js';

/**
 * A decoded response plus what the client has to tell the user about it.
 * - `notices`: things the client changed before sending (e.g. a start clamped to
 *   data_available_from); show them as informational lines.
 * - `shapeWarning`: the server's `data` did not have the expected shape (the histogram,
 *   facets, fields and discovery shapes are undocumented); `data` is decoded as far as
 *   possible and `raw` holds the JSON exactly as received, so callers can show that instead.
 */
export interface TelemetryResponse<T> extends Response<T> {
  notices?: string[];
  shapeWarning?: string;
  /** query-range: the window asked for (its start moved up to data_available_from). */
  window?: { startMs: number; endMs: number };
}

/** All times are epoch milliseconds; the client sends RFC 3339. */
export interface QueryParams {
  expression: string;
  time?: number;
}

export interface QueryRangeParams {
  expression: string;
  start: number;
  end: number;
  stepSeconds: number;
}

export interface NamesParams {
  start: number;
  end: number;
  limit?: number;
  /** A series selector; sent as label-values of `__name__` (the names operation has no matchers). */
  match?: string;
}

export interface LabelsParams {
  start: number;
  end: number;
  matchers?: string[];
  limit?: number;
}

export interface LabelValuesParams extends LabelsParams {
  label: string;
}

export interface LogsSearchParams {
  query: string;
  start?: number;
  end?: number;
  limit?: number;
  offset?: number;
}

export interface LogsHistogramParams {
  query: string;
  start: number;
  end: number;
  stepSeconds: number;
  groupBy?: string[];
}

export interface FacetsParams {
  query?: string;
  start?: number;
  end?: number;
  limitPerField?: number;
}

export interface FieldsParams {
  query?: string;
  /** Without start/end the server uses its default window (the simulator: the last hour). */
  start?: number;
  end?: number;
  filter?: string;
  limit?: number;
}

export interface FieldValuesParams extends FieldsParams {
  field: string;
}
