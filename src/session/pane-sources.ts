// The panes' sources port (contract/pane-sources.ts), put together from the features that make them:
// telemetry (chart, logs), match-list (monitor, the log pane's `b`), ping, dashboards, and the
// show pane's line run through the shell's runner. Loaded with the shell only (one-shot runs open no
// pane). A new pane kind's source is added in its feature's part; this file changes only for a
// feature that had none.
import type { PaneContext, PaneSources } from '../contract/pane-sources.js';
import type { Services } from '../contract/services.js';
import { dashboardPaneSources } from '../features/dashboards/dashboard-sources.js';
import { matchListPaneSources, matchListsFor } from '../features/match-list/pane-sources.js';
import { monitorSource } from '../features/match-list/monitor-source.js';
import { pingPaneSources } from '../features/ping/pane-sources.js';
import { fleetMonitorSource } from '../features/fleet/shell/fleet-monitor.js';
import { telemetryPaneSources, telemetryPanelSources } from '../features/telemetry/pane-sources.js';
import { showSource } from './show-source.js';

/** `services`: the session's, once built (they hold this port). */
export function paneSources(services: () => Services): PaneSources {
  const telemetry = () => services().telemetry?.loaded();
  const matchLists = (ctx: PaneContext) => matchListsFor(services())(ctx);
  return {
    ...telemetryPaneSources(telemetry, matchLists),
    ...matchListPaneSources(services),
    show: (spec, ctx) => showSource(ctx.runPiped, spec.line),
    ...pingPaneSources(() => services().router),
    // One router's shell: the fleet monitor of this router alone (the fleet shell gives its hosts').
    fleetMonitor: (spec) =>
      fleetMonitorSource([
        {
          name: services().identity?.router ?? 'router',
          source: monitorSource(services().router, spec.list),
        },
      ]),
    ...dashboardPaneSources({
      telemetry,
      panels: () => ({
        ...telemetryPanelSources(telemetry()),
        monitor: (list) => monitorSource(services().router, list, services().journal, services().candidate),
      }),
      readLine: showSource,
      matchLists,
    }),
  };
}
