// A run's plan (features/fleet/runs/waves.ts): --waves cut into cumulative waves, --max-fail,
// and --confirm-within judged against every wave's apply + soak + gate, each refusal one line.
import { describe, expect, it } from 'vitest';
import { gateQuery } from '../../../../src/commands/fleet-run.js';
import { checkWindow, maxFailOf, planWaves } from '../../../../src/features/fleet/runs/waves.js';

describe('planWaves', () => {
  it('cuts counts and percentages of the selection, cumulative', () => {
    expect(planWaves('1,10%,100%', 40)).toEqual([1, 3, 36]);
    expect(planWaves('1,2,100%', 3)).toEqual([1, 1, 1]);
    // 10% of 5 hosts rounds up to one host, never none; a step that adds nobody is dropped.
    expect(planWaves('10%,20%,100%', 5)).toEqual([1, 4]);
    expect(planWaves(undefined, 7)).toEqual([7]);
    expect(planWaves('5,100%', 3)).toEqual([3]);
  });
  it('refuses a step that is not a count or a percentage, a shrinking step, a last step short of all', () => {
    expect(() => planWaves('1,x,100%', 10)).toThrow(/--waves: 'x' is not a count or a percentage/);
    expect(() => planWaves('0,100%', 10)).toThrow(/at least 1/);
    expect(() => planWaves('150%', 10)).toThrow(/within 1%\.\.100%/);
    expect(() => planWaves('5,2,100%', 10)).toThrow(/never shrink/);
    expect(() => planWaves('1,50%', 10)).toThrow(/reaches 5 of 10 hosts \(end with 100%\)/);
  });
});

describe('maxFailOf', () => {
  it('is 0 by default, a count, or a percentage of the selection rounded down', () => {
    expect(maxFailOf(undefined, 10)).toBe(0);
    expect(maxFailOf('2', 10)).toBe(2);
    expect(maxFailOf('25%', 10)).toBe(2);
    expect(() => maxFailOf('-1', 10)).toThrow(/--max-fail: '-1' is not a count/);
    expect(() => maxFailOf('101%', 10)).toThrow(/at most 100%/);
  });
});

describe('checkWindow', () => {
  const need = { waves: 3, soakMs: 60_000, stepMs: 10_000 };
  it('takes a window that covers every wave, capped at 1h', () => {
    expect(checkWindow('30m', need)).toBe(30 * 60_000);
    expect(() => checkWindow('2h', need)).toThrow(/at most 1h/);
  });
  it('refuses up front one too short for the waves', () => {
    expect(() => checkWindow('3m', need)).toThrow(
      /--confirm-within 3m cannot cover 3 wave\(s\) of apply \+ soak \+ gate \(210s needed\)/,
    );
    expect(() => checkWindow('soon', need)).toThrow(/--confirm-within: expected a duration/);
  });
  it('without the flag: what the waves need, at least 5m', () => {
    expect(checkWindow(undefined, need)).toBe(5 * 60_000);
    expect(checkWindow(undefined, { ...need, soakMs: 10 * 60_000 })).toBe(30 * 60_000 + 30_000);
  });
});

describe('gateQuery', () => {
  it('expands $hosts to the wave\'s names, each escaped for a PromQL regex inside "..."', () => {
    expect(gateQuery('up{router=~"$hosts"} == 0', ['edge-01', 'edge.2'])).toBe(
      'up{router=~"edge-01|edge\\\\.2"} == 0',
    );
    expect(gateQuery('x{router=~"$hosts"}', ['a"b'])).toBe('x{router=~"a\\"b"}');
  });
});
