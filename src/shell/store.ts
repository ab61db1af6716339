// A tiny external store (for useSyncExternalStore): key handlers read and write the state
// synchronously, so several keys from one read each see the line the previous one left.
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
