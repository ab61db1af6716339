// Whether a change had an effect (the journal marks one without any "no change"): sameSnapshots
// answers it early, at the first setting the after adds, and must answer as the whole diff would.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { diffSnapshots, isEmptyDiff, sameSnapshots } from '../../../src/features/changes/journal/diff.js';
import type { Setting, Snapshot } from '../../../src/contract/journal.js';

const setting = (id: string, value: string): Setting => ({
  path: ['ipv4', 'firewall', 'match-list', 'l', 'action', 'match'],
  options: { net: [value] },
  id,
  slot: 'l',
  multi: true,
  settable: true,
  unsettable: true,
  setOptions: ['net'],
});

// Few ids and values, so that snapshots often share settings, differ in one, or repeat an id.
const snapshot = fc
  .array(fc.tuple(fc.constantFrom('a', 'b', 'c', 'd'), fc.constantFrom('1', '2')), { maxLength: 5 })
  .map((xs): Snapshot => ({ settings: xs.map(([id, v]) => setting(id, v)) }));

describe('sameSnapshots', () => {
  it('is isEmptyDiff(diffSnapshots(before, after)) (fast-check)', () => {
    fc.assert(
      fc.property(
        fc.option(snapshot, { nil: undefined }),
        fc.option(snapshot, { nil: undefined }),
        (b, a) => {
          expect(sameSnapshots(b, a)).toBe(isEmptyDiff(diffSnapshots(b, a)));
        },
      ),
      { numRuns: 500 },
    );
  });

  it('a change that added entries had an effect; one that left them as they were had none', () => {
    const before = { settings: [setting('a', '1')] };
    expect(sameSnapshots(before, { settings: [setting('a', '1'), setting('b', '1')] })).toBe(false);
    expect(sameSnapshots(before, { settings: [setting('a', '2')] })).toBe(false);
    expect(sameSnapshots(before, { settings: [] })).toBe(false);
    expect(sameSnapshots(before, { settings: [setting('a', '1')] })).toBe(true);
  });
});
