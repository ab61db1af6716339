// What running one line produced. The shell and the batch runner each interpret it (one
// exhaustive switch each); commands never print.
import type { Envelope, RouterRequest } from '../api/router/types.js';
import type { RoutershError } from '../errors.js';
import type { Dashboard } from './dashboard.js';

export interface LineErrorInfo {
  column: number;
  length: number;
  wordIndex: number;
}

export type PaneSpec =
  | {
      pane: 'chart';
      expression: string;
      startMs: number;
      endMs: number;
      live: boolean;
      stepSeconds?: number;
      /** Said in the plot when it shows nothing: how to fix it (a default pane link, pane-links.ts). */
      emptyHint?: string;
    }
  | { pane: 'logs'; query: string; startMs: number; endMs: number; live: boolean; limit: number }
  | { pane: 'monitor'; list: string }
  /** `show … | refresh N`: `line` (its other pipes kept) run again every N seconds; `first`: its output at open. */
  | { pane: 'show'; line: string; everySeconds: number; first?: string }
  /** The dashboard screen; `vars`: values chosen at open (`var host=bras-1`), by variable name. */
  | { pane: 'dashboard'; dashboard: Dashboard; vars?: Record<string, string[]> };

export type Outcome =
  | { kind: 'empty' }
  /** A router request and its answer. `text` is the human rendering. */
  | { kind: 'router'; request: RouterRequest; envelope: Envelope; text: string }
  /** Output of a built-in: human text, and what --json prints; `diff`: `-`/`+` lines (coloured on a terminal). */
  | {
      kind: 'text';
      text: string;
      json: unknown;
      diff?: boolean;
      /** The command did not do all it was asked (`match-list import` with failed entries): shown after the text, and the line failed. */
      failure?: RoutershError;
    }
  | { kind: 'context'; context: string[]; text: string }
  | { kind: 'exit' }
  /** A full-screen pane (TTY only); the plain runner never gets one. */
  | { kind: 'pane'; spec: PaneSpec }
  | { kind: 'error'; error: RoutershError; at?: LineErrorInfo };
