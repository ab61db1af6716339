// THE duration and time grammar of the command language. Built-in options check their values
// with the readers here (no second pattern can drift from them); handlers turn values into
// numbers with the parsers, which throw argumentError.
//
//   DURATION  one or more <whole number><unit>, units largest first, each at most once:
//             w d h m s ms — 90s, 15m, 6h, 7d, 2w, 1h30m, 500ms. More than zero.
//   STEP      a DURATION of whole seconds (5m, 1m30s), or bare seconds (300).
//   TIME      now · now-DURATION · RFC 3339 with seconds and a zone (2026-11-22T10:00:00Z),
//             read by the telemetry wire parser (one RFC 3339 parser in the program).
//   RANGE     since DURATION · from TIME [to TIME] (to defaults to now) · neither: the default
//             lookback. since with from/to, or to without from, is refused.
import { parseTime as parseRfc3339 } from '../api/telemetry/time.js';
import { argumentError } from '../errors.js';

/** A failed read says whether the text had the value's shape but is out of range (`0m`, 100+ years). */
export type Read<T> = { ok: true; value: T } | { ok: false; why: string; outOfRange?: true };

const UNIT_MS = { w: 604_800_000, d: 86_400_000, h: 3_600_000, m: 60_000, s: 1000, ms: 1 } as const;
const DURATION = /^(?:(\d+)w)?(?:(\d+)d)?(?:(\d+)h)?(?:(\d+)m)?(?:(\d+)s)?(?:(\d+)ms)?$/;
const UNITS = Object.values(UNIT_MS);
/** Durations, steps and times' distance from now are at most 100 years: past that no API
 *  answers, and Date cannot hold every sum (toISOString throws "Invalid time value"). */
export const MAX_SPAN_MS = 36_525 * UNIT_MS.d;
const TOO_LONG = 'at most 100 years';
const TOO_FAR = 'the time is too far: within 100 years of now';

export const DURATION_HELP = 'a duration like 90s, 15m, 6h, 7d, 1h30m';
export const STEP_HELP = 'a duration like 30s, 5m, 1h, or whole seconds';
export const TIME_HELP = 'a time: RFC 3339 (2026-11-22T10:00:00Z), now, or now-1h';

const ok = <T>(value: T): Read<T> => ({ ok: true, value });
const no = <T>(why: string): Read<T> => ({ ok: false, why });
const outOfRange = <T>(why: string): Read<T> => ({ ok: false, why, outOfRange: true });

export function readDuration(text: string): Read<number> {
  const m = DURATION.exec(text);
  if (!m || text === '') return no(`expected ${DURATION_HELP}`);
  let ms = 0;
  for (let i = 0; i < UNITS.length; i++) ms += Number(m[i + 1] ?? 0) * UNITS[i]!;
  if (ms <= 0) return outOfRange('a duration must be more than 0');
  if (!(ms <= MAX_SPAN_MS)) return outOfRange(`the duration is too large: ${TOO_LONG}`);
  return ok(ms);
}

/** `step`: seconds, from a duration or a bare whole number (today's form). */
export function readStep(text: string): Read<number> {
  if (/^\d+$/.test(text)) {
    const n = Number(text);
    if (n > MAX_SPAN_MS / 1000) return outOfRange(`the step is too large: ${TOO_LONG}`);
    return n > 0 ? ok(n) : outOfRange('a step must be more than 0 seconds');
  }
  const d = readDuration(text);
  if (!d.ok) {
    if (!d.outOfRange) return no(`expected ${STEP_HELP}`);
    return outOfRange(d.why.includes(TOO_LONG) ? `the step is too large: ${TOO_LONG}` : d.why);
  }
  if (d.value % 1000 !== 0) return outOfRange('a step is whole seconds');
  return ok(d.value / 1000);
}

/** Epoch milliseconds of a TIME; `now` is the clock reading relative times are taken from. */
export function readTime(text: string, now: number): Read<number> {
  if (text === 'now') return ok(now);
  if (text.startsWith('now-')) {
    const d = readDuration(text.slice(4));
    if (d.ok) return ok(now - d.value);
    if (!d.outOfRange) return no(`expected ${TIME_HELP}`);
    return outOfRange(d.why.includes(TOO_LONG) ? TOO_FAR : d.why);
  }
  const ms = parseRfc3339(text);
  if (ms === undefined) return no(`expected ${TIME_HELP}`);
  return Math.abs(ms - now) <= MAX_SPAN_MS ? ok(ms) : outOfRange(TOO_FAR);
}

/** A positive whole number (`limit N`). */
export function readCount(text: string): Read<number> {
  const n = /^\d+$/.test(text) ? Number(text) : Number.NaN;
  if (n > Number.MAX_SAFE_INTEGER) return outOfRange('the number is too large');
  if (n === 0) return outOfRange('expected a whole number more than 0');
  return n > 0 ? ok(n) : no('expected a whole number more than 0');
}

const must =
  <A extends unknown[]>(read: (text: string, ...a: A) => Read<number>) =>
  (text: string, ...a: A): number => {
    const r = read(text, ...a);
    if (!r.ok) throw argumentError(`invalid value '${text}': ${r.why}`);
    return r.value;
  };

export const parseDuration = must(readDuration);
export const parseStep = must(readStep);
export const parseTime = must(readTime);
export const parseCount = must(readCount);

/** The value check of a built-in option: why `text` is wrong, or undefined. */
export type ValueCheck = (text: string) => string | undefined;
const checkOf =
  (read: (text: string, now: number) => Read<number>): ValueCheck =>
  (text) => {
    const r = read(text, Date.now()); // times are checked against the ±100 years of now
    return r.ok ? undefined : r.why;
  };
/**
 * Whether `text` has the shape of the value, in range or not. A trailing clause of a raw
 * expression is recognised by its shape, so `since 9999999999999s` is refused as a clause
 * ("too large") instead of silently becoming part of the query.
 */
export type ValueShape = (text: string) => boolean;
const shapeOf =
  (read: (text: string, now: number) => Read<number>): ValueShape =>
  (text) => {
    const r = read(text, Date.now());
    return r.ok || r.outOfRange === true;
  };
export const durationShape = shapeOf(readDuration);
export const stepShape = shapeOf(readStep);
export const timeShape = shapeOf(readTime);
export const countShape = shapeOf(readCount);

export const checkDuration = checkOf(readDuration);
export const checkStep = checkOf(readStep);
export const checkTime = checkOf(readTime);
export const checkCount = checkOf(readCount);

export interface RangeOptions {
  since?: readonly string[] | undefined;
  from?: readonly string[] | undefined;
  to?: readonly string[] | undefined;
}

/** THE rule for combining since/from/to: why the combination is wrong, or undefined. */
export function rangeRule(o: RangeOptions): string | undefined {
  if (o.since && (o.from || o.to)) return "use either 'since DURATION' or 'from TIME [to TIME]', not both";
  if (o.to && !o.from) return "'to' needs 'from' (or use 'since DURATION')";
  return undefined;
}

export interface TimeRange {
  startMs: number;
  endMs: number;
  /** True when the end is now and follows it (since, from alone, or the default). */
  live: boolean;
}

/** The range of since/from/to, or the default lookback ending now. Throws argumentError. */
export function parseRange(o: RangeOptions, now: number, defaultMs: number): TimeRange {
  const why = rangeRule(o);
  if (why) throw argumentError(why);
  const since = o.since?.[0];
  const from = o.from?.[0];
  const to = o.to?.[0];
  if (since !== undefined) return { startMs: now - parseDuration(since), endMs: now, live: true };
  if (from === undefined) return { startMs: now - defaultMs, endMs: now, live: true };
  const startMs = parseTime(from, now);
  const endMs = to !== undefined ? parseTime(to, now) : now;
  if (startMs >= endMs) throw argumentError("'from' must be before 'to'");
  return { startMs, endMs, live: to === undefined };
}
