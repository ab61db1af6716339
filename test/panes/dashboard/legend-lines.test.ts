// A small chart's legend, uncut (issue 36: the overview at 80×24 cut its legends): packed into
// the lines the box can spare, values dropped before anything is cut, `+N` for what is left.
import { describe, expect, it } from 'vitest';
import { legendLines } from '../../../src/panes/dashboard/legend-lines.js';

const text = (ls: ReturnType<typeof legendLines>) => ls.map((l) => l.map((x) => x.text).join('  '));
const groups = [
  { name: 'grp=business', value: '191 Mb/s' },
  { name: 'grp=residential', value: '123 Mb/s' },
  { name: 'grp=wholesale', value: '99.5 Mb/s' },
];

describe('legendLines', () => {
  it('one line with values when they fit', () => {
    expect(text(legendLines(groups, 78, 1))).toEqual([
      '─ grp=business 191 Mb/s  ─ grp=residential 123 Mb/s  ─ grp=wholesale 99.5 Mb/s',
    ]);
  });

  it('without values rather than cut, when one line is all there is', () => {
    expect(text(legendLines(groups, 60, 1))).toEqual(['─ grp=business  ─ grp=residential  ─ grp=wholesale']);
  });

  it('on two lines with values when the box spares two', () => {
    expect(text(legendLines(groups, 60, 2))).toEqual([
      '─ grp=business 191 Mb/s  ─ grp=residential 123 Mb/s',
      '─ grp=wholesale 99.5 Mb/s',
    ]);
  });

  it('too many for the room: what fits, then +N; colours follow each item', () => {
    const many = Array.from({ length: 6 }, (_, i) => ({ name: `series-number-${i}` }));
    const ls = legendLines(many, 40, 1);
    expect(text(ls)).toEqual(['─ series-number-0  ─ series-number-1  +4']);
    expect(ls[0]!.map((x) => x.index)).toEqual([0, 1, -1]);
  });
});
