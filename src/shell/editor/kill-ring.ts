// The readline kill ring: killed text is saved newest first; consecutive kills grow the
// newest entry instead of adding one (so Ctrl-W Ctrl-W Ctrl-Y brings back both words).

export const KILL_RING_MAX = 30;

/**
 * Adds `text` to the ring. When `append` is true the previous action was a kill too:
 * forward kills add to the end of the newest entry, backward kills to its front.
 */
export function pushKill(
  ring: readonly string[],
  text: string,
  append: boolean,
  backward: boolean,
): string[] {
  if (text === '') return [...ring];
  const newest = ring[0];
  if (append && newest !== undefined) {
    return [backward ? text + newest : newest + text, ...ring.slice(1)];
  }
  return [text, ...ring].slice(0, KILL_RING_MAX);
}

/** The entry after `index` for yank-pop (Alt-Y), wrapping around. */
export function nextYankIndex(ring: readonly string[], index: number): number {
  return ring.length === 0 ? 0 : (index + 1) % ring.length;
}
