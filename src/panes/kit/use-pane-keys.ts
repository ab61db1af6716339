// The one key hook of the panes. The key source hands out one key per grapheme (keys/), and
// each is applied to the pane's store at once, in order: the handler is given the state the
// previous key left, even when React has not rendered between them (a burst read at once).
import type { Key } from '../../keys/key-parser.js';
import { useKeys } from '../key-source/use-keys.js';
import type { PaneStore } from './store.js';

/**
 * What a pane does with one key: an action (object) to apply to its store, `true` when it used
 * the key otherwise (closed, started a read), `false`/`undefined` when it did not: the key then
 * goes to the consumers under the pane (the dashboard under a zoomed panel, the shell).
 */
export type PaneKeyResult<A> = A | boolean | undefined;

export interface PaneKeysOptions {
  /** False while the pane should not take keys (a dashboard panel that is not focused). */
  isActive?: boolean | undefined;
}

export function usePaneKeys<S, A extends object>(
  store: PaneStore<S, A>,
  onKey: (key: Key, state: S) => PaneKeyResult<NoInfer<A>>,
  options: PaneKeysOptions = {},
): void {
  useKeys(
    (key) => {
      const result = onKey(key, store.get());
      if (typeof result !== 'object') return result === true;
      store.dispatch(result);
      return true;
    },
    { isActive: options.isActive !== false },
  );
}
