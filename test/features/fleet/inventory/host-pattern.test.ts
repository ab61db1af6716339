// Host entries as Ansible writes them (host-pattern.ts): a plain name is itself, on the fast path
// that a 1,000-host inventory takes; ranges and ports take the general path; both refuse past
// the host bound with the same line.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { expandHostEntry } from '../../../../src/features/fleet/inventory/host-pattern.js';

describe('host entries', () => {
  it('a name without a range or a port is itself', () => {
    fc.assert(
      fc.property(fc.stringMatching(/^[A-Za-z0-9_.-]{1,40}$/), (name) => {
        expect(expandHostEntry(name, 'f:1', 10)).toEqual({ names: [name] });
      }),
    );
  });

  it('ranges and ports still expand: names in order, the port apart', () => {
    expect(expandHostEntry('edge-[01:03]', 'f:1', 10)).toEqual({ names: ['edge-01', 'edge-02', 'edge-03'] });
    expect(expandHostEntry('db-[a:c]:2222', 'f:1', 10)).toEqual({
      names: ['db-a', 'db-b', 'db-c'],
      port: 2222,
    });
    expect(expandHostEntry('[2001:db8::1]:830', 'f:1', 10)).toEqual({ names: ['2001:db8::1'], port: 830 });
    expect(expandHostEntry('r1:22', 'f:1', 10)).toEqual({ names: ['r1'], port: 22 });
  });

  it('a plain name past the bound is refused with the line a range gets', () => {
    const plain = () => expandHostEntry('edge-01', 'f:3', 0);
    const range = () => expandHostEntry('edge-[1:1]', 'f:3', 0);
    expect(plain).toThrow('f:3: the host ranges make more than 0 hosts');
    expect(range).toThrow('f:3: the host ranges make more than 0 hosts');
  });
});
