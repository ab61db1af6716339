// What the chart pane needs from the telemetry client. The pane asks for a time range and the
// number of plot columns; the caller picks the step (e.g. range / columns, rounded up) so the
// result has about one point per column and stays within the API's point limits.
import type { Series } from '../api/telemetry/types.js';

export interface ChartRange {
  startMs: number;
  endMs: number;
  /** Plot columns the data will be drawn into (already divided by the pane's coarseness). */
  columns: number;
  /** The pane's coarseness (2 after one `c`, 0.5 after one `f`): a step the user gave is multiplied by it. */
  stepFactor?: number;
}

export interface ChartData {
  series: Series[];
  stepSeconds: number;
  startMs: number;
  endMs: number;
  /** One-line notes shown in the status line (e.g. "step raised to 60s"). */
  notices?: string[];
}

/** Errors are RoutershErrors; details.code === 'result_too_large' offers a coarser step. */
export interface ChartSource {
  fetch(range: ChartRange, signal: AbortSignal): Promise<ChartData>;
}

/** The window a chart opens with: the last `sinceMs` (live), or from `startMs` to `endMs`. */
export type ChartInitialRange = { sinceMs: number } | { startMs: number; endMs: number };
