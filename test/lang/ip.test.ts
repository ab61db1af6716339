// IP addresses and networks of both families (lang/ip.ts): parsing and canonical text by table,
// containment by table and against a BigInt reference written here from the definitions.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { isIpNet, netContains, parseIp, parseIpNet, showIp, unmapIp } from '../../src/lang/ip.js';

describe('parseIp', () => {
  it.each([
    ['0.0.0.0', 4, 0n, '0.0.0.0'],
    ['127.0.0.1', 4, 0x7f000001n, '127.0.0.1'],
    ['255.255.255.255', 4, 0xffffffffn, '255.255.255.255'],
    ['010.0.0.1', 4, 0x0a000001n, '10.0.0.1'],
    ['::', 6, 0n, '::'],
    ['::1', 6, 1n, '::1'],
    ['1::', 6, 1n << 112n, '1::'],
    ['0:0:0:0:0:0:0:1', 6, 1n, '::1'],
    ['2001:DB8::1', 6, 0x20010db8000000000000000000000001n, '2001:db8::1'],
    [
      '2001:0db8:0000:0000:0000:ff00:0042:8329',
      6,
      0x20010db8000000000000ff0000428329n,
      '2001:db8::ff00:42:8329',
    ],
    ['1:2:3:4:5:6:7:8', 6, 0x00010002000300040005000600070008n, '1:2:3:4:5:6:7:8'],
    ['1:2:3:4:5:6:7::', 6, 0x00010002000300040005000600070000n, '1:2:3:4:5:6:7:0'],
    ['::2:3:4:5:6:7:8', 6, 0x00000002000300040005000600070008n, '0:2:3:4:5:6:7:8'],
    ['1:0:0:2:0:0:0:3', 6, 0x00010000000000020000000000000003n, '1:0:0:2::3'],
    ['1:0:0:2:0:0:3:4', 6, 0x00010000000000020000000000030004n, '1::2:0:0:3:4'],
    ['::ffff:127.0.0.1', 6, 0xffff7f000001n, '::ffff:127.0.0.1'],
    ['::FFFF:7f00:1', 6, 0xffff7f000001n, '::ffff:127.0.0.1'],
    ['0:0:0:0:0:ffff:1.2.3.4', 6, 0xffff01020304n, '::ffff:1.2.3.4'],
    ['::1.2.3.4', 6, 0x01020304n, '::102:304'],
    ['64:ff9b::192.0.2.33', 6, 0x0064ff9b0000000000000000c0000221n, '64:ff9b::c000:221'],
  ] as const)('%s: IPv%i', (text, family, value, canonical) => {
    expect(parseIp(text)).toEqual({ family, value, text: canonical });
  });

  it('keeps an IPv6 zone id apart from the address', () => {
    expect(parseIp('fe80::1%eth0')).toEqual({
      family: 6,
      value: (0xfe80n << 112n) | 1n,
      text: 'fe80::1',
      zone: 'eth0',
    });
    expect(parseIp('fe80::1%2')?.zone).toBe('2');
  });

  it.each([
    '',
    ' 127.0.0.1',
    '127.0.0.1 ',
    '127.1',
    '256.0.0.1',
    '1.2.3.4.5',
    '1.2.3',
    '0x7f.0.0.1',
    '1234.0.0.1',
    '1.2.3.4%eth0',
    ':',
    ':::',
    '::::',
    '1::2::3',
    ':1::',
    '::1:',
    '1:::2',
    '1:2:3:4:5:6:7',
    '1:2:3:4:5:6:7:8:9',
    '1:2:3:4:5:6:7:8::',
    '::1:2:3:4:5:6:7:8',
    '12345::',
    'g::',
    '1.2.3.4::',
    '::1.2.3.4:5',
    '::ffff:256.0.0.1',
    '::ffff:1.2.3',
    '1:2:3:4:5:6:7:1.2.3.4',
    'fe80::1%',
    'fe80::1%eth0%1',
    'fe80::1%eth 0',
    '10:00',
    'aa:bb:cc:dd:ee:ff',
    'beef',
  ])('%j is no address', (text) => {
    expect(parseIp(text)).toBeUndefined();
  });
});

describe('unmapIp and showIp', () => {
  it('read an IPv4-mapped address as its IPv4 address, and leave any other as it is', () => {
    expect(unmapIp(parseIp('::ffff:10.1.2.3')!)).toEqual({ family: 4, value: 0x0a010203n, text: '10.1.2.3' });
    const compat = parseIp('::10.1.2.3')!;
    expect(unmapIp(compat)).toBe(compat);
    expect(showIp('::ffff:127.0.0.1')).toBe('127.0.0.1');
    expect(showIp('::FFFF:7F00:1')).toBe('127.0.0.1');
    expect(showIp('127.0.0.1')).toBe('127.0.0.1');
    expect(showIp('::1')).toBe('::1');
    expect(showIp('fe80::1%eth0')).toBe('fe80::1%eth0');
    expect(showIp('not an address')).toBe('not an address');
  });
});

describe('parseIpNet and isIpNet', () => {
  it('read an address alone as a single host, and a prefix within its family', () => {
    expect(parseIpNet('10.0.0.1')?.bits).toBe(32);
    expect(parseIpNet(' 10.0.0.1/24 ')).toEqual({
      address: { family: 4, value: 0x0a000001n, text: '10.0.0.1' },
      bits: 24,
    });
    expect(parseIpNet('::1')?.bits).toBe(128);
    expect(parseIpNet('2001:db8::/32')?.bits).toBe(32);
    expect(parseIpNet('fe80::1%eth0/64')).toMatchObject({
      address: { text: 'fe80::1', zone: 'eth0' },
      bits: 64,
    });
    for (const ok of ['0.0.0.0/0', '10.0.0.0/08', '1.2.3.4/32', '::/0', '::/128', '::ffff:1.2.3.4/96'])
      expect(isIpNet(ok), ok).toBe(true);
    for (const bad of [
      '1.2.3.4/33',
      '1.2.3.4/',
      '1.2.3.4/032',
      '1.2.3.4/-1',
      '1.2.3.4/8/8',
      '/8',
      '::/129',
      '::/1000',
      '::/x',
      '2001:db8::/ 32',
      'eth0',
      'match',
      '',
    ])
      expect(isIpNet(bad), bad).toBe(false);
  });
});

describe('netContains', () => {
  it.each([
    ['127.0.0.0/8', '127.0.0.1', true],
    ['127.0.0.1', '127.0.0.1', true],
    ['127.0.0.1', '127.0.0.2', false],
    ['10.0.0.1/24', '10.0.0.200', true],
    ['10.0.0.1/24', '10.0.1.1', false],
    ['0.0.0.0/0', '203.0.113.9', true],
    ['::1/128', '::1', true],
    ['::1', '::1', true],
    ['::1/128', '::2', false],
    ['2001:db8::/32', '2001:db8:ffff::1', true],
    ['2001:db8::/32', '2001:db9::1', false],
    ['2001:db8::1/64', '2001:db8::abcd', true],
    ['::/0', '2001:db8::1', true],
    ['fe80::/10', 'fe80::1%eth0', true],
    ['fe80::1%eth0/64', 'fe80::2%eth1', true],
    // IPv4-mapped addresses are IPv4, on either side.
    ['127.0.0.0/8', '::ffff:127.0.0.1', true],
    ['::ffff:127.0.0.0/104', '127.0.0.1', true],
    ['::ffff:127.0.0.1', '127.0.0.1', true],
    ['::ffff:0:0/96', '8.8.8.8', true],
    ['0.0.0.0/0', '::ffff:8.8.8.8', true],
    ['10.0.0.0/8', '::ffff:127.0.0.1', false],
    // Otherwise the families never match.
    ['::/0', '127.0.0.1', false],
    ['::/0', '::ffff:127.0.0.1', false],
    ['0.0.0.0/0', '::1', false],
    ['::1/128', '127.0.0.1', false],
    ['::127.0.0.1', '127.0.0.1', false],
    // Texts that are no net or no address.
    ['127.0.0.0/8', '127.1', false],
    ['127.0.0.0/33', '127.0.0.1', false],
    ['x', '127.0.0.1', false],
    ['127.0.0.0/8', ' 127.0.0.1', false],
  ] as const)('%s holds %s: %s', (net, ip, expected) => {
    expect(netContains(net, ip)).toBe(expected);
  });
});

// ---- properties, against a reference from the definitions ----

const v4 = fc.bigInt({ min: 0n, max: (1n << 32n) - 1n });
const v6 = fc.bigInt({ min: 0n, max: (1n << 128n) - 1n });
const v4Text = (v: bigint) => [24n, 16n, 8n, 0n].map((s) => String((v >> s) & 0xffn)).join('.');
const groupsOf = (v: bigint) => [112n, 96n, 80n, 64n, 48n, 32n, 16n, 0n].map((s) => (v >> s) & 0xffffn);

/** An IPv6 address written any way the grammar allows: full or with `::` over any run of zero
 *  groups, groups with or without leading zeros, either case, the last 32 bits maybe dotted. */
const v6Written = (v: bigint) =>
  fc
    .record({
      pad: fc.boolean(),
      upper: fc.boolean(),
      dotted: fc.boolean(),
      cut: fc.nat(),
      zone: fc.boolean(),
    })
    .map(({ pad, upper, dotted, cut, zone }) => {
      let parts = groupsOf(v).map((g) => {
        const h = g.toString(16);
        return upper ? h.toUpperCase() : pad ? h.padStart(4, '0') : h;
      });
      if (dotted) parts = [...parts.slice(0, 6), v4Text(v & 0xffffffffn)];
      // The runs of zero groups (among the first six when dotted): cut one of them, or none.
      const g = groupsOf(v);
      const runs: [number, number][] = [];
      for (let i = 0; i < (dotted ? 6 : 8); i++)
        for (let j = i; j < (dotted ? 6 : 8) && g[j] === 0n; j++) runs.push([i, j + 1]);
      const pick = cut % (runs.length + 1);
      let text: string;
      if (pick === runs.length) text = parts.join(':');
      else {
        const [from, to] = runs[pick]!;
        text = `${parts.slice(0, from).join(':')}::${parts.slice(to).join(':')}`;
      }
      return zone ? `${text}%eth0` : text;
    });

/** A random IPv6 address biased toward zero runs, so `::` and its edges come up. */
const v6Sparse = fc
  .array(fc.oneof(fc.constant(0n), fc.bigInt({ min: 0n, max: 0xffffn })), { minLength: 8, maxLength: 8 })
  .map((gs) => gs.reduce((acc, g) => (acc << 16n) | g, 0n));
const anyV6 = fc.oneof(
  v6,
  v6Sparse,
  v4.map((x) => 0xffff00000000n | x),
);

/** The reference: the top `bits` bits of two `width`-bit numbers agree. */
const sameTop = (a: bigint, b: bigint, bits: number, width: number) => {
  const mask = ((1n << BigInt(bits)) - 1n) << BigInt(width - bits);
  return (a & mask) === (b & mask);
};

/** 16 hex groups of the canonical text, expanded back by hand: a second reading of the address. */
const expand = (text: string): bigint => {
  const [head = '', tail] = text.split('::');
  const toGroups = (s: string) =>
    s === ''
      ? []
      : s.split(':').flatMap((p) => {
          if (!p.includes('.')) return [BigInt(`0x${p}`)];
          const [a, b, c, d] = p.split('.').map(BigInt) as [bigint, bigint, bigint, bigint];
          return [(a << 8n) | b, (c << 8n) | d];
        });
  const h = toGroups(head);
  const t = tail === undefined ? [] : toGroups(tail);
  const all = [...h, ...Array<bigint>(8 - h.length - t.length).fill(0n), ...t];
  return all.reduce((acc, g) => (acc << 16n) | g, 0n);
};

describe('properties', () => {
  it('every written form of an IPv6 address parses to it, with one canonical text that reads back', () => {
    fc.assert(
      fc.property(
        anyV6.chain((v) => fc.tuple(fc.constant(v), v6Written(v))),
        ([v, text]) => {
          const a = parseIp(text);
          expect(a?.family).toBe(6);
          expect(a?.value).toBe(v);
          expect(expand(a!.text)).toBe(v);
          expect(parseIp(a!.text)).toEqual({ family: 6, value: v, text: a!.text });
          // RFC 5952: lower case, no leading zeros, no `::` for a single zero group, one `::` at most.
          expect(a!.text).toBe(a!.text.toLowerCase());
          expect(a!.text).not.toMatch(/(^|:)0[0-9a-f]/);
          expect(a!.text.split('::').length).toBeLessThanOrEqual(2);
        },
      ),
      { numRuns: 1_000 },
    );
  });

  it('every IPv4 address reads back from its dotted text', () => {
    fc.assert(
      fc.property(v4, (v) => {
        expect(parseIp(v4Text(v))).toEqual({ family: 4, value: v, text: v4Text(v) });
      }),
    );
  });

  it('every address is in its own /32 or /128, and in the whole space of its family', () => {
    fc.assert(
      fc.property(
        fc.oneof(
          v4.map(v4Text),
          anyV6.chain((v) => v6Written(v)),
        ),
        (text) => {
          const a = parseIp(text)!;
          const family = unmapIp(a).family;
          expect(netContains(text, text)).toBe(true);
          expect(netContains(`${text}/${a.family === 4 ? 32 : 128}`, text)).toBe(true);
          expect(netContains(family === 4 ? '0.0.0.0/0' : '::/0', text)).toBe(true);
          expect(netContains(family === 4 ? '::/0' : '0.0.0.0/0', text)).toBe(false);
        },
      ),
      { numRuns: 500 },
    );
  });

  it('an IPv4-mapped address and net answer as the IPv4 ones, either side', () => {
    fc.assert(
      fc.property(v4, fc.integer({ min: 0, max: 32 }), v4, (net, bits, ip) => {
        const n4 = `${v4Text(net)}/${bits}`;
        const n6 = `::ffff:${v4Text(net)}/${bits + 96}`;
        const expected = sameTop(net, ip, bits, 32);
        for (const n of [n4, n6])
          for (const a of [
            v4Text(ip),
            `::ffff:${v4Text(ip)}`,
            `::ffff:${groupsOf(ip)
              .slice(6)
              .map((g) => g.toString(16))
              .join(':')}`,
          ])
            expect(netContains(n, a), `${n} ∋ ${a}`).toBe(expected);
      }),
      { numRuns: 500 },
    );
  });

  it('IPv4 containment agrees with the reference', () => {
    fc.assert(
      fc.property(
        v4,
        fc.integer({ min: 0, max: 32 }),
        fc.oneof(
          v4,
          v4.map((x) => x ^ 1n),
        ),
        (net, bits, ip) => {
          expect(netContains(`${v4Text(net)}/${bits}`, v4Text(ip))).toBe(sameTop(net, ip, bits, 32));
        },
      ),
      { numRuns: 1_000 },
    );
  });

  it('IPv6 containment agrees with the reference (outside the mapped space)', () => {
    // The address is near the net often enough that both answers come up: it shares a random
    // number of the net's top bits, the rest random.
    const case6 = fc
      .tuple(anyV6, fc.integer({ min: 0, max: 128 }), fc.integer({ min: 0, max: 128 }), v6)
      .map(([net, bits, shared, rest]) => {
        const keep = ((1n << BigInt(shared)) - 1n) << BigInt(128 - shared);
        return { net, bits, ip: (net & keep) | (rest & ~keep & ((1n << 128n) - 1n)) };
      });
    fc.assert(
      fc.property(case6, fc.boolean(), fc.boolean(), ({ net, bits, ip }, netDotted, ipDotted) => {
        const mapped = (v: bigint) => v >> 32n === 0xffffn;
        const write = (v: bigint, dotted: boolean) =>
          dotted
            ? `${groupsOf(v)
                .slice(0, 6)
                .map((g) => g.toString(16))
                .join(':')}:${v4Text(v & 0xffffffffn)}`
            : groupsOf(v)
                .map((g) => g.toString(16))
                .join(':');
        // Mapped addresses are IPv4: a mapped net of /96 or more holds IPv4 (mapped) addresses only,
        // any other net IPv6 addresses only.
        const netIsV4 = mapped(net) && bits >= 96;
        const expected = netIsV4 === mapped(ip) && sameTop(net, ip, bits, 128);
        expect(netContains(`${write(net, netDotted)}/${bits}`, write(ip, ipDotted))).toBe(expected);
      }),
      { numRuns: 2_000 },
    );
  });

  it('never throws, and holds nothing that is no address', () => {
    const chars = fc.constantFrom(...'0123456789abcdefABCDEF:.%/ xg-'.split(''));
    fc.assert(
      fc.property(
        fc.string({ unit: chars, maxLength: 45 }),
        fc.string({ unit: chars, maxLength: 45 }),
        (net, ip) => {
          const holds = netContains(net, ip);
          if (holds) expect(isIpNet(net) && parseIp(ip) !== undefined).toBe(true);
          if (parseIp(ip)) expect(isIpNet(ip)).toBe(true);
        },
      ),
      { numRuns: 2_000 },
    );
  });
});
