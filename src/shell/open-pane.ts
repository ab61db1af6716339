// A pane and its data source, made together when the pane opens (so a re-render of the
// shell never makes a new source, and the pane never refetches because of one).
import type { ChartSource } from '../contract/chart.js';
import type { LogSource, MatchListPort } from '../contract/logs.js';
import type { PaneRequest } from '../panes/pane-links.js';
import type { MonitorSource } from '../contract/monitor.js';
import type { ShowSource } from '../contract/show.js';
import { type LineRunner, showSource } from './show-source.js';
import type { JournalPort } from '../contract/services.js';
import { type MonitorRouter, monitorSource } from '../features/match-list/monitor-source.js';
import type { PaneSpec } from '../contract/outcome.js';
import { chartSource, logSource } from '../features/telemetry/telemetry-sources.js';
import { pingSource } from '../features/ping/ping-source.js';
import type { PingSource } from '../contract/outcome.js';

import type { TelemetryClient } from '../api/telemetry/client.js';
import type { Chosen } from '../contract/dashboard.js';
import { initialChoices } from '../features/dashboards/var-args.js';
import { readDuration, readTime } from '../lang/time.js';
import type { ChartInitialRange } from '../panes/chart/chart-reducer.js';
import type { DashState } from '../panes/dashboard/dashboard-reducer.js';
import type { DashboardSources } from '../panes/dashboard/panel-data.js';
import { dashboardSources } from './dashboard-sources.js';

/** `id` tells panes apart in the shell's stack (a pane shown again is drawn anew). */
export type OpenPane = { id: number } & (
  | { kind: 'chart'; spec: Extract<PaneSpec, { pane: 'chart' }>; source: ChartSource }
  | {
      kind: 'logs';
      spec: Extract<PaneSpec, { pane: 'logs' }>;
      source: LogSource;
      matchLists: MatchListPort | undefined;
    }
  | { kind: 'monitor'; spec: Extract<PaneSpec, { pane: 'monitor' }>; source: MonitorSource }
  | { kind: 'show'; spec: Extract<PaneSpec, { pane: 'show' }>; source: ShowSource }
  | { kind: 'ping'; spec: Extract<PaneSpec, { pane: 'ping' }>; source: PingSource }
  | {
      kind: 'dashboard';
      spec: Extract<PaneSpec, { pane: 'dashboard' }>;
      sources: DashboardSources;
      range: ChartInitialRange;
      chosen: Record<string, Chosen>;
      /** The screen's state while a pane it opened is on top (DashboardPane keeps it here). */
      keep: { state?: DashState };
    }
);

/** The clients a pane may read from: telemetry panes need the telemetry client, the monitor the router. */
export interface PaneClients {
  telemetry: TelemetryClient | undefined;
  router: MonitorRouter;
  /** The change journal: the monitor's `d` is journaled like a typed `no …`. */
  journal?: JournalPort | undefined;
  /** The log pane's `b` (a typed line through the runner: match-list/add-from-pane.ts). */
  matchLists?: MatchListPort | undefined;
  /** `| refresh` and a dashboard's show panels: a line run as the shell runs it (pipes included), in the context it was typed in. */
  runLine?: LineRunner | undefined;
  /** A dashboard's `e`: the shell's completion of a whole line. */
  complete?: DashboardSources['complete'];
}

/** A dashboard's time (`since 6h`, or from … to …) as the window it opens with (1h when unreadable). */
export function dashboardRange(
  time: Extract<PaneSpec, { pane: 'dashboard' }>['dashboard']['time'],
  now: number,
): ChartInitialRange {
  if ('since' in time) {
    const d = readDuration(time.since.replace(/^since\s+/, ''));
    return { sinceMs: d.ok ? d.value : 3_600_000 };
  }
  const from = readTime(time.from, now);
  const to = readTime(time.to, now);
  return from.ok && to.ok && from.value < to.value
    ? { startMs: from.value, endMs: to.value }
    : { sinceMs: 3_600_000 };
}

let nextId = 1;

export function openPane(spec: PaneSpec, clients: PaneClients): OpenPane | undefined {
  const id = nextId++;
  if (spec.pane === 'monitor')
    return { id, kind: 'monitor', spec, source: monitorSource(clients.router, spec.list, clients.journal) };
  if (spec.pane === 'show')
    return clients.runLine
      ? { id, kind: 'show', spec, source: showSource(clients.runLine, spec.line) }
      : undefined;
  if (spec.pane === 'ping') return { id, kind: 'ping', spec, source: pingSource(clients.router, spec) };
  if (spec.pane === 'dashboard')
    return {
      id,
      kind: 'dashboard',
      spec,
      sources: dashboardSources(spec.dashboard, clients),
      range: dashboardRange(spec.dashboard.time, Date.now()),
      chosen: initialChoices(spec.dashboard, spec.vars),
      keep: {},
    };
  const { telemetry } = clients;
  if (!telemetry) return undefined;
  return spec.pane === 'chart'
    ? { id, kind: 'chart', spec, source: chartSource(telemetry, spec.expression, spec.stepSeconds) }
    : { id, kind: 'logs', spec, source: logSource(telemetry, spec.query), matchLists: clients.matchLists };
}

/** What a pane asks for (`c`, `L`) as the spec a typed command would give. */
export function specOf(req: PaneRequest): PaneSpec {
  return req.pane === 'chart'
    ? {
        pane: 'chart',
        expression: req.expression,
        startMs: req.startMs,
        endMs: req.endMs,
        live: req.live,
        ...(req.emptyHint !== undefined ? { emptyHint: req.emptyHint } : {}),
      }
    : { pane: 'logs', query: req.query, startMs: req.startMs, endMs: req.endMs, live: req.live, limit: 200 };
}
