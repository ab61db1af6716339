// RFC 3339 (nano) timestamps to sortable numbers. String order is not time order once the
// fraction length varies ("…00Z" sorts after "…00.5Z"), so records are ordered by this value.
// The timestamp is read by the one RFC 3339 parser (the telemetry wire format's).
import { parseTime } from './time.js';

/** Epoch milliseconds with the sub-millisecond digits as a fraction; NaN when unparsable. */
export function logTimeMs(time: string): number {
  const ms = parseTime(time);
  if (ms === undefined) return Number.NaN;
  // A valid RFC 3339 text has one '.': the one before the seconds' fraction.
  const frac = /\.(\d+)/.exec(time)?.[1];
  if (!frac || frac.length <= 3) return ms;
  // parseTime keeps milliseconds; add the digits beyond them.
  return ms + Number(`0.${frac.slice(3)}`);
}
