// Output of server-sized lists is bounded and built without argument spreads; a fixed step
// longer than the range is refused before anything is sent. The sizes here show the logic; the
// sizes that need seconds (150,000 sub-nodes, 300,000 rows: past an argument spread's limit)
// run in the bench (bench/size-bench.ts, `npm run bench -- size`).
import { describe, expect, it } from 'vitest';
import { decodeNodeInfo } from '../../src/api/router/decode-node.js';
import { DEFAULT_LIMITS } from '../../src/api/telemetry/capabilities.js';
import { DESCRIBE_MAX_ROWS, formatDescribe } from '../../src/run/format-router.js';
import { planRange } from '../../src/features/telemetry/telemetry-sources.js';
import { renderTable } from '../../src/term/table.js';

describe('describe of huge nodes', () => {
  it('lists the first rows of 1,500 sub-nodes and counts the rest', () => {
    const info = decodeNodeInfo({
      Name: '',
      Type: 'Token',
      SetValues: Array.from({ length: 1_500 }, (_, i) => `v${i}`),
      SubNodes: Array.from({ length: 1_500 }, (_, i) => ({ Name: `n${i}`, Type: 'Token' })),
    });
    const text = formatDescribe([], info, 100);
    expect(text).toMatch(/configured: v0, v1, .*v49, … and 1,450 more\n/);
    expect(text).toMatch(new RegExp(`^ {2}n${DESCRIBE_MAX_ROWS - 1} +word$`, 'm'));
    expect(text).toMatch(/… and 1,300 more \(use a narrower path\)\n$/);
    expect(text.split('\n').length).toBeLessThan(DESCRIBE_MAX_ROWS + 20);
  });
});

describe('renderTable', () => {
  it('renders 3,000 rows and shrinks a 10,000-cell column', () => {
    const rows = Array.from({ length: 3_000 }, (_, i) => [`r${i}`, 'x']);
    rows.push(['wide', 'y'.repeat(10_000)]);
    const out = renderTable(['name', 'value'], rows, { maxWidth: 40 });
    const lines = out.split('\n');
    expect(lines).toHaveLength(3_004);
    expect(lines.at(-2)).toBe(`wide   ${'y'.repeat(32)}…`);
  });

  it('shrinks the widest columns first, as before', () => {
    const out = renderTable(['a', 'b', 'c'], [['x'.repeat(10), 'y'.repeat(20), 'z'.repeat(20)]], {
      maxWidth: 40,
    });
    expect(out.split('\n')[2]).toBe(`${'x'.repeat(10)}  ${'y'.repeat(12)}…  ${'z'.repeat(12)}…`);
  });
});

describe('planRange', () => {
  it('refuses a fixed step longer than the range, naming both', () => {
    expect(() => planRange({ startMs: 0, endMs: 3_600_000 }, 80, DEFAULT_LIMITS, 7200)).toThrow(
      'step 2h is longer than the range (1h); use a shorter step or a longer range',
    );
    expect(planRange({ startMs: 0, endMs: 3_600_000 }, 80, DEFAULT_LIMITS, 60).stepSeconds).toBe(60);
  });
});
