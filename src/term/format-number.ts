// Sample values for tables a person reads: integers as they are, fractions with at most four
// decimals (four significant digits below 0.01), NaN and ±Inf spelled as the API spells them.
// Never the 17 digits a float prints by default (6872.506666666667).

/** A metric value for a table cell. */
export function formatValue(v: number): string {
  if (Number.isNaN(v)) return 'NaN';
  if (v === Number.POSITIVE_INFINITY) return '+Inf';
  if (v === Number.NEGATIVE_INFINITY) return '-Inf';
  if (v === 0) return '0'; // also -0
  if (Number.isInteger(v)) return Math.abs(v) < 1e21 ? v.toFixed(0) : String(v);
  const abs = Math.abs(v);
  // Number(…) drops the trailing zeros toFixed/toPrecision leave.
  return String(abs >= 0.01 ? Number(v.toFixed(4)) : Number(v.toPrecision(4)));
}
