// The chart's Y scale: labels are round numbers (multiples of 1, 2 or 5 × 10^k, Heckbert's
// "nice numbers") on every row or every few rows, each exactly the value of its row; and a
// series that is flat but for floating-point noise is drawn flat (a difference of 1e-16 is
// rounding, not a spike over the full height).

/** A spread below this fraction of the values' size is rounding noise. */
export const NOISE = 1e-9;
/** Below any measurement: where powers of ten stop being exact (subnormal numbers). */
const TINY = 1e-290;

export interface YAxis {
  /** The bottom row's value: `base` × rowStep. */
  lo: number;
  /** The top row's value: lo + rows × rowStep. */
  hi: number;
  rowStep: number;
  /** The bottom row's value in row steps (a whole number). */
  base: number;
  /** A label every `every` rows: where the value is a whole number of label steps. */
  every: number;
  /** The value between two labels: 1, 2 or 5 × 10^k. */
  labelStep: number;
}

/** The smallest 1, 2 or 5 × 10^k at least `x` (x > 0). */
export function niceStep(x: number): number {
  const p = 10 ** Math.floor(Math.log10(x));
  for (const m of [1, 2, 5]) if (m * p >= x * (1 - 1e-12)) return m * p;
  return 10 * p;
}

const nextNice = (step: number) => niceStep(step * 1.0001);

/** Labels every 1 to 4 rows: finer row steps (2.5 = 5/2, 0.67 = 2/3…) waste less height. */
const EVERY = [1, 2, 3, 4];

/**
 * A scale of `rows` intervals covering [min, max], chosen to use the most height, then to label
 * the most rows. A flat series (max − min within noise) gets a band around its value.
 */
export function yAxis(min: number, max: number, rows: number): YAxis {
  const n = Math.max(1, Math.floor(rows));
  let lo = min;
  let hi = max;
  // (Spreads far below any real measurement count as flat too: powers of ten stay exact.)
  if (hi - lo <= Math.max(NOISE * Math.max(Math.abs(lo), Math.abs(hi)), TINY)) {
    const mid = (lo + hi) / 2;
    // Half the value either side (and the spread itself); ±1 where that is none (0, subnormals).
    const pad = Math.max(Math.abs(mid) / 2, hi - lo);
    lo = mid - pad;
    hi = mid + pad;
    if (!(hi - lo > TINY)) {
      lo = mid - 1;
      hi = mid + 1;
    }
  }
  let best: YAxis | undefined;
  let bestCost = Number.POSITIVE_INFINITY;
  for (const every of EVERY) {
    if (every > n) break;
    let labelStep = niceStep(((hi - lo) / n) * every);
    for (let i = 0; i < 4; i++, labelStep = nextNice(labelStep)) {
      const rowStep = labelStep / every;
      // Rounding may leave the top a hair under the max: that still counts as covered.
      const covers = (b: number) => (b + n) * rowStep >= hi - rowStep * 1e-9;
      const low = Math.floor(lo / rowStep + 1e-9);
      if (!covers(low)) continue;
      // The rows to spare shared above and below: the line sits mid-plot.
      const centred = Math.round((lo - (n * rowStep - (hi - lo)) / 2) / rowStep);
      const base = centred <= low && covers(centred) ? centred : low;
      // At least three labels where there is room for them (a larger step has no more).
      const labels = Math.floor((base + n) / every) - Math.ceil(base / every) + 1;
      if (labels < (n >= 6 ? 3 : 2)) break;
      // Height first; a little more height buys a label on more rows.
      const cost = n * rowStep * (1 + 0.08 * (every - 1));
      if (cost < bestCost) {
        bestCost = cost;
        best = { lo: base * rowStep, hi: (base + n) * rowStep, rowStep, base, every, labelStep };
      }
      break;
    }
  }
  return best ?? { lo, hi, rowStep: (hi - lo) / n, base: 0, every: 1, labelStep: (hi - lo) / n };
}

/** Row r's label value (0 = the top row), or undefined for a row between labels. */
export function rowLabel(axis: YAxis, rows: number, r: number): number | undefined {
  const k = axis.base + rows - r;
  if (((k % axis.every) + axis.every) % axis.every !== 0) return undefined;
  // A whole number of label steps, free of the float residue of repeated additions.
  return Number(((k / axis.every) * axis.labelStep).toPrecision(12));
}
