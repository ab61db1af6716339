// RFC 3339 (nano) timestamps to sortable numbers. String order is not time order once the
// fraction length varies ("…00Z" sorts after "…00.5Z"), so records are ordered by this value.

const FRACTION = /\.(\d+)/;

/** Epoch milliseconds with the sub-millisecond digits as a fraction; NaN when unparsable. */
export function logTimeMs(time: string): number {
  const ms = Date.parse(time);
  if (Number.isNaN(ms)) return Number.NaN;
  const frac = FRACTION.exec(time)?.[1];
  if (!frac || frac.length <= 3) return ms;
  // Date.parse keeps milliseconds; add the digits beyond them.
  return ms + Number(`0.${frac.slice(3)}`);
}
