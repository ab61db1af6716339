// The pane kinds: for each, what opens it (its PaneSpec variant, what a command's outcome says)
// and what feeds it (its source, built in its feature and handed to the shell through the one
// PaneSources port). A kind is a key of PaneKinds; everything keyed by pane kind is a mapped
// type over PaneKind, so a kind missing anywhere (here, in the sources port, in the registry
// src/panes/registry.ts) does not compile.
//
// A new pane kind = its folder (src/panes/KIND/) + a registry line (src/panes/registry.ts) +
// its entry here (spec and source; a small source's types below, beside the kinds) + its source
// in its feature (in that feature's pane sources).
import type { RouterRequest } from '../api/router/types.js';
import type { ChartInitialRange, ChartSource } from './chart.js';
import type { Chosen, Dashboard, DashboardSources } from './dashboard.js';
import type { LogSource, MatchListPort } from './logs.js';
import type { MonitorSource } from './monitor.js';
import type { ShowSource } from './show.js';

export interface PaneKinds {
  chart: {
    spec: {
      expression: string;
      startMs: number;
      endMs: number;
      live: boolean;
      stepSeconds?: number;
      /** Said in the plot when it shows nothing: how to fix it (a default pane link, pane-links.ts). */
      emptyHint?: string;
    };
    source: ChartSource;
  };
  logs: {
    spec: { query: string; startMs: number; endMs: number; live: boolean; limit: number };
    /** `matchLists`: the log pane's `b` (a typed line through the runner). */
    source: { source: LogSource; matchLists: MatchListPort | undefined };
  };
  monitor: { spec: { list: string }; source: MonitorSource };
  /** `show … | refresh N`: `line` (its other pipes kept) run again every N seconds; `first`: its output at open. */
  show: { spec: { line: string; everySeconds: number; first?: string }; source: ShowSource };
  /** `ping … | graph`: the router's ping sent again with count 1, one request at a time (features/ping/). */
  ping: {
    spec: {
      /** The line as typed, without `| graph` (the header shows it). */
      line: string;
      /** The resolved ping with `count 1` for the user's count and without its interval: sent as is, each time. */
      request: RouterRequest;
      /** From one request's start to the next (the user's `interval`, default 1 s). */
      intervalMs: number;
      /** Requests in all (the user's `count`); absent: until q. */
      count?: number;
      /** The first request's answer, sent when the line ran (a wrong line fails at the prompt). */
      first?: { text: string; at: number };
    };
    source: PingSource;
  };
  /** The fleet shell's `monitor match-list LIST`: a row per host, distinct members and summed hits. */
  fleetMonitor: { spec: { list: string }; source: FleetMonitorSource };
  /** The dashboard screen; `vars`: values chosen at open (`var host=bras-1`), by variable name. */
  dashboard: {
    spec: { dashboard: Dashboard; vars?: Record<string, string[]> };
    /** The panels' sources, the window it opens with, the variables' values chosen at open. */
    source: { sources: DashboardSources; range: ChartInitialRange; chosen: Record<string, Chosen> };
  };
}

export type PaneKind = keyof PaneKinds;

/** What a command's outcome asks the shell to show: one variant per pane kind. */
export type PaneSpec = { [K in PaneKind]: { pane: K } & PaneKinds[K]['spec'] }[PaneKind];

export type PaneSpecOf<K extends PaneKind> = Extract<PaneSpec, { pane: K }>;

/** What feeds a pane of kind K. */
export type PaneSourceOf<K extends PaneKind> = PaneKinds[K]['source'];

// What feeds the ping pane (`ping … | graph`): beside its entry, as a small pane's source is.

/** One request of the ping pane, its answer read (features/ping/ping-parse.ts); `seq` counts from 1. */
export type PingResult = { seq: number; at: number } & (
  | { kind: 'reply'; rttMs: number }
  /** No echo reply: a timeout, the router's loss line, or its error. */
  | { kind: 'lost'; why: string }
  /** An answer the reader could not read: its most telling line (unsanitized), shown by the pane. */
  | { kind: 'unparsed'; text: string }
);

/** What feeds the ping pane (made once per pane, in features/ping/). */
export interface PingSource {
  /**
   * Sends requests one at a time (the next `intervalMs` after the last one started), each
   * result to `result`, until the count is sent (`end`) or the returned stop is called (the
   * request under way is aborted and not counted). Started again, it goes on with the count.
   */
  start(on: { result(r: PingResult): void; end(): void }): () => void;
}

// What feeds the fleet monitor pane (the fleet shell's `monitor match-list LIST`).

/** One host's row: its members and the hits (packets) summed over them, or why it has none. */
export interface FleetMonitorRow {
  host: string;
  members?: number;
  hits?: number;
  error?: string;
}

export interface FleetMonitorData {
  rows: FleetMonitorRow[];
  /** Members counted once however many hosts hold them. */
  distinct: number;
  /** Hits summed over every host. */
  hits: number;
}

/** Made per pane: every host's monitor read at once (features/fleet/shell/fleet-monitor.ts). */
export interface FleetMonitorSource {
  read(signal: AbortSignal): Promise<FleetMonitorData>;
}
