// The depth check of ../json-depth.ts for big answers: the same walk, giving the event loop a
// turn every few thousand nodes, so checking a multi-megabyte chart answer never holds a key.
import { MAX_JSON_DEPTH } from '../json-depth.js';
import { nextTurn } from './decode.js';

/** Bodies at least this long are checked and decoded in slices (a chart of many series). */
export const BIG_BODY_CHARS = 256 * 1024;
const NODES_PER_SLICE = 20_000;

export async function nestedDeeperThanYielding(
  value: unknown,
  max = MAX_JSON_DEPTH,
  yieldNow: () => Promise<void> = nextTurn,
): Promise<boolean> {
  const stack: Array<[unknown, number]> = [[value, 0]];
  let visited = 0;
  for (let next = stack.pop(); next !== undefined; next = stack.pop()) {
    const [v, depth] = next;
    if (typeof v !== 'object' || v === null) continue;
    if (depth >= max) return true;
    for (const child of Array.isArray(v) ? v : Object.values(v)) {
      if (typeof child === 'object' && child !== null) stack.push([child, depth + 1]);
    }
    if (++visited >= NODES_PER_SLICE) {
      visited = 0;
      await yieldNow();
    }
  }
  return false;
}
