import { describe, expect, it } from 'vitest';
import { formatValue } from '../../src/term/format-number.js';

describe('formatValue', () => {
  it.each([
    [6872.506666666667, '6872.5067'],
    [14158.953333333333, '14158.9533'],
    [26255.38333333334, '26255.3833'],
    [0.1 + 0.2, '0.3'],
    [441.45, '441.45'],
    [0.000123456, '0.0001235'],
    [-1932.5566666666666, '-1932.5567'],
    [1.5e-9, '1.5e-9'],
  ])('%d → %s (at most four decimals, never 17 digits)', (v, text) => {
    expect(formatValue(v)).toBe(text);
  });

  it('keeps integers whole, however large', () => {
    expect(formatValue(4004759491032)).toBe('4004759491032');
    expect(formatValue(16)).toBe('16');
    expect(formatValue(-0)).toBe('0');
    expect(formatValue(2 ** 60)).toBe('1152921504606846976');
  });

  it('spells NaN and the infinities as the API does', () => {
    expect(formatValue(Number.NaN)).toBe('NaN');
    expect(formatValue(Number.POSITIVE_INFINITY)).toBe('+Inf');
    expect(formatValue(Number.NEGATIVE_INFINITY)).toBe('-Inf');
  });
});
