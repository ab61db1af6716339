// The line diff of compare and `config diff` (line-diff.ts): every line of both sides, in order
// (the kept and removed lines are the old side, the kept and added the new), a longest common
// subsequence where the gap is small (checked against a plain LCS), unified hunks as diff(1)
// writes them, and 75,000 lines a side in one pass (its time is printed, not asserted).
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { diffLines, unifiedDiff } from '../../../src/features/config/line-diff.js';

const side = (ops: { sign: string; text: string }[], drop: string) =>
  ops.filter((o) => o.sign !== drop).map((o) => o.text);

function lcsLength(a: string[], b: string[]): number {
  const dp = Array.from({ length: a.length + 1 }, () => new Array<number>(b.length + 1).fill(0));
  for (let i = a.length - 1; i >= 0; i--)
    for (let j = b.length - 1; j >= 0; j--)
      dp[i]![j] = a[i] === b[j] ? dp[i + 1]![j + 1]! + 1 : Math.max(dp[i + 1]![j]!, dp[i]![j + 1]!);
  return dp[0]![0]!;
}

describe('diffLines', () => {
  it('holds both sides in order, and keeps a longest common subsequence when lines are unique or few', () => {
    const word = fc.constantFrom('a', 'b', 'c', 'd', 'e', 'f', 'g');
    fc.assert(
      fc.property(fc.array(word, { maxLength: 30 }), fc.array(word, { maxLength: 30 }), (a, b) => {
        const ops = diffLines(a, b);
        expect(side(ops, '+')).toEqual(a);
        expect(side(ops, '-')).toEqual(b);
        // Patience anchors may miss the optimum on repeated lines; never on lines unique to each side.
        if (new Set(a).size === a.length && new Set(b).size === b.length)
          expect(ops.filter((o) => o.sign === ' ').length).toBe(lcsLength(a, b));
      }),
    );
  });

  it('shows a changed line of a tree-ordered configuration as - old, + new in its place', () => {
    const old = ['hostname r1', 'interface eth1 mtu 1500', 'interface eth2 mtu 1500'];
    const now = ['hostname r1', 'interface eth1 mtu 9000', 'interface eth2 mtu 1500', 'ip route 0.0.0.0/0'];
    expect(diffLines(old, now)).toEqual([
      { sign: ' ', text: 'hostname r1' },
      { sign: '-', text: 'interface eth1 mtu 1500' },
      { sign: '+', text: 'interface eth1 mtu 9000' },
      { sign: ' ', text: 'interface eth2 mtu 1500' },
      { sign: '+', text: 'ip route 0.0.0.0/0' },
    ]);
  });
});

describe('unifiedDiff', () => {
  it('writes hunks with three lines of context, as diff -u writes them', () => {
    // Expected: GNU diff -u's own output for the same two files.
    const ab = (n: number, changed: Record<string, string | null>) => {
      const old = Array.from({ length: n }, (_, i) => `l${i}`);
      const now = old.flatMap((l) => (l in changed ? (changed[l] === null ? [] : [changed[l]!]) : [l]));
      return [old, now] as const;
    };
    const [a, b] = ab(20, { l2: 'L2', l9: null, l15: 'L15' });
    expect(unifiedDiff(diffLines(a, b), { old: 'a.conf', now: 'live' }).join('|')).toBe(
      '--- a.conf|+++ live|@@ -1,19 +1,18 @@| l0| l1|-l2|+L2| l3| l4| l5| l6| l7| l8|-l9| l10| l11| l12| l13| l14|-l15|+L15| l16| l17| l18',
    );
    const [c, d] = ab(30, { l2: 'L2', l25: 'L25' });
    expect(unifiedDiff(diffLines(c, d)).join('|')).toBe(
      '@@ -1,6 +1,6 @@| l0| l1|-l2|+L2| l3| l4| l5|@@ -23,7 +23,7 @@| l22| l23| l24|-l25|+L25| l26| l27| l28',
    );
    expect(unifiedDiff(diffLines(['x'], ['x']))).toEqual([]);
    expect(unifiedDiff(diffLines([], ['a']))).toEqual(['@@ -0,0 +1 @@', '+a']);
  });

  it('diffs 75,000 lines a side with changes spread through them', () => {
    const n = 75_000;
    const old = Array.from({ length: n }, (_, i) => `interface eth${i} mtu 1500`);
    const now = old.map((l, i) => (i % 500 === 0 ? `interface eth${i} mtu 9000` : l));
    now.splice(1000, 300);
    now.push('hostname r2');
    const t0 = performance.now();
    const ops = diffLines(old, now);
    const lines = unifiedDiff(ops, { old: 'a', now: 'b' });
    process.stdout.write(`diff of ${n} lines a side: ${(performance.now() - t0).toFixed(0)} ms\n`);
    expect(lines.filter((l) => l.startsWith('+') && !l.startsWith('+++'))).toHaveLength(150 - 1 + 1);
    expect(lines.filter((l) => l.startsWith('-') && !l.startsWith('---'))).toHaveLength(150 + 300 - 1);
  });
});
