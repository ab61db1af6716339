// What running one line produced. The shell and the batch runner each interpret it (one
// exhaustive switch each); commands never print.
import type { Envelope, RouterRequest } from '../api/router/types.js';
import type { RoutershError } from '../errors.js';

export interface LineErrorInfo {
  column: number;
  length: number;
  wordIndex: number;
}

// One variant per pane kind (contract/panes.ts, where a new kind is added).
export type { PaneSpec } from './panes.js';
import type { PaneSpec } from './panes.js';

export type Outcome =
  | { kind: 'empty' }
  /**
   * A router request and its answer. `text` is the human rendering; `shown`: its first `shown`
   * characters were written already, while the answer arrived (RunIo.stream).
   */
  | { kind: 'router'; request: RouterRequest; envelope: Envelope; text: string; shown?: number }
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
