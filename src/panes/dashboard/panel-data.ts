// What one panel holds between refreshes, by kind, and the sources it reads it from. The
// sources are made by the shell (open-pane.ts) once per panel and expression, never per render.
import type { Chosen, Interpolate } from '../../contract/dashboard.js';
import type { HistogramBucket, LogRecord, Series } from '../../api/telemetry/types.js';
import type { ChartSource, ChartData } from '../../contract/chart.js';
import type { LogSource, MatchListPort } from '../../contract/logs.js';
import type { MonitorSource } from '../../contract/monitor.js';
import type { MonitorData } from '../../contract/monitor.js';

export interface StatData {
  /** One value per series of the instant query. */
  values: Array<{ labels: Record<string, string>; value: number | null }>;
  /** The sparkline: the range query's series over the window (the first ones). */
  spark: Series[];
}

export type PanelData =
  | { kind: 'chart'; chart: ChartData }
  | { kind: 'stat'; stat: StatData }
  | { kind: 'logs'; records: LogRecord[] }
  | { kind: 'histogram'; buckets: HistogramBucket[]; note?: string }
  | { kind: 'monitor'; monitor: MonitorData }
  | { kind: 'show'; text: string };

export interface StatSource {
  /** The instant query at `endMs` and a range query over the window for the sparkline. */
  fetch(q: { startMs: number; endMs: number; points: number }, signal: AbortSignal): Promise<StatData>;
}

export interface ShowSource {
  /** Runs the read-only line once; resolves to its text (untrusted: sanitized when drawn). */
  run(signal: AbortSignal): Promise<string>;
}

/** What the dashboard reads from: a source per panel, made by the shell. */
export interface DashboardSources {
  /** `step`: the panel's own (`30s`), read with the shell's time grammar. */
  chart(expression: string, step?: string): ChartSource;
  stat(expression: string): StatSource;
  logs(query: string): LogSource;
  monitor(list: string): MonitorSource;
  show(line: string): ShowSource;
  /** Substitutes the dashboard's variables in a panel's text (the dashboards feature's rules). */
  interpolate: Interpolate;
  /**
   * Values a variable offers (label values, a query's series, metric names, a fixed list);
   * `chosen`: what the variables its query uses hold now (chained variables).
   */
  variableValues(index: number, signal: AbortSignal, chosen?: Record<string, Chosen>): Promise<string[]>;
  /**
   * Every query variable fetched at open, the ones others use first, as Grafana loads them
   * (features/dashboards/variable-load.ts): what each then holds.
   */
  loadVariables?: (chosen: Record<string, Chosen>, signal: AbortSignal) => Promise<Record<string, Chosen>>;
  /** Why a panel's text (as written) cannot be sent: a variable it uses has no values. */
  unfilled?: (text: string, chosen: Record<string, Chosen>) => string | undefined;
  /** The log pane's `b` in a zoomed logs panel. */
  matchLists?: MatchListPort | undefined;
  /** The `e` prompt's completion: the shell's completer on `metrics range EXPR` / `logs search QUERY`. */
  complete?:
    | ((line: string, signal: AbortSignal) => Promise<{ candidates: string[]; line: string }>)
    | undefined;
}
