// The telemetry panes' sources (chart, logs) and a dashboard's telemetry panels (chart, stat,
// logs, histogram), made from the session's telemetry client when a pane opens. Without a
// telemetry API a chart or log pane does not open; a dashboard's telemetry panels each fail in
// their own box.
import type { TelemetryClient } from '../../api/telemetry/client.js';
import type { ChartSource } from '../../contract/chart.js';
import type { StatSource } from '../../contract/dashboard.js';
import type { LogSource, MatchListPort } from '../../contract/logs.js';
import type { PaneContext, PaneSources } from '../../contract/pane-sources.js';
import { notConfiguredError } from '../../errors.js';
import { chartSource, logSource, planRange } from './telemetry-sources.js';

export function telemetryPaneSources(
  telemetry: () => TelemetryClient | undefined,
  /** The log pane's `b` (the match-list feature's port). */
  matchLists: (ctx: PaneContext) => MatchListPort | undefined,
): Pick<PaneSources, 'chart' | 'logs'> {
  return {
    chart: (spec) => {
      const t = telemetry();
      return t && chartSource(t, spec.expression, spec.stepSeconds);
    },
    logs: (spec, ctx) => {
      const t = telemetry();
      return t && { source: logSource(t, spec.query), matchLists: matchLists(ctx) };
    },
  };
}

const NO_TELEMETRY = () =>
  notConfiguredError('no telemetry API configured: give --telemetry URL and a key (ROUTERSH_TELEMETRY_KEY)');

/**
 * A dashboard's telemetry panels, each from its expression as written for the step sent (the
 * dashboards feature substitutes $__rate_interval and the like): each fails in its own box
 * without a telemetry API.
 */
export function telemetryPanelSources(telemetry: TelemetryClient | undefined) {
  const failing = { fetch: () => Promise.reject(NO_TELEMETRY()) };
  const noLogs = {
    search: () => Promise.reject(NO_TELEMETRY()),
    histogram: () => Promise.reject(NO_TELEMETRY()),
  };
  return {
    chart: (
      expression: (stepSeconds: number) => string,
      fixedStep?: number,
      minStep?: number,
    ): ChartSource => (telemetry ? chartSource(telemetry, expression, fixedStep, minStep) : failing),
    stat: (expression: (stepSeconds: number) => string, minStep?: number): StatSource =>
      telemetry ? statSource(telemetry, expression, minStep) : failing,
    logs: (query: string): LogSource => (telemetry ? logSource(telemetry, query) : noLogs),
  };
}

/**
 * A stat panel: the instant query at the window's end and a small range query for its sparkline.
 * `expression` from the step sent (the sparkline's, which the instant value shares): see chartSource.
 */
function statSource(
  client: TelemetryClient,
  expression: (stepSeconds: number) => string,
  minStep?: number,
): StatSource {
  return {
    async fetch(q, signal) {
      const caps = await client.capabilities(signal);
      const plan = planRange(q, q.points, caps.limits, undefined, minStep);
      const text = expression(plan.stepSeconds);
      const [now, range] = await Promise.all([
        client.query({ expression: text, time: q.endMs }, signal),
        client.queryRange(
          { expression: text, start: plan.startMs, end: plan.endMs, stepSeconds: plan.stepSeconds },
          signal,
        ),
      ]);
      return {
        values: now.data.series.map((s) => ({ labels: s.labels, value: s.samples.at(-1)?.v ?? null })),
        spark: range.data.series.slice(0, 1),
      };
    },
  };
}
