// `metrics query`'s table at the widths terminals have: it never wraps, long label values end
// in `…`, the value column stays whole and readable.
import { describe, expect, it } from 'vitest';
import type { Series } from '../../../src/api/telemetry/types.js';
import { vectorTable } from '../../../src/features/telemetry/telemetry-text.js';
import { displayWidth } from '../../../src/term/text-width.js';

const T = Date.UTC(2026, 10, 23, 5, 11, 1, 337);
const sample = (v: number, t = T) => ({ t, v, raw: String(v) });
const demo: Series[] = [
  {
    labels: { customer_id: 'c1004', grp: 'wholesale', prefix: '100.65.16.0/22', shaper_id: 'shp-4' },
    samples: [sample(6872.506666666667)],
  },
  {
    labels: {
      __name__: 'pkts_down',
      customer_id: 'c1005',
      grp: 'business',
      prefix: '100.64.5.0/24',
      shaper_id: 'shp-3',
      description: 'a very long customer description that a router operator typed years ago, rack #3',
    },
    samples: [sample(1932.5566666666666)],
  },
  { labels: { customer_id: 'c1006' }, samples: [sample(Number.NaN)] },
];

const lines = (text: string) => text.trimEnd().split('\n');

describe('vectorTable', () => {
  it.each([120, 80, 60])('fits %i columns: no line wider, values whole', (width) => {
    const text = vectorTable(demo, width);
    for (const line of lines(text)) expect(displayWidth(line)).toBeLessThanOrEqual(width);
    expect(text).toMatch(/ 6872\.5067$/m);
    expect(text).toMatch(/ 1932\.5567$/m);
    expect(text).toMatch(/ NaN$/m);
    expect(text).not.toMatch(/\d{8,}/);
  });

  it('cuts long label values with … and keeps every label name in view', () => {
    const text = vectorTable(demo, 160);
    expect(lines(text)[0]!.length).toBeLessThanOrEqual(160);
    const row = lines(text).find((l) => l.startsWith('pkts_down{'))!;
    expect(row).toMatch(/description="a very long[^"]*…"/);
    expect(row).toContain('shaper_id="shp-3"');
    // Short values are untouched.
    expect(text).toContain(
      '{customer_id="c1004", grp="wholesale", prefix="100.65.16.0/22", shaper_id="shp-4"}',
    );
  });

  it('prints one evaluation time under the table, a column only when times differ', () => {
    expect(lines(vectorTable(demo, 120)).at(-1)).toBe('at 2026-11-23T05:11:01.337Z');
    const mixed = vectorTable([...demo, { labels: { a: 'b' }, samples: [sample(1, T + 1000)] }], 120);
    expect(lines(mixed)[0]).toMatch(/^series +value {2}time$/);
    expect(mixed).toMatch(/2026-11-23T05:11:02\.337Z$/m);
  });
});
