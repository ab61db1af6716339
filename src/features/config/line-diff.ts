// A line diff of two configurations' line texts (compare FILE|checkpoint|--profile|--router, and
// `routersh config diff A B`), and its unified-diff rendering. Pure.
//
// Both sides are in tree order and nearly every line is unique (a line is the whole path with
// its value), so a patience diff fits: lines that occur once on each side are the anchors (the
// longest run of them in the same order, O(n log n)); between anchors what is left is small and
// gets an exact LCS when it is, else all its old lines then all its new ones. 75,000 lines a side
// diff in well under a second (test/features/config/diff-lines.test.ts).

export type Sign = ' ' | '-' | '+';
export interface DiffOp {
  sign: Sign;
  text: string;
}

/** Largest gap (old × new lines) given an exact LCS; a bigger one is shown as - all, + all. */
const EXACT_CELLS = 1 << 20;

/** The edit from `old` to `now`: every line of both, each kept (` `), removed (`-`) or added (`+`). */
export function diffLines(old: readonly string[], now: readonly string[]): DiffOp[] {
  const out: DiffOp[] = [];
  diffRange(old, 0, old.length, now, 0, now.length, out);
  return out;
}

function diffRange(
  a: readonly string[],
  aLo: number,
  aHi: number,
  b: readonly string[],
  bLo: number,
  bHi: number,
  out: DiffOp[],
): void {
  // Common head and tail.
  while (aLo < aHi && bLo < bHi && a[aLo] === b[bLo]) {
    out.push({ sign: ' ', text: a[aLo++]! });
    bLo++;
  }
  let tail = 0;
  while (aHi - tail > aLo && bHi - tail > bLo && a[aHi - tail - 1] === b[bHi - tail - 1]) tail++;
  aHi -= tail;
  bHi -= tail;
  if (aLo === aHi || bLo === bHi) {
    for (let i = aLo; i < aHi; i++) out.push({ sign: '-', text: a[i]! });
    for (let j = bLo; j < bHi; j++) out.push({ sign: '+', text: b[j]! });
  } else {
    const anchors = uniqueAnchors(a, aLo, aHi, b, bLo, bHi);
    if (anchors.length === 0) exact(a, aLo, aHi, b, bLo, bHi, out);
    else {
      let i = aLo;
      let j = bLo;
      for (const [ai, bj] of anchors) {
        diffRange(a, i, ai, b, j, bj, out);
        out.push({ sign: ' ', text: a[ai]! });
        i = ai + 1;
        j = bj + 1;
      }
      diffRange(a, i, aHi, b, j, bHi, out);
    }
  }
  for (let k = tail; k > 0; k--) out.push({ sign: ' ', text: a[aHi + tail - k]! });
}

/**
 * The lines that occur exactly once in each range, as [index in a, index in b] pairs, reduced
 * to the longest chain increasing on both sides (patience: a longest increasing subsequence).
 */
function uniqueAnchors(
  a: readonly string[],
  aLo: number,
  aHi: number,
  b: readonly string[],
  bLo: number,
  bHi: number,
): [number, number][] {
  // -1: seen more than once.
  const inA = new Map<string, number>();
  for (let i = aLo; i < aHi; i++) inA.set(a[i]!, inA.has(a[i]!) ? -1 : i);
  const inB = new Map<string, number>();
  for (let j = bLo; j < bHi; j++) {
    const t = b[j]!;
    if (inA.has(t)) inB.set(t, inB.has(t) ? -1 : j);
  }
  const pairs: [number, number][] = [];
  for (let i = aLo; i < aHi; i++) {
    const t = a[i]!;
    const ai = inA.get(t)!;
    const bj = inB.get(t);
    if (ai === i && bj !== undefined && bj >= 0) pairs.push([i, bj]);
  }
  return longestIncreasing(pairs);
}

/** The longest subsequence of `pairs` (increasing in [0]) increasing in [1]: O(n log n). */
function longestIncreasing(pairs: [number, number][]): [number, number][] {
  const tails: number[] = []; // index into pairs of the smallest tail of each length
  const prev = new Int32Array(pairs.length).fill(-1);
  for (let k = 0; k < pairs.length; k++) {
    const v = pairs[k]![1];
    let lo = 0;
    let hi = tails.length;
    while (lo < hi) {
      const mid = (lo + hi) >> 1;
      if (pairs[tails[mid]!]![1] < v) lo = mid + 1;
      else hi = mid;
    }
    if (lo > 0) prev[k] = tails[lo - 1]!;
    tails[lo] = k;
  }
  const chain: [number, number][] = [];
  for (let k = tails.length ? tails[tails.length - 1]! : -1; k >= 0; k = prev[k]!) chain.push(pairs[k]!);
  return chain.reverse();
}

/** An exact LCS of a small gap (DP table); a big one: its old lines removed, its new ones added. */
function exact(
  a: readonly string[],
  aLo: number,
  aHi: number,
  b: readonly string[],
  bLo: number,
  bHi: number,
  out: DiffOp[],
): void {
  const n = aHi - aLo;
  const m = bHi - bLo;
  if (n * m > EXACT_CELLS) {
    for (let i = aLo; i < aHi; i++) out.push({ sign: '-', text: a[i]! });
    for (let j = bLo; j < bHi; j++) out.push({ sign: '+', text: b[j]! });
    return;
  }
  // len[i][j]: LCS of a[aLo+i..] and b[bLo+j..].
  const w = m + 1;
  const len = new Uint32Array((n + 1) * w);
  for (let i = n - 1; i >= 0; i--)
    for (let j = m - 1; j >= 0; j--)
      len[i * w + j] =
        a[aLo + i] === b[bLo + j]
          ? len[(i + 1) * w + j + 1]! + 1
          : Math.max(len[(i + 1) * w + j]!, len[i * w + j + 1]!);
  let i = 0;
  let j = 0;
  while (i < n && j < m) {
    if (a[aLo + i] === b[bLo + j]) {
      out.push({ sign: ' ', text: a[aLo + i]! });
      i++;
      j++;
    } else if (len[(i + 1) * w + j]! >= len[i * w + j + 1]!) out.push({ sign: '-', text: a[aLo + i++]! });
    else out.push({ sign: '+', text: b[bLo + j++]! });
  }
  for (; i < n; i++) out.push({ sign: '-', text: a[aLo + i]! });
  for (; j < m; j++) out.push({ sign: '+', text: b[bLo + j]! });
}

/** Whether the edit changes anything. */
export const differs = (ops: readonly DiffOp[]): boolean => ops.some((o) => o.sign !== ' ');

/**
 * The edit as a unified diff: `--- OLD` and `+++ NEW` (when named), then hunks
 * `@@ -l,n +l,n @@` with `context` unchanged lines around each change. Nothing when equal.
 */
export function unifiedDiff(
  ops: readonly DiffOp[],
  o: { old?: string; now?: string; context?: number } = {},
): string[] {
  const context = o.context ?? 3;
  const out: string[] = [];
  if (!differs(ops)) return out;
  if (o.old !== undefined) out.push(`--- ${o.old}`);
  if (o.now !== undefined) out.push(`+++ ${o.now}`);
  // Line numbers before each op (1-based) on each side.
  const aAt = new Int32Array(ops.length + 1);
  const bAt = new Int32Array(ops.length + 1);
  aAt[0] = 1;
  bAt[0] = 1;
  for (let k = 0; k < ops.length; k++) {
    aAt[k + 1] = aAt[k]! + (ops[k]!.sign !== '+' ? 1 : 0);
    bAt[k + 1] = bAt[k]! + (ops[k]!.sign !== '-' ? 1 : 0);
  }
  let k = 0;
  while (k < ops.length) {
    while (k < ops.length && ops[k]!.sign === ' ') k++;
    if (k === ops.length) break;
    const start = Math.max(0, k - context);
    // Extend while the next change is within 2 × context unchanged lines.
    let end = k;
    for (;;) {
      while (end < ops.length && ops[end]!.sign !== ' ') end++;
      let gap = end;
      while (gap < ops.length && ops[gap]!.sign === ' ') gap++;
      if (gap < ops.length && gap - end <= 2 * context) end = gap;
      else {
        end = Math.min(ops.length, end + context);
        break;
      }
    }
    const aLen = aAt[end]! - aAt[start]!;
    const bLen = bAt[end]! - bAt[start]!;
    out.push(`@@ -${range(aAt[start]!, aLen)} +${range(bAt[start]!, bLen)} @@`);
    for (let q = start; q < end; q++) out.push(`${ops[q]!.sign}${ops[q]!.text}`);
    k = end;
  }
  return out;
}

/** `l,n` as diff writes it: an empty range starts at the line before. */
const range = (line: number, n: number): string =>
  n === 0 ? `${line - 1},0` : n === 1 ? `${line}` : `${line},${n}`;
