// What feeds the ping pane (`ping … | graph`): made once per pane by features/ping/.

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
