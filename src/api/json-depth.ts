// Server JSON is parsed by V8 without a depth limit, but everything after the parse (the
// redaction walk, decoders, JSON.stringify for --json) recurses. One iterative check at each
// client's boundary bounds that recursion: no API we speak nests more than a few levels.

/** Deeper answers are refused as malformed (router NodeInfo needs ~6 levels, telemetry ~5). */
export const MAX_JSON_DEPTH = 512;

/** True when `value` nests arrays/objects more than `max` levels deep. Iterative, O(size). */
export function nestedDeeperThan(value: unknown, max = MAX_JSON_DEPTH): boolean {
  // Two parallel stacks, no [value, depth] pair per object: a 65,536-entry answer made 65,536
  // pairs and as many Object.values arrays of garbage.
  const values: unknown[] = [value];
  const depths: number[] = [0];
  while (values.length > 0) {
    const v = values.pop();
    const depth = depths.pop()!;
    if (typeof v !== 'object' || v === null) continue;
    if (depth >= max) return true;
    if (Array.isArray(v)) {
      for (const child of v) {
        if (typeof child === 'object' && child !== null) {
          values.push(child);
          depths.push(depth + 1);
        }
      }
    } else {
      for (const k in v) {
        const child = (v as Record<string, unknown>)[k];
        if (typeof child === 'object' && child !== null) {
          values.push(child);
          depths.push(depth + 1);
        }
      }
    }
  }
  return false;
}
