// The dry run's overlay of predicted entries (lang/overlay.ts), against a plain model: a set
// per collection, seeded from the live SetValues, changed by each add and remove in order.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { keyTuple, Overlay } from '../../src/lang/overlay.js';

const PARENT = ['interface'];
const values = fc.constantFrom('eth0', 'eth1', 'eth5', 'eth9', 'lo');
const op = fc.oneof(
  fc.record({ kind: fc.constant('add' as const), value: values }),
  fc.record({ kind: fc.constant('remove' as const), value: values }),
);

describe('Overlay', () => {
  it('answers as a set seeded from the live values and changed by each line in order', () => {
    fc.assert(
      fc.property(fc.subarray(['eth0', 'eth1', 'lo']), fc.array(op, { maxLength: 30 }), (live, ops) => {
        const o = new Overlay();
        const model = new Set(live);
        const touched = new Set<string>();
        for (const x of ops) {
          if (x.kind === 'add') {
            o.add(PARENT, x.value, live);
            model.add(x.value);
          } else {
            o.remove([...PARENT, x.value], { entry: true });
            model.delete(x.value);
          }
          touched.add(x.value);
        }
        for (const v of ['eth0', 'eth1', 'eth5', 'eth9', 'lo']) {
          const got = o.entry(PARENT, v, live);
          if (model.has(v)) expect(got.state).toBe('present');
          else if (touched.has(v) || live.length > 0) expect(got.state).toBe('absent');
          // Nothing live and nothing predicted: an empty SetValues may mean "not listed".
          else expect(got.state).toBe('unknown');
          expect(got.predicted).toBe(touched.has(v));
        }
      }),
    );
  });

  it('under a path it created, only what the overlay added exists (the live answer describes nothing)', () => {
    fc.assert(
      fc.property(
        fc.array(fc.constantFrom('10.0.0.1/24', '10.0.1.1/24'), { maxLength: 4 }),
        (added: string[]) => {
          const o = new Overlay();
          o.add(PARENT, 'eth5', ['eth0']);
          const addr = ['interface', 'eth5', 'ip', 'address'];
          for (const a of added) o.add(addr, a, []);
          for (const a of ['10.0.0.1/24', '10.0.1.1/24']) {
            // Even if the router's metadata (of some other node) listed it.
            expect(o.entry(addr, a, [a]).state).toBe(added.includes(a) ? 'present' : 'absent');
          }
          expect(o.createdPrefix([...addr, 'x'])).toEqual(['interface', 'eth5']);
        },
      ),
    );
  });

  it('a live entry re-set is not "created"; deleting a node forgets what was predicted under it', () => {
    const o = new Overlay();
    o.add(PARENT, 'eth0', ['eth0']);
    expect(o.createdPrefix(['interface', 'eth0', 'mtu'])).toBeUndefined();
    o.add(PARENT, 'eth5', ['eth0']);
    o.add(['interface', 'eth5', 'ip', 'address'], '10.5.0.1/24', []);
    o.remove(['interface', 'eth5'], { entry: true });
    expect(o.createdPrefix(['interface', 'eth5'])).toBeUndefined();
    expect(o.entry(PARENT, 'eth5', ['eth0'])).toEqual({ state: 'absent', predicted: true });
    o.add(PARENT, 'eth5', ['eth0']);
    expect(o.entry(['interface', 'eth5', 'ip', 'address'], '10.5.0.1/24', []).state).toBe('absent');
  });

  it('keyed entries (a match-list member named by its key options) and unpredictable bulk writes', () => {
    const list = ['ipv4', 'firewall', 'match-list', 'bl'];
    const match = [...list, 'action', 'match'];
    const t = keyTuple({ net: ['192.0.2.1'], port: ['80'] }, ['net']);
    expect(t).toBe(keyTuple({ net: ['192.0.2.1'] }, ['net']));
    const o = new Overlay();
    expect(o.keyed(match, t, []).state).toBe('unknown');
    o.addKeyed(match, t);
    expect(o.keyed(match, t, []).state).toBe('present');
    o.removeKeyed(match, t);
    expect(o.keyed(match, t, [t]).state).toBe('absent');
    o.markUnknown(list);
    expect(o.keyed(match, t, [t]).state).toBe('unknown');
    expect(o.entry(list.slice(0, 3), 'bl', ['bl']).state).toBe('present');
  });
});
