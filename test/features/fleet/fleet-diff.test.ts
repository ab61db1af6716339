// The pure comparison of a fleet's configurations (features/fleet/diff/): every line of every
// host is either common or split with exactly the hosts that have it; against a reference, a
// host's `-`/`+` are exactly the set differences, and hosts with the same difference share a group.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { diffFleet, fleetDiffJson, fleetDiffText } from '../../../src/features/fleet/diff/fleet-diff.js';

const hostsArb = fc
  .uniqueArray(fc.constantFrom('edge-01', 'edge-02', 'edge-03', 'edge-10', 'core-1'), { minLength: 1 })
  .chain((names) =>
    fc.tuple(
      fc.constant(names),
      fc.array(fc.uniqueArray(fc.constantFrom('a', 'b', 'c', 'd', 'e'), { maxLength: 5 }), {
        minLength: names.length,
        maxLength: names.length,
      }),
    ),
  )
  .map(([names, lines]) => names.map((host, i) => ({ host, lines: lines[i] as string[] })));

describe('diffFleet', () => {
  it('puts each line in common or split, with exactly the hosts that have it', () => {
    fc.assert(
      fc.property(hostsArb, (hosts) => {
        const d = diffFleet(hosts);
        const has = (h: string, l: string) => hosts.find((x) => x.host === h)!.lines.includes(l);
        const all = new Set(hosts.flatMap((h) => h.lines));
        expect(new Set([...d.common, ...d.split.map((s) => s.line)])).toEqual(all);
        for (const l of d.common) expect(d.hosts.every((h) => has(h, l))).toBe(true);
        for (const s of d.split) {
          // `on` is exactly the hosts that have it, in name order, and not all of them.
          expect(s.on).toEqual(d.hosts.filter((h) => has(h, s.line)));
          expect(s.on.length).toBeLessThan(d.hosts.length);
        }
        expect(d.differs).toBe(d.split.length > 0);
      }),
    );
  });

  it('against a reference: each other host once, its - and + the set differences', () => {
    fc.assert(
      fc.property(hostsArb, fc.nat(), (hosts, pick) => {
        const ref = hosts[pick % hosts.length]!;
        const d = diffFleet(hosts, ref.host);
        const grouped = d.against!.flatMap((g) => g.hosts);
        expect(grouped.sort()).toEqual(
          hosts
            .map((h) => h.host)
            .filter((h) => h !== ref.host)
            .sort(),
        );
        for (const g of d.against!)
          for (const name of g.hosts) {
            const h = hosts.find((x) => x.host === name)!;
            expect(g.removed).toEqual(ref.lines.filter((l) => !h.lines.includes(l)));
            expect(g.added).toEqual(h.lines.filter((l) => !ref.lines.includes(l)));
          }
      }),
    );
  });

  it('prints lines under the hosts that have them, ranges as dshbak -c writes them', () => {
    const d = diffFleet([
      { host: 'edge-02', lines: ['hostname x', 'mtu 9000'] },
      { host: 'edge-01', lines: ['hostname x', 'mtu 1500'] },
      { host: 'edge-03', lines: ['hostname x', 'mtu 1500'] },
    ]);
    expect(fleetDiffText(d, (s) => s)).toBe(
      [
        'on every host, edge-[01-03] (3): 1 line',
        '  hostname x',
        'on all but edge-02: 1 line',
        '  mtu 1500',
        'only on edge-02: 1 line',
        '  mtu 9000',
        '',
      ].join('\n'),
    );
    const r = diffFleet(
      [
        { host: 'edge-02', lines: ['mtu 9000'] },
        { host: 'edge-01', lines: ['mtu 1500'] },
        { host: 'edge-03', lines: ['mtu 1500'] },
      ],
      'edge-01',
    );
    expect(fleetDiffText(r, (s) => s)).toBe(
      ['same as edge-01: edge-03', 'edge-02 against edge-01:', '- mtu 1500', '+ mtu 9000', ''].join('\n'),
    );
    expect(fleetDiffJson(r, [{ host: 'edge-04', error: 'connection refused' }])).toEqual({
      hosts: ['edge-01', 'edge-02', 'edge-03'],
      ref: 'edge-01',
      common: [],
      differing: [
        { line: 'mtu 1500', on: ['edge-01', 'edge-03'] },
        { line: 'mtu 9000', on: ['edge-02'] },
      ],
      against: [
        { hosts: ['edge-03'], removed: [], added: [] },
        { hosts: ['edge-02'], removed: ['mtu 1500'], added: ['mtu 9000'] },
      ],
      unread: [{ host: 'edge-04', error: 'connection refused' }],
      differs: true,
    });
  });
});
