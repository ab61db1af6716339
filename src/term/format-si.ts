// SI-prefixed numbers for chart axes and summaries: 1.2k, 3.4M, 5.6G, 780m.
// Labels are right-aligned to a fixed width so the plot does not shift when values change.

const PREFIXES: ReadonlyArray<readonly [number, string]> = [
  [1e18, 'E'],
  [1e15, 'P'],
  [1e12, 'T'],
  [1e9, 'G'],
  [1e6, 'M'],
  [1e3, 'k'],
  [1, ''],
  [1e-3, 'm'],
  [1e-6, 'µ'],
  [1e-9, 'n'],
  [1e-12, 'p'],
];

/** Width the chart reserves for a Y label ("-1.234k" plus a spare column). */
export const SI_LABEL_WIDTH = 8;

/** Formats with `digits` significant digits (trailing zeros dropped) and an SI prefix. */
export function formatSI(value: number, digits = 3): string {
  if (Number.isNaN(value)) return 'NaN';
  if (value === Number.POSITIVE_INFINITY) return 'Inf';
  if (value === Number.NEGATIVE_INFINITY) return '-Inf';
  if (value === 0) return '0';
  const sign = value < 0 ? '-' : '';
  const abs = Math.abs(value);
  for (let i = 0; i < PREFIXES.length; i++) {
    const [scale, prefix] = PREFIXES[i]!;
    if (abs < scale && i < PREFIXES.length - 1) continue;
    let mantissa = Number((abs / scale).toPrecision(digits));
    // Rounding can carry into the next prefix: 999.96 → "1000" must read "1k".
    if (mantissa >= 1000 && i > 0) {
      const [upScale, upPrefix] = PREFIXES[i - 1]!;
      mantissa = Number((abs / upScale).toPrecision(digits));
      return sign + trim(mantissa, digits) + upPrefix;
    }
    return sign + trim(mantissa, digits) + prefix;
  }
  return String(value);
}

function trim(mantissa: number, digits: number): string {
  const text = mantissa.toPrecision(digits);
  // toPrecision may answer in exponent form for tiny mantissas; Number() normalises it.
  return String(Number(text));
}

/** A label right-aligned in `width` columns (cut on the left if it cannot fit). */
export function formatSILabel(value: number, width = SI_LABEL_WIDTH, digits = 3): string {
  const text = formatSI(value, digits);
  return text.length >= width ? text.slice(0, width) : text.padStart(width);
}

/**
 * Chooses the digits needed so that labels `step` apart stay distinct, from 3 up to `max`.
 * (A range of 1000…1010 needs "1.005k", not "1k".)
 */
export function digitsForStep(maxAbs: number, step: number, max = 5): number {
  if (!(step > 0) || !(maxAbs > 0)) return 3;
  const needed = Math.ceil(Math.log10(maxAbs / step)) + 1;
  return Math.min(max, Math.max(3, needed));
}
