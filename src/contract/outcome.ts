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
  | { pane: 'dashboard'; dashboard: Dashboard; vars?: Record<string, string[]> }
  /** `ping … | graph`: the router's ping sent again with count 1, one request at a time (features/ping/). */
  | {
      pane: 'ping';
      /** The line as typed, without `| graph` (the header shows it). */
      line: string;
      /** The resolved ping with `count 1` for the user's count and without its interval: sent as is, each time. */
      request: RouterRequest;
      /** From one request's start to the next (the user's `interval`, default 1 s). */
      intervalMs: number;
      /** Requests in all (the user's `count`); absent: until q. */
      count?: number;
      /** The first request's answer, sent when the line ran (a wrong line fails at the prompt). */
      first?: { text: string; at: number };
    };

/** One request of the ping pane, its answer read (features/ping/ping-parse.ts); `seq` counts from 1. */
export type PingResult = { seq: number; at: number } & (
  | { kind: 'reply'; rttMs: number }
  /** No echo reply: a timeout, the router's loss line, or its error. */
  | { kind: 'lost'; why: string }
  /** An answer the reader could not read: its most telling line (unsanitized), shown by the pane. */
  | { kind: 'unparsed'; text: string }
);

/** What feeds the ping pane (made once per pane, in features/ping/). */
export interface PingSource {
  /**
   * Sends requests one at a time (the next `intervalMs` after the last one started), each
   * result to `result`, until the count is sent (`end`) or the returned stop is called (the
   * request under way is aborted and not counted). Started again, it goes on with the count.
   */
  start(on: { result(r: PingResult): void; end(): void }): () => void;
}

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
