// The one port the panes' data comes through (Services.panes): a source per pane kind, made by
// the features, and what the shell lends them to make it (its runners, its completion).
import type { Outcome } from './outcome.js';
import type { PaneKind, PaneSourceOf, PaneSpecOf } from './panes.js';

/** What the shell lends the sources: its runners and its completion (the shell runs lines). */
export interface PaneContext {
  /** A line run as the shell runs it, in the context it was typed in, its pipes applied (`| refresh`). */
  runPiped(line: string, signal: AbortSignal): Promise<Outcome>;
  /** A line run at the top level (the log pane's `b` adds to a match-list through it: validated, journaled). */
  runLine(line: string, signal: AbortSignal): Promise<Outcome>;
  /** The shell's completion of a whole line (a dashboard's `e`). */
  complete(line: string, signal: AbortSignal): Promise<{ candidates: string[]; line: string }>;
}

/**
 * The one port the panes' data comes through: a source per kind, made once when the pane opens
 * (undefined: the pane cannot open, e.g. no telemetry API for a chart). Built by the features
 * (session/pane-sources.ts puts their parts together) and handed to the shell in Services.
 */
export type PaneSources = {
  readonly [K in PaneKind]: (spec: PaneSpecOf<K>, ctx: PaneContext) => PaneSourceOf<K> | undefined;
};
