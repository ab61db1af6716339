// Dashboards built in code for the dashboard screen's tests (the file reader has its own).
import type { Dashboard, Panel } from '../../../src/contract/dashboard.js';

const at = (x: number, y: number, w: number, h: number) => ({ x, y, w, h });

/** Six panels, as the bench and the layout tests draw them (Grafana's grid, 24 columns). */
export const SIX_PANELS: Panel[] = [
  {
    kind: 'chart',
    title: 'Traffic by group',
    expr: 'sum by (grp) (rate(bytes_down[5m]))',
    grid: at(0, 0, 12, 8),
  },
  { kind: 'stat', title: 'Drops', expr: 'sum(rate(drops[5m]))', unit: 'pps', grid: at(12, 0, 6, 8) },
  { kind: 'chart', title: 'CPU $host', expr: 'cpu_usage_percent{host="$host"}', grid: at(18, 0, 6, 8) },
  { kind: 'logs', title: 'Error logs', query: 'level:error', grid: at(0, 8, 12, 8) },
  { kind: 'monitor', title: 'Blacklist', list: 'blacklist', grid: at(12, 8, 12, 8) },
  { kind: 'histogram', title: 'All logs', query: '*', grid: at(0, 16, 24, 4) },
];

export function dashboard(panels: Panel[] = SIX_PANELS, over: Partial<Dashboard> = {}): Dashboard {
  return {
    title: 'Overview',
    time: { since: '1h' },
    refreshSeconds: 10,
    variables: [
      { kind: 'label', name: 'host', label: 'host', match: 'cpu_usage_percent' },
      { kind: 'list', name: 'grp', values: ['business', 'residential'], multi: true, includeAll: true },
    ],
    panels,
    ...over,
  };
}
