// A dashboard, as read from a file (YAML or JSON, dashboard-file.ts) or made from a Grafana
// export (grafana-import.ts): what the dashboard screen (panes/dashboard/) draws. Types only;
// every string in it came from a file and is untrusted until drawn through the sanitizer.
// In contract/ because the feature (features/dashboards/) makes it and the pane draws it.
import type { Series } from '../api/telemetry/types.js';
import type { ChartSource } from './chart.js';
import type { LogSource, MatchListPort } from './logs.js';
import type { MonitorSource } from './monitor.js';

/** Where a panel sits: Grafana's grid, 24 columns wide; y and h in grid rows, scaled to the screen. */
export interface GridPos {
  x: number;
  y: number;
  w: number;
  h: number;
}

export interface Threshold {
  /** The value from which this colour holds (the first threshold's is -Infinity: null in a file). */
  value: number | null;
  color: 'green' | 'yellow' | 'red' | 'blue' | 'default';
}

interface PanelBase {
  title: string;
  grid: GridPos;
  /** Line of the panel in its file (1-based), for errors. Not `line`: a show panel's `line` is its router line. */
  fileLine?: number;
}

export type Panel =
  /**
   * `metrics range EXPR`: a chart. `step` as the time grammar reads it (`30s`), else chosen from
   * the range; `interval` (chart and stat): Grafana's Min interval, the least step, and the scrape
   * interval $__rate_interval assumes.
   */
  | (PanelBase & {
      kind: 'chart';
      expr: string;
      step?: string;
      interval?: string;
      legend?: string;
      unit?: string;
    })
  /** `metrics query EXPR`: one value per series, coloured by thresholds, with a sparkline. */
  | (PanelBase & {
      kind: 'stat';
      expr: string;
      interval?: string;
      unit?: string;
      thresholds?: Threshold[];
      legend?: string;
    })
  /** `logs search QUERY`, following. */
  | (PanelBase & { kind: 'logs'; query: string })
  /** `logs histogram QUERY`. */
  | (PanelBase & { kind: 'histogram'; query: string })
  /** `monitor match-list NAME`. */
  | (PanelBase & { kind: 'monitor'; list: string })
  /** A read-only router line (`show …`, `describe …`), run again every refresh. */
  | (PanelBase & { kind: 'show'; line: string });

export type PanelKind = Panel['kind'];

export type Variable =
  /**
   * Values of a label, from the series a selector matches (Grafana's `label_values(match, label)`),
   * through an optional regex (its first group, or the whole match, is the value).
   */
  | (VarBase & { kind: 'label'; label: string; match?: string; regex?: string })
  /** Values taken from the series of a query's result, through an optional regex (`query_result(…)`). */
  | (VarBase & { kind: 'query'; expr: string; regex?: string })
  /** Metric names that a regex matches (Grafana's `metrics(regex)`), through an optional regex. */
  | (VarBase & { kind: 'metrics'; match: string; regex?: string })
  /** A fixed list (Grafana's custom variable). */
  | (VarBase & { kind: 'list'; values: string[] })
  /** Durations (`1m`, `5m`, `1h`). */
  | (VarBase & { kind: 'interval'; values: string[] });

export interface VarBase {
  name: string;
  /** Several values may be chosen at once (substituted as a regex alternation). */
  multi?: boolean;
  /** `All` is offered; chosen, it stands for `allValue` or else every value. */
  includeAll?: boolean;
  allValue?: string;
  /** Chosen values at open (`--var name=value` wins). */
  default?: string[];
  line?: number;
}

/**
 * A Grafana row: a header line before panel `before` (the panels from there to the next row are
 * its own); one of greater `depth` after it, before a row of its depth or less, is inside it.
 * Collapsed, it opens closed (Enter opens it on the screen).
 */
export interface Row {
  title: string;
  before: number;
  collapsed?: boolean;
  /** 0 (the default): a top row; 1: a row inside a row; … */
  depth?: number;
  fileLine?: number;
}

/** The time window every panel shares. */
export type TimeWindow = { since: string } | { from: string; to: string };

export interface Dashboard {
  title: string;
  time: TimeWindow;
  /** Seconds between refreshes; 0: only on `r`. */
  refreshSeconds: number;
  /**
   * The scrape interval `$__rate_interval` assumes (Grafana's data source setting
   * `jsonData.timeInterval`), as the time grammar reads it; absent: 15 s.
   */
  scrape?: string;
  variables: Variable[];
  panels: Panel[];
  /** Row headers, in page order (`before` never decreasing); none: one page of panels. */
  rows?: Row[];
}

/** What is chosen for one variable. `all`: "All" is chosen (values then holds every value). */
export interface Chosen {
  values: string[];
  all: boolean;
  /**
   * All is sent as `.*` instead of the alternation of `values`, and why (the values were cut by
   * the API's limit, or the alternation would pass its request-body limit): the status line says so.
   */
  wildcard?: string;
  /** Given by `--var`/`var`: kept even when the values fetched at open do not hold it. */
  given?: boolean;
  /** Why it holds no values when it should (the look-up failed or found none): panels say so. */
  why?: string;
}

export interface InterpContext {
  variables: Variable[];
  chosen: Record<string, Chosen>;
  /**
   * The step of the panel's query, in seconds. Absent: `$__interval` and `$__rate_interval` are
   * left as written, for the source to put in once it has chosen the step it sends (withStep).
   */
  stepSeconds?: number;
  /** The dashboard's window, in seconds. */
  rangeSeconds: number;
  /**
   * What the text is: `promql` (default: chart and stat expressions), `logsql` (logs and
   * histogram queries) or `text` (a title: Grafana's plain formatting, one value as is, several
   * as `{a,b}`, no escaping).
   */
  language?: 'promql' | 'logsql' | 'text';
  /** The scrape interval $__rate_interval assumes (Grafana's data source setting), seconds; default 15. */
  scrapeSeconds?: number;
}

/** Substitutes a dashboard's variables in a text (features/dashboards/interpolate.ts). */
export type Interpolate = (text: string, ctx: InterpContext) => string;

export interface StatData {
  /** One value per series of the instant query. */
  values: Array<{ labels: Record<string, string>; value: number | null }>;
  /** The sparkline: the range query's series over the window (the first ones). */
  spark: Series[];
}

export interface StatSource {
  /** The instant query at `endMs` and a range query over the window for the sparkline. */
  fetch(q: { startMs: number; endMs: number; points: number }, signal: AbortSignal): Promise<StatData>;
}

export interface ShowPanelSource {
  /** Runs the read-only line once; resolves to its text (untrusted: sanitized when drawn). */
  run(signal: AbortSignal): Promise<string>;
}

/** What the dashboard reads from: a source per panel, made by the dashboards feature. */
export interface DashboardSources {
  /** `step`: the panel's own (`30s`), read with the shell's time grammar. */
  /**
   * `interval`: Grafana's Min interval (`1m`): the step is at least this, and $__rate_interval
   * takes it as the scrape interval.
   */
  chart(expression: string, step?: string, interval?: string): ChartSource;
  stat(expression: string, interval?: string): StatSource;
  logs(query: string): LogSource;
  monitor(list: string): MonitorSource;
  show(line: string): ShowPanelSource;
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
