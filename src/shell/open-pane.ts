// A pane and its data source, made together when the pane opens (so a re-render of the
// shell never makes a new source, and the pane never refetches because of one).
import type { ChartSource } from '../panes/chart/source.js';
import type { LogSource } from '../panes/logs/source.js';
import type { MonitorSource } from '../panes/monitor/source.js';
import type { BulkJournal } from '../run/match-list/send.js';
import { type MonitorRouter, monitorSource } from '../run/monitor-source.js';
import type { PaneSpec } from '../run/outcome.js';
import type { Session } from '../run/session.js';
import { chartSource, logSource } from '../run/telemetry-sources.js';

type TelemetryClient = NonNullable<Session['telemetry']>;

export type OpenPane =
  | { kind: 'chart'; spec: Extract<PaneSpec, { pane: 'chart' }>; source: ChartSource }
  | { kind: 'logs'; spec: Extract<PaneSpec, { pane: 'logs' }>; source: LogSource }
  | { kind: 'monitor'; spec: Extract<PaneSpec, { pane: 'monitor' }>; source: MonitorSource };

/** The clients a pane may read from: telemetry panes need the telemetry client, the monitor the router. */
export interface PaneClients {
  telemetry: TelemetryClient | undefined;
  router: MonitorRouter;
  /** The change journal: the monitor's `d` is journaled like a typed `no …`. */
  journal?: BulkJournal | undefined;
}

export function openPane(spec: PaneSpec, clients: PaneClients): OpenPane | undefined {
  if (spec.pane === 'monitor')
    return { kind: 'monitor', spec, source: monitorSource(clients.router, spec.list, clients.journal) };
  const { telemetry } = clients;
  if (!telemetry) return undefined;
  return spec.pane === 'chart'
    ? { kind: 'chart', spec, source: chartSource(telemetry, spec.expression, spec.stepSeconds) }
    : { kind: 'logs', spec, source: logSource(telemetry, spec.query) };
}
