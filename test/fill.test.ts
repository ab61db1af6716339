// The e2e group's start order (test/sequencer.ts): waiting files beside computing ones.
import { describe, expect, it } from 'vitest';
import { fillOrder } from './fill.js';

const job = (name: string, seconds: number, share: number) => ({ name, seconds, share });

describe('fillOrder', () => {
  const waiters = [job('w1', 20, 0.3), job('w2', 18, 0.3), job('w3', 16, 0.3), job('w4', 14, 0.3)];
  const busy = [job('b1', 6, 1), job('b2', 5, 1), job('b3', 4, 1), job('b4', 3, 1)];

  it('starts every job once', () => {
    const order = fillOrder([...busy, ...waiters], 4, 2).map((j) => j.name);
    expect(order.toSorted()).toEqual([...busy, ...waiters].map((j) => j.name).toSorted());
  });

  it('the first jobs fill the cores: not the four longest waiters together', () => {
    const first = fillOrder([...busy, ...waiters], 4, 2).slice(0, 4);
    const demand = first.reduce((s, j) => s + j.share, 0);
    expect(demand).toBeGreaterThanOrEqual(1.6);
    expect(first[0]!.name).toBe('w1');
  });

  it('jobs that all compute go longest first', () => {
    expect(fillOrder(busy.toReversed(), 2, 2).map((j) => j.name)).toEqual(['b1', 'b2', 'b3', 'b4']);
  });
});
