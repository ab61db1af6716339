// The pane kinds the shell can show: for each, its view (the pane's component given its spec and
// its source), and its key mode (keys/keymap.ts: the keys it answers to). The shell draws every
// pane through here; the sources come from the features through the one port of
// contract/pane-sources.ts (Services.panes), never from the shell.
//
// A new pane kind = its folder (src/panes/KIND/) + a registry line (here) + its PaneKinds entry
// (contract/panes.ts: its PaneSpec variant and its source type) + its source in its feature (that
// feature's pane sources, put together in session/pane-sources.ts). Each is compiler-checked: the
// registry and the sources port are mapped types over the PaneKinds keys, so a kind missing in
// either does not compile, and a line for a kind PaneKinds lacks is an excess property
// (test/panes/registry-types.ts checks both).
import { createElement, type ReactElement } from 'react';
import type { PaneKind, PaneSourceOf, PaneSpecOf } from '../contract/panes.js';
import type { Mode } from '../keys/keymap.js';
import { ChartPane } from './chart/ChartPane.js';
import type { DashState } from './dashboard/dashboard-reducer.js';
import { DashboardPane } from './dashboard/DashboardPane.js';
import { LogPane } from './logs/LogPane.js';
import { MonitorPane } from './monitor/MonitorPane.js';
import type { PaneLink, PaneRequest } from './pane-links.js';
import { FleetMonitorPane } from './fleet-monitor/FleetMonitorPane.js';
import { PingPane } from './ping/PingPane.js';
import { ShowPane } from './show/ShowPane.js';

/** What the shell hands every pane. */
export interface PaneViewProps<K extends PaneKind> {
  spec: PaneSpecOf<K>;
  source: PaneSourceOf<K>;
  /** What the pane keeps while another pane is on top of it (the shell's stack holds it). */
  keep: { state?: unknown };
  /** `q`: back to the pane below, or to the prompt. */
  onClose: () => void;
  /** `c`, `L`: a pane opened from this one, on top of it. */
  onOpen: (req: PaneRequest) => void;
  links: readonly PaneLink[] | undefined;
  color: boolean;
}

export interface PaneEntry<K extends PaneKind> {
  view: (props: PaneViewProps<K>) => ReactElement;
  /** The key mode of the pane's keys (keys/keymap.ts). */
  keys: Mode;
}

export type PaneRegistry = { readonly [K in PaneKind]: PaneEntry<K> };

/** A live pane's window: the last span up to now, or the fixed range it was opened on. */
const rangeOf = (spec: { live: boolean; startMs: number; endMs: number }) =>
  spec.live ? { sinceMs: spec.endMs - spec.startMs } : { startMs: spec.startMs, endMs: spec.endMs };

export const PANES: PaneRegistry = {
  chart: {
    keys: 'chart',
    view: ({ spec, source, onClose, onOpen, links, color }) =>
      createElement(ChartPane, {
        source,
        expression: spec.expression,
        emptyHint: spec.emptyHint,
        initialRange: rangeOf(spec),
        onClose,
        onOpen,
        links,
        color,
      }),
  },
  logs: {
    keys: 'logs',
    view: ({ spec, source, onClose, onOpen, links, color }) =>
      createElement(LogPane, {
        source: source.source,
        query: spec.query,
        range: rangeOf(spec),
        pageSize: spec.limit,
        onClose,
        onOpen,
        matchLists: source.matchLists,
        links,
        color,
      }),
  },
  monitor: {
    keys: 'monitor',
    view: ({ spec, source, onClose, color }) =>
      createElement(MonitorPane, { source, list: spec.list, onClose, color }),
  },
  show: {
    keys: 'show',
    view: ({ spec, source, onClose, color }) =>
      createElement(ShowPane, {
        source,
        line: spec.line,
        everySeconds: spec.everySeconds,
        first: spec.first,
        onClose,
        color,
      }),
  },
  fleetMonitor: {
    keys: 'fleet',
    view: ({ spec, source, onClose }) =>
      createElement(FleetMonitorPane, { source, list: spec.list, onClose }),
  },
  ping: {
    keys: 'ping',
    view: ({ spec, source, onClose, color }) =>
      createElement(PingPane, {
        source,
        line: spec.line,
        intervalMs: spec.intervalMs,
        count: spec.count,
        onClose,
        color,
      }),
  },
  dashboard: {
    keys: 'dashboard',
    view: ({ spec, source, keep, onClose, onOpen, links, color }) =>
      createElement(DashboardPane, {
        dashboard: spec.dashboard,
        sources: source.sources,
        initialRange: source.range,
        chosen: source.chosen,
        // The box is the dashboard's own: only DashboardPane writes it.
        keep: keep as { state?: DashState },
        onClose,
        onOpen,
        links,
        color,
      }),
  },
};

/** The view of a pane of kind `kind`. */
export function paneView<K extends PaneKind>(kind: K, props: PaneViewProps<K>): ReactElement {
  return PANES[kind].view(props);
}
