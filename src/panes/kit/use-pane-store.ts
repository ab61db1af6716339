// A pane's reducer state in a synchronous store, rendered through useSyncExternalStore: a key
// handler or an effect that dispatches sees the result at once (`store.get()`), with no
// `useRef` mirror of the state and no reducer re-run by hand.
import { useState, useSyncExternalStore } from 'react';
import { createPaneStore, type PaneStore } from './store.js';

/** The store is made once per mount (`init` runs once); the state is the one React renders. */
export function usePaneStore<S, A>(reducer: (s: S, a: A) => S, init: () => S): [S, PaneStore<S, A>] {
  const [store] = useState(() => createPaneStore(reducer, init()));
  const state = useSyncExternalStore(store.subscribe, store.get, store.get);
  return [state, store];
}
