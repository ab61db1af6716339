// A tiny external store (for useSyncExternalStore): key handlers read and write the state
// synchronously, so several keys from one read each see the state the previous one left.
// The shell keeps its line here; every pane keeps its reducer state here (use-pane-store.ts).
export interface Store<T> {
  get(): T;
  set(next: T): void;
  update(fn: (s: T) => T): void;
  subscribe(listener: () => void): () => void;
}

export function createStore<T>(initial: T): Store<T> {
  let state = initial;
  const listeners = new Set<() => void>();
  const set = (next: T) => {
    if (next === state) return;
    state = next;
    for (const l of listeners) l();
  };
  return {
    get: () => state,
    set,
    update: (fn) => set(fn(state)),
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
  };
}

/** A store whose state changes only through a pure reducer. */
export interface PaneStore<S, A> extends Store<S> {
  /** Applies `action` now: the next `get()` (the next key, an effect) sees its result. */
  dispatch(action: A): void;
}

export function createPaneStore<S, A>(reducer: (s: S, a: A) => S, initial: S): PaneStore<S, A> {
  const store = createStore(initial);
  return { ...store, dispatch: (action) => store.update((s) => reducer(s, action)) };
}
