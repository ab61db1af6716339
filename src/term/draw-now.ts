// A frame that answers a key is drawn at once. Ink draws at most one frame per 1000 / maxFps ms
// (33 ms), and a frame asked for inside that window waits for its end: a key pressed just after
// a chart drew its refreshed data waited up to 33 ms more (bench/chart-keys-bench.ts). The key
// source marks each key; Ink asks at every frame (its `drawNow` option, patches/ink) and flushes
// its throttle once per mark. Data alone (a followed log) still draws at most maxFps frames a second.

export interface DrawNow {
  /** A key was read: the next frame is drawn without waiting. */
  mark(): void;
  /** Ink's question at each frame: true once after each mark. */
  take(): boolean;
}

export function createDrawNow(): DrawNow {
  let pending = false;
  return {
    mark: () => {
      pending = true;
    },
    take: () => {
      const was = pending;
      pending = false;
      return was;
    },
  };
}
