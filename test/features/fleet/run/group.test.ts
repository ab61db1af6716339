// The dshbak -c grouping of many hosts' answers: every host in exactly one group, a range that
// expands back to exactly its names, padding kept.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { expandRange, groupResults, hostRange, sortNames } from '../../../../src/features/fleet/run/group.js';

/** Host names as inventories write them: prefixes, zero-padded or plain numbers, suffixes. */
const hostName = fc.oneof(
  fc
    .tuple(
      fc.constantFrom('edge-', 'core', 'r', 'dc1-edge-', ''),
      fc.integer({ min: 0, max: 120 }),
      fc.constantFrom(0, 2, 3),
      fc.constantFrom('', '.lab', '-b'),
    )
    .map(([p, n, pad, s]) => `${p}${String(n).padStart(pad, '0')}${s}`),
  fc.stringMatching(/^[a-z.\-_0-9]{1,12}$/),
  fc.string({ maxLength: 8 }).filter((s) => s !== '' && !/[[\],]/.test(s)),
);
const names = fc.uniqueArray(hostName, { minLength: 1, maxLength: 60 });

describe('hostRange', () => {
  it('compresses numeric runs as pdsh does', () => {
    const edge = Array.from({ length: 40 }, (_, i) => `edge-${String(i + 1).padStart(2, '0')}`);
    expect(hostRange(edge)).toBe('edge-[01-40]');
    expect(hostRange(['edge-01', 'edge-02', 'edge-05', 'core-1', 'x'])).toBe('core-1,edge-[01-02,05],x');
    expect(hostRange(['r9', 'r10', 'r11'])).toBe('r[9-11]');
    expect(hostRange(['edge-07'])).toBe('edge-07');
  });

  it('a range expands back to exactly its names', () => {
    fc.assert(
      fc.property(names, (ns) => {
        expect(expandRange(hostRange(ns)).sort()).toEqual([...ns].sort());
      }),
    );
  });

  it('names that hold a range character stand alone', () => {
    expect(hostRange(['a[1]', 'a2', 'a3'])).toBe('a[1],a[2-3]');
  });
});

describe('groupResults', () => {
  it('every host appears in exactly one group, groups by identical answer', () => {
    fc.assert(
      fc.property(
        names.chain((ns) =>
          fc.tuple(
            fc.constant(ns),
            fc.array(fc.constantFrom('up', 'down', ''), { minLength: ns.length, maxLength: ns.length }),
          ),
        ),
        ([ns, answers]) => {
          const items = ns.map((host, i) => ({ host, item: answers[i] as string }));
          const groups = groupResults(items, (a) => a);
          const seen = groups.flatMap((g) => g.hosts);
          expect(seen.sort()).toEqual([...ns].sort());
          for (const g of groups)
            for (const h of g.hosts) expect(items.find((x) => x.host === h)?.item).toBe(g.item);
          expect(new Set(groups.map((g) => g.item)).size).toBe(groups.length);
        },
      ),
    );
  });

  it('labels a group with its range and count; the biggest group first', () => {
    const items = [
      ...Array.from({ length: 12 }, (_, i) => ({
        host: `edge-${String(i + 1).padStart(2, '0')}`,
        item: 'up',
      })),
      { host: 'edge-13', item: 'down' },
    ];
    const groups = groupResults(items, (a) => a);
    expect(groups.map((g) => g.label)).toEqual(['edge-[01-12] (12)', 'edge-13']);
  });

  it('sorts names naturally', () => {
    expect(sortNames(['r10', 'r2', 'a'])).toEqual(['a', 'r2', 'r10']);
  });
});
