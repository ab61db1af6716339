// The order an undo's requests go in (src/features/changes/undo-lanes.ts): every request once,
// phases in order, each lane in order, and no two lanes of a wave that could affect one another
// (checked against a plain pairwise rule, for random requests on a small tree).
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { RouterRequest } from '../../../src/api/router/types.js';
import { undoWaves } from '../../../src/features/changes/undo-lanes.js';

const entry = (net: string, words = ['ipv4', 'firewall', 'match-list', 'bl', 'action', 'match']) =>
  ({ method: 'POST', words, actions: ['UNSET'], options: { net: [net] } }) as RouterRequest;

/** The rule, pair by pair: a node that holds the other's, or one node and a whole-node request. */
function couldAffect(a: RouterRequest, b: RouterRequest): boolean {
  const pre = (x: string[], y: string[]) => x.length <= y.length && x.every((w, i) => y[i] === w);
  if (!pre(a.words, b.words) && !pre(b.words, a.words)) return false;
  if (a.words.length !== b.words.length) return true;
  const whole = (r: RouterRequest) => r.method !== 'POST' || r.options === undefined;
  return whole(a) || whole(b);
}

const request = fc.record({
  method: fc.constantFrom('POST', 'DELETE'),
  words: fc.array(fc.constantFrom('a', 'b'), { minLength: 1, maxLength: 3 }),
  withOptions: fc.boolean(),
  net: fc.constantFrom('x', 'y', 'z'),
});
const laned = fc.array(fc.tuple(request, fc.constantFrom(0, 1, 2), fc.constantFrom('s1', 's2', 's3', 's4')), {
  maxLength: 14,
});

describe('undoWaves', () => {
  it('an import of 10,000 entries: one wave of 10,000 lanes', () => {
    const rs = Array.from({ length: 10_000 }, (_, i) => entry(`10.0.${i >> 8}.${i & 255}`));
    const waves = undoWaves(
      rs,
      rs.map((r) => `0:${String(r.options!['net'])}`),
    );
    expect(waves.length).toBe(1);
    expect(waves[0]!.length).toBe(10_000);
  });

  it('without lanes, or lanes that do not fit, one lane in the order given', () => {
    const rs = [entry('a'), entry('b')];
    expect(undoWaves(rs)).toEqual([[rs]]);
    expect(undoWaves(rs, ['0:a'])).toEqual([[rs]]);
    expect(undoWaves([], [])).toEqual([]);
  });

  it('a whole-node request beside an entry of that node, or a node above another: one lane', () => {
    const del = { method: 'DELETE', words: entry('a').words } as RouterRequest;
    expect(undoWaves([entry('a'), del], ['0:x', '0:y'])).toEqual([[[entry('a'), del]]]);
    const up = { method: 'POST', words: ['interface', 'eth1'], actions: ['SET'] } as RouterRequest;
    const under = { ...up, words: ['interface', 'eth1', 'mtu', '1500'] };
    expect(undoWaves([up, under], ['2:a', '2:b'])).toEqual([[[up, under]]]);
  });

  it('random requests: each once, phases and lanes in order, no two lanes of a wave that could affect one another', () => {
    fc.assert(
      fc.property(laned, (items) => {
        const rs: RouterRequest[] = items.map(([q]) => ({
          method: q.method as 'POST' | 'DELETE',
          words: q.words,
          ...(q.method === 'POST' ? { actions: ['SET' as const] } : {}),
          ...(q.method === 'POST' && q.withOptions ? { options: { net: [q.net] } } : {}),
        }));
        // inverseOf's shape: phases ascending.
        const order = items.map((_, i) => i).sort((i, j) => items[i]![1] - items[j]![1]);
        const reqs = order.map((i) => rs[i]!);
        const lanes = order.map((i) => `${items[i]![1]}:${items[i]![2]}`);
        const waves = undoWaves(reqs, lanes);
        const laneOf = new Map(reqs.map((r, i) => [r, lanes[i]!]));
        // Each request once, and waves flattened keep the given order within a lane and a phase.
        expect(waves.flat(2)).toHaveLength(reqs.length);
        expect(new Set(waves.flat(2))).toEqual(new Set(reqs));
        let seen = 0;
        for (const wave of waves) {
          const phases = new Set(wave.flat().map((r) => laneOf.get(r)!.split(':')[0]));
          expect(phases.size).toBe(1);
          for (const lane of wave) {
            const at = lane.map((r) => reqs.indexOf(r));
            expect(at).toEqual([...at].sort((x, y) => x - y));
          }
          const first = Math.min(...wave.flat().map((r) => reqs.indexOf(r)));
          expect(first).toBeGreaterThanOrEqual(seen);
          seen = Math.max(...wave.flat().map((r) => reqs.indexOf(r)));
          for (let i = 0; i < wave.length; i++)
            for (let j = i + 1; j < wave.length; j++)
              for (const a of wave[i]!) for (const b of wave[j]!) expect(couldAffect(a, b)).toBe(false);
        }
      }),
      { numRuns: 2000 },
    );
  });
});
