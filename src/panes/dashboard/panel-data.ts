// What one panel holds between refreshes, by kind. Its sources (contract/dashboard.ts) are made
// by the dashboards feature once per panel and expression, never per render.
import type { HistogramBucket, LogRecord } from '../../api/telemetry/types.js';
import type { ChartData } from '../../contract/chart.js';
import type { StatData } from '../../contract/dashboard.js';
import type { MonitorData } from '../../contract/monitor.js';

export type PanelData =
  | { kind: 'chart'; chart: ChartData }
  | { kind: 'stat'; stat: StatData }
  | { kind: 'logs'; records: LogRecord[] }
  | { kind: 'histogram'; buckets: HistogramBucket[]; note?: string }
  | { kind: 'monitor'; monitor: MonitorData }
  | { kind: 'show'; text: string };

// The sources a dashboard reads from are a port (contract/dashboard.ts): made by the dashboards feature.
export type { DashboardSources, ShowPanelSource, StatData, StatSource } from '../../contract/dashboard.js';
