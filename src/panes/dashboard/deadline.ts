// A controller that aborts itself after `ms`: one timer, cleared when the work ends. Not
// AbortSignal.any + AbortSignal.timeout: on Node 20 every such composite is kept alive for good
// (nodejs/node#54614, #55351), and a dashboard makes six a second at its fastest refresh.
export interface Deadline {
  controller: AbortController;
  signal: AbortSignal;
  /** The time ran out (as opposed to an abort by the caller). */
  timedOut(): boolean;
  /** The work ended: the timer goes. */
  clear(): void;
}

export function deadline(ms: number): Deadline {
  const controller = new AbortController();
  let out = false;
  const timer = setTimeout(() => {
    out = true;
    controller.abort(new Error(`no answer within ${Math.round(ms / 1000)}s`));
  }, ms);
  return {
    controller,
    signal: controller.signal,
    timedOut: () => out,
    clear: () => clearTimeout(timer),
  };
}
