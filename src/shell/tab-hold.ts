// Keys typed while Tab waits for the router. A shell that completes synchronously acts on
// `sh<Tab>int` as `show int`; ours asks the router when the metadata is not cached yet (at
// start, at a slow router), and a key typed meanwhile would change the line and drop the
// answer. So the keys after such a Tab are held and replayed, in order, once the completion is
// applied — or when it fails, after HOLD_MS (a silent router must not swallow typing), or at
// once on Ctrl-C (which also cancels the lookup; it is replayed too, and clears the line).
import type { Key } from '../keys/key-parser.js';
import { matchesCommand } from '../keys/keymap.js';

/**
 * Longer than a slow router's answer of a big list (500 ms, then 65,536 values decoded and
 * indexed: ~0.8 s; at 1 s a busy machine replayed the keys first and lost the Tab's answer),
 * short enough that typing never seems lost.
 */
export const HOLD_MS = 2000;

export interface TabHold {
  /** Holds the keys that follow until `wait` settles (or HOLD_MS, or Ctrl-C). */
  hold(wait: Promise<unknown>): void;
  /** True when `key` was held (the caller does nothing more with it). */
  take(key: Key): boolean;
  dispose(): void;
}

export function createTabHold(o: { replay: (key: Key) => void; cancel: () => void }): TabHold {
  let held: { keys: Key[]; timer: ReturnType<typeof setTimeout> } | undefined;
  const release = (h: typeof held) => {
    if (!h || held !== h) return;
    held = undefined;
    clearTimeout(h.timer);
    for (const k of h.keys) o.replay(k);
  };
  return {
    hold(wait) {
      const h = { keys: [] as Key[], timer: setTimeout(() => release(h), HOLD_MS) };
      held = h;
      wait.then(
        () => release(h),
        () => release(h),
      );
    },
    take(key) {
      if (!held) return false;
      held.keys.push(key);
      if (matchesCommand('line.cancel', key)) o.cancel();
      return true;
    },
    dispose() {
      if (held) clearTimeout(held.timer);
      held = undefined;
    },
  };
}
