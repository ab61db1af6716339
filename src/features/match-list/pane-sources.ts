// The match-list feature's part of the panes' sources: the monitor pane's (and a dashboard's
// monitor panels'), and the log pane's `b` (add an address to a match-list).
import type { MatchListPort } from '../../contract/logs.js';
import type { PaneContext, PaneSources } from '../../contract/pane-sources.js';
import type { Services } from '../../contract/services.js';
import { matchListPort } from './add-from-pane.js';
import { monitorSource } from './monitor-source.js';

export function matchListPaneSources(
  services: () => Pick<Services, 'router' | 'journal' | 'candidate'>,
): Pick<PaneSources, 'monitor'> {
  return {
    monitor: (spec) => {
      const { router, journal, candidate } = services();
      return monitorSource(router, spec.list, journal, candidate);
    },
  };
}

/** `b` in a log pane: the line that adds the address runs through the shell's runner. */
export const matchListsFor =
  (services: Services) =>
  (ctx: PaneContext): MatchListPort =>
    matchListPort(services, ctx.runLine);
