// A library loaded on first need (RE2, fuse.js): `-c "show interface"` must not pay for it. Until
// it is in, a caller answers provisionally and notes that it was wanted; resolveLine then loads
// it and judges the line again (engines.ts), and the shell loads it once its prompt is up.
export interface LazyEngine<T> {
  /** The library, once loaded. */
  readonly value: T | undefined;
  /** Loads it (once). */
  load(): Promise<void>;
  /** A caller answered provisionally: the line must be judged again once it is in. */
  want(): void;
  /** Whether it was wanted since the last call; resets. */
  takeWanted(): boolean;
}

export function lazyEngine<T>(importer: () => Promise<T>): LazyEngine<T> {
  let value: T | undefined;
  let loading: Promise<void> | undefined;
  let wanted = false;
  return {
    get value() {
      return value;
    },
    load: () =>
      (loading ??= importer().then((v) => {
        value = v;
      })),
    want() {
      wanted = true;
    },
    takeWanted() {
      const w = wanted;
      wanted = false;
      return w;
    },
  };
}
