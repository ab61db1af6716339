// Would a change cut routersh's own path to the router? Asked before a change is sent inside a
// confirmed-change window (and for any change the user confirms interactively): a revert done by
// routersh cannot reach a router whose path it has cut. Filled in by the own-path work (issue 11).
import type { RouterRequest } from '../api/router/types.js';
import type { RunnerDeps } from './deps.js';

export interface OwnPathDeps {
  router: RunnerDeps['router'];
  /** The address routersh's connection to the router comes from, as the router sees it. */
  sourceAddress?: () => string | undefined;
  signal: AbortSignal;
}

/** Why `request` would cut routersh's own path to the router, or undefined when it would not. */
export async function ownPathWarning(
  _request: RouterRequest,
  _deps: OwnPathDeps,
): Promise<string | undefined> {
  return undefined;
}
