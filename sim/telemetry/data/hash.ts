// Deterministic integer hashing: every synthetic value is a pure function of (seed, org,
// series, time), so any window can be generated on demand instead of stored point by point.

function mix(h: number, x: number): number {
  let k = Math.imul(x >>> 0, 0xcc9e2d51);
  k = (k << 15) | (k >>> 17);
  k = Math.imul(k, 0x1b873593);
  const r = h ^ k;
  return Math.imul((r << 13) | (r >>> 19), 5) + 0xe6546b64;
}

/** A 32-bit unsigned hash of up to five integers (murmur3-style). */
export function hash(a: number, b = 0, c = 0, d = 0, e = 0): number {
  let h = mix(mix(mix(mix(mix(0x9747b28c, a), b), c), d), e);
  h ^= h >>> 16;
  h = Math.imul(h, 0x85ebca6b);
  h ^= h >>> 13;
  h = Math.imul(h, 0xc2b2ae35);
  h ^= h >>> 16;
  return h >>> 0;
}

/** A uniform number in [0, 1) derived from the inputs. */
export function rand(a: number, b = 0, c = 0, d = 0, e = 0): number {
  return hash(a, b, c, d, e) / 4294967296;
}

/** Picks an item by cumulative weight with a uniform number r in [0, 1). */
export function pickWeighted<T extends { weight: number }>(items: readonly T[], r: number): T {
  let total = 0;
  for (const it of items) total += it.weight;
  let x = r * total;
  for (const it of items) {
    x -= it.weight;
    if (x < 0) return it;
  }
  return items[items.length - 1]!;
}
