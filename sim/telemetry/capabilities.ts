// GET /api/v1/capabilities: providers, operations and effective limits.
import { dataAvailableFrom, globalLimits, logsLimits, metricsLimits } from './limits.js';
import type { RouteResult } from './routes-metrics.js';
import { formatMs } from './time.js';

/** `logs: false`: a metrics-only deployment, whose capabilities list no logs provider. */
export function capabilities(now: number, o: { logs: boolean } = { logs: true }): RouteResult {
  const from = formatMs(dataAvailableFrom(now));
  const m = metricsLimits();
  const logs = {
    provider: 'store_logs',
    operations: ['search', 'histogram', 'facets', 'fields', 'field-values'],
    limits: logsLimits(),
  };
  return {
    data: {
      providers: [
        {
          provider: 'store_metrics',
          operations: ['query', 'query-range', 'names', 'labels', 'label-values'],
          data_available_from: from,
          limits: m,
        },
        ...(o.logs ? [logs] : []),
      ],
    },
    meta: {
      source: 'stats_api',
      limits: {
        global: globalLimits(),
        metrics: { range_days: m.range_days, series: m.series, total_points: m.total_points },
      },
      data_available_from: from,
    },
  };
}
