// The dashboard screen's sources, made when the screen opens: each panel's source is the one its
// single pane reads from, made by that pane's feature (chart, stat and logs by telemetry, monitor
// by match-list, show through the shell's runner; session/pane-sources.ts hands them in), plus
// this feature's own: the variables' values and their substitution.
import type { TelemetryClient } from '../../api/telemetry/client.js';
import type { ChartInitialRange, ChartSource } from '../../contract/chart.js';
import type { Dashboard, DashboardSources, StatSource } from '../../contract/dashboard.js';
import type { LogSource, MatchListPort } from '../../contract/logs.js';
import type { MonitorSource } from '../../contract/monitor.js';
import type { PaneContext, PaneSources } from '../../contract/pane-sources.js';
import type { PaneSpecOf } from '../../contract/panes.js';
import { argumentError } from '../../errors.js';
import { isReadOnlyCommand, splitPipes } from '../../lang/pipes.js';
import { readDuration, readStep, readTime } from '../../lang/time.js';
import { interpolate, withStep } from './interpolate.js';
import { initialChoices } from './var-args.js';
import { variableSources } from './variable-load.js';

/** The panels' sources, by the features that make them (telemetry, match-list). */
export interface PanelSources {
  /** A chart of the expression as written for the step sent; `fixedStep`: the panel's own step. */
  chart(expression: (stepSeconds: number) => string, fixedStep?: number, minStep?: number): ChartSource;
  stat(expression: (stepSeconds: number) => string, minStep?: number): StatSource;
  logs(query: string): LogSource;
  monitor(list: string): MonitorSource;
}

export interface DashboardDeps {
  telemetry: () => TelemetryClient | undefined;
  panels: () => PanelSources;
  /** A line's text as the shell prints it (a show panel's source). */
  readLine: (run: PaneContext['runPiped'], line: string) => { read(signal: AbortSignal): Promise<string> };
  matchLists: (ctx: PaneContext) => MatchListPort | undefined;
}

export function dashboardPaneSources(deps: DashboardDeps): Pick<PaneSources, 'dashboard'> {
  return {
    dashboard: (spec: PaneSpecOf<'dashboard'>, ctx: PaneContext) => ({
      sources: dashboardSources(spec.dashboard, deps, ctx),
      range: dashboardRange(spec.dashboard.time, Date.now()),
      chosen: initialChoices(spec.dashboard, spec.vars),
    }),
  };
}

/** A panel's `step` or `interval` in seconds (validated when the file was read). */
function seconds(step: string | undefined): number | undefined {
  const s = step === undefined ? undefined : readStep(step);
  return s?.ok ? s.value : undefined;
}

function dashboardSources(dashboard: Dashboard, deps: DashboardDeps, ctx: PaneContext): DashboardSources {
  const telemetry = deps.telemetry();
  const panels = deps.panels();
  // The dashboard's scrape interval (Grafana's data source `timeInterval`), else 15 s.
  const scrape = seconds(dashboard.scrape);
  return {
    chart: (expr, step, interval) => {
      const fixed = seconds(step);
      const min = seconds(interval);
      // Grafana: a panel's own step ("Min step") or Min interval is the scrape interval
      // $__rate_interval assumes.
      return panels.chart((sent) => withStep(expr, sent, fixed ?? min ?? scrape), fixed, min);
    },
    stat: (expr, interval) => {
      const min = seconds(interval);
      return panels.stat((sent) => withStep(expr, sent, min ?? scrape), min);
    },
    logs: panels.logs,
    monitor: panels.monitor,
    // Only `show …` and `describe …` refresh in a panel: a dashboard file never changes the router.
    show: (line) => ({
      async run(signal) {
        if (!isReadOnlyCommand(splitPipes(line).command))
          throw argumentError('a show panel runs only show … or describe … lines');
        return deps.readLine(ctx.runPiped, line).read(signal);
      },
    }),
    interpolate,
    ...variableSources(dashboard, telemetry),
    matchLists: deps.matchLists(ctx),
    complete: ctx.complete,
  };
}

/** A dashboard's time (`since 6h`, or from … to …) as the window it opens with (1h when unreadable). */
export function dashboardRange(time: Dashboard['time'], now: number): ChartInitialRange {
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
