// The journal's projection of a list: the entries a change addressed, found in the router's own
// spelling of them (the simulator, like nftables, shows `10.0.0.1/32` as `10.0.0.1`), also for a
// journal written before entries were compared that way. Pure; the end-to-end check is
// test/safety/normalised-entries.test.ts.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { NodeInfo, RouterRequest } from '../../../src/api/router/types.js';
import { entryKey, focusOf, NodeView } from '../../../src/features/changes/journal/projection.js';
import { canonicalNet } from '../../../src/lang/ip.js';

const WORDS = ['ipv4', 'firewall', 'match-list', 'blacklist', 'action', 'match'];

function list(nets: string[]): NodeInfo {
  return {
    name: 'match',
    type: 'Token',
    allowSet: true,
    allowUnSet: true,
    allowShow: true,
    hasSetSubnodes: false,
    hasUnSetSubnodes: false,
    hasShowSubnodes: false,
    hasSubnodes: false,
    setValues: nets,
    setOptions: nets.map((n) => ({ net: [n] })),
    possibleValues: [],
    possibleOptions: [
      {
        name: 'net',
        count: 1,
        availableInSet: true,
        availableInUnSet: true,
        availableInShow: false,
        key: true,
      },
    ],
    multiValue: false,
    subNodes: [],
    raw: {},
  };
}

const add = (net: string): RouterRequest => ({
  method: 'POST',
  words: WORDS,
  actions: ['SET'],
  options: { net: [net] },
});
const shown = (info: NodeInfo, focus: ReturnType<typeof focusOf>) =>
  new NodeView(info, WORDS).project(focus).settings.map((s) => String(s.options.net?.[0]));

describe('the projection of a list entry', () => {
  it("finds entries sent as /32, /128 or in upper case in the router's spelling", () => {
    const after = list(['198.51.100.0/24', '10.0.0.1', '10.0.1.0/24', '2001:db8::1']);
    const focus = focusOf(after, [add('10.0.0.1/32'), add('10.0.1.7/24'), add('2001:DB8:0::1/128')]);
    expect(shown(after, focus)).toEqual(['10.0.0.1', '10.0.1.0/24', '2001:db8::1']);
    // Nothing else of the list: 198.51.100.0/24 is not the change's.
  });

  it('reads the focus of a journal written before (entries as typed) the same way', () => {
    const after = list(['10.0.0.1', '203.0.113.7']);
    expect(shown(after, { keys: ['net'], entries: ['[["10.0.0.1/32"]]'] })).toEqual(['10.0.0.1']);
  });

  it("finds a value of a multi-valued slot (an interface's address) in the router's spelling", () => {
    const slot: NodeInfo = {
      ...list([]),
      name: '%IP4NET',
      type: 'Value',
      setValues: ['192.168.1.1/24', '10.9.9.5'],
      setOptions: [],
      possibleOptions: [],
      multiValue: true,
    };
    const words = ['interface', 'eth1', 'ip', 'address', '10.9.9.5/32'];
    const settings = new NodeView(slot, words).project(undefined).settings.map((s) => s.path.at(-1));
    expect(settings).toEqual(['10.9.9.5']);
  });

  it('any host written with or without its /32 is one entry (fast-check)', () => {
    const octet = fc.integer({ min: 0, max: 255 });
    fc.assert(
      fc.property(fc.tuple(octet, octet, octet, octet), fc.boolean(), (o, prefix) => {
        const ip = o.join('.');
        const after = list([ip]);
        const focus = focusOf(after, [add(prefix ? `${ip}/32` : ip)]);
        expect(shown(after, focus)).toEqual([ip]);
      }),
    );
  });

  it("an entry's key is the JSON its journals hold: per key, the canonical values (fast-check)", () => {
    // Focus entries on disk are this text: a key written another way would find none of them.
    const value = fc.oneof(
      fc.string(),
      fc.integer(),
      fc.constantFrom('10.0.0.1/32', '2001:DB8::1/128', '10.0.1.7/24', 'a"b\\c', '\u2028'),
    );
    const name = fc.constantFrom('net', 'port', 'protocol', 'x');
    fc.assert(
      fc.property(
        fc.dictionary(name, fc.array(value, { maxLength: 3 })),
        fc.array(name, { maxLength: 3 }),
        (options, keys) => {
          const json = JSON.stringify(
            keys.map((k) => (options[k] ?? []).map((v) => canonicalNet(String(v)))),
          );
          expect(entryKey(options, keys)).toBe(json);
        },
      ),
    );
  });
});
