// A pane and its data source, made together when the pane opens (so a re-render of the
// shell never makes a new source, and the pane never refetches because of one). The source
// comes through the session's one port (Services.panes, made by the features); the shell only
// lends it its runners and its completion (PaneContext).
import type { PaneContext, PaneSources } from '../contract/pane-sources.js';
import type { PaneKind, PaneSourceOf, PaneSpec, PaneSpecOf } from '../contract/panes.js';
import type { PaneRequest } from '../panes/pane-links.js';

/** `id` tells panes apart in the shell's stack (a pane shown again is drawn anew). */
export interface OpenPaneOf<K extends PaneKind> {
  id: number;
  kind: K;
  spec: PaneSpecOf<K>;
  source: PaneSourceOf<K>;
  /** What the pane keeps while another is on top of it (the dashboard's state). */
  keep: { state?: unknown };
}

export type OpenPane = { [K in PaneKind]: OpenPaneOf<K> }[PaneKind];

let nextId = 1;

function open<K extends PaneKind>(
  kind: K,
  spec: PaneSpecOf<K>,
  sources: PaneSources,
  ctx: PaneContext,
): OpenPaneOf<K> | undefined {
  const source = sources[kind](spec, ctx);
  return source === undefined ? undefined : { id: nextId++, kind, spec, source, keep: {} };
}

/** The pane `spec` asks for, or undefined when it cannot open (no telemetry API for a chart). */
export const openPane = (spec: PaneSpec, sources: PaneSources, ctx: PaneContext): OpenPane | undefined =>
  // One kind at a time: TypeScript does not narrow the union by `pane` through the generic.
  open(spec.pane, spec, sources, ctx) as OpenPane | undefined;

/** What a pane asks for (`c`, `L`) as the spec a typed command would give. */
export function specOf(req: PaneRequest): PaneSpec {
  return req.pane === 'chart'
    ? {
        pane: 'chart',
        expression: req.expression,
        startMs: req.startMs,
        endMs: req.endMs,
        live: req.live,
        ...(req.emptyHint !== undefined ? { emptyHint: req.emptyHint } : {}),
      }
    : { pane: 'logs', query: req.query, startMs: req.startMs, endMs: req.endMs, live: req.live, limit: 200 };
}
