// Server JSON is parsed by V8 without a depth limit, but everything after the parse (the
// redaction walk, decoders, JSON.stringify for --json) recurses. One iterative check at each
// client's boundary bounds that recursion: no API we speak nests more than a few levels.

/** Deeper answers are refused as malformed (router NodeInfo needs ~6 levels, telemetry ~5). */
export const MAX_JSON_DEPTH = 512;

/** True when `value` nests arrays/objects more than `max` levels deep. Iterative, O(size). */
export function nestedDeeperThan(value: unknown, max = MAX_JSON_DEPTH): boolean {
  const stack: Array<[unknown, number]> = [[value, 0]];
  for (let next = stack.pop(); next !== undefined; next = stack.pop()) {
    const [v, depth] = next;
    if (typeof v !== 'object' || v === null) continue;
    if (depth >= max) return true;
    for (const child of Array.isArray(v) ? v : Object.values(v)) {
      if (typeof child === 'object' && child !== null) stack.push([child, depth + 1]);
    }
  }
  return false;
}
