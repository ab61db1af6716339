// The dashboard screen's data sources, made from the session's clients when the screen opens:
// each panel's source is the one its single pane reads from (chart, logs, monitor), plus the
// stat panel's (an instant query and a small range query) and the show panel's (a read-only
// line through the runner). Without a telemetry API only the telemetry panels fail, each in
// its own box.
import type { TelemetryClient } from '../api/telemetry/client.js';
import type { Outcome } from '../contract/outcome.js';
import { notConfiguredError, argumentError } from '../errors.js';
import type { Dashboard } from '../contract/dashboard.js';
import { interpolate, withStep } from '../features/dashboards/interpolate.js';
import { variableSources } from '../features/dashboards/variable-load.js';
import { monitorSource } from '../features/match-list/monitor-source.js';
import { chartSource, logSource, planRange } from '../features/telemetry/telemetry-sources.js';
import { completeLine } from '../lang/complete-line.js';
import type { EngineDeps } from '../lang/types.js';
import { isReadOnlyCommand, splitPipes } from '../lang/pipes.js';
import { readStep } from '../lang/time.js';
import { showSource } from './show-source.js';
import type { DashboardSources, StatSource } from '../panes/dashboard/panel-data.js';
import type { JournalPort } from '../contract/services.js';
import type { MonitorRouter } from '../features/match-list/monitor-source.js';
import type { MatchListPort } from '../contract/logs.js';

/** What the dashboard reads from (the shell's pane clients, open-pane.ts). */
export interface DashboardClients {
  telemetry: TelemetryClient | undefined;
  router: MonitorRouter;
  journal?: JournalPort | undefined;
  matchLists?: MatchListPort | undefined;
  runLine?: ((line: string, signal: AbortSignal) => Promise<Outcome>) | undefined;
  complete?: DashboardSources['complete'];
}

const NO_TELEMETRY = () =>
  notConfiguredError('no telemetry API configured: give --telemetry URL and a key (ROUTERSH_TELEMETRY_KEY)');

/** Only `show …` and `describe …` refresh in a panel: a dashboard file never changes the router. */

/** `expression` from the step sent (the sparkline's, which the instant value shares): see chartSource. */
function statSource(client: TelemetryClient, expression: (stepSeconds: number) => string): StatSource {
  return {
    async fetch(q, signal) {
      const caps = await client.capabilities(signal);
      const plan = planRange(q, q.points, caps.limits);
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

export function dashboardSources(dashboard: Dashboard, clients: DashboardClients): DashboardSources {
  const { telemetry } = clients;
  const failing = { fetch: () => Promise.reject(NO_TELEMETRY()) };
  const noLogs = {
    search: () => Promise.reject(NO_TELEMETRY()),
    histogram: () => Promise.reject(NO_TELEMETRY()),
  };
  return {
    chart: (expr, step) => {
      if (!telemetry) return failing;
      const s = step === undefined ? undefined : readStep(step);
      const fixed = s?.ok ? s.value : undefined;
      // Grafana: a panel's own step (its "Min step") is the scrape interval $__rate_interval assumes.
      return chartSource(telemetry, (sent) => withStep(expr, sent, fixed), fixed);
    },
    stat: (expr) => (telemetry ? statSource(telemetry, (sent) => withStep(expr, sent)) : failing),
    logs: (query) => (telemetry ? logSource(telemetry, query) : noLogs),
    monitor: (list) => monitorSource(clients.router, list, clients.journal),
    show: (line) => ({
      async run(signal) {
        if (!isReadOnlyCommand(splitPipes(line).command))
          throw argumentError('a show panel runs only show … or describe … lines');
        if (!clients.runLine) throw argumentError('show panels need the shell');
        return showSource(clients.runLine, line).read(signal);
      },
    }),
    interpolate,
    ...variableSources(dashboard, telemetry),
    matchLists: clients.matchLists,
    complete: clients.complete,
  };
}

/** A dashboard's `e`: Tab on `metrics range EXPR` (…) as the prompt completes it, the line back. */
export function lineCompleter(deps: () => EngineDeps): NonNullable<DashboardSources['complete']> {
  return async (line, signal) => {
    const res = await completeLine({ text: line, cursor: line.length }, deps(), signal);
    const next = line.slice(0, res.replaceFrom) + res.commonPrefix + line.slice(res.replaceTo);
    const candidates = res.candidates.filter((c) => c.insertable).map((c) => c.display);
    // Tab never shortens what was typed; one candidate is taken whole.
    const only =
      res.candidates.length === 1 && res.candidates[0]!.insertable ? res.candidates[0]! : undefined;
    const taken = only
      ? line.slice(0, res.replaceFrom) + only.text + (only.continues ? '' : ' ') + line.slice(res.replaceTo)
      : next;
    return { line: taken.length >= line.length ? taken : line, candidates };
  };
}
