// DURATION (15m, 6h, 7d) and TIME (RFC 3339, now, now-1h) from telemetry command lines.
import { argumentError } from '../errors.js';

const UNIT_MS: Record<string, number> = { s: 1000, m: 60_000, h: 3_600_000, d: 86_400_000, w: 604_800_000 };

export function parseDuration(s: string): number {
  const m = /^(\d+(?:\.\d+)?)([smhdw])$/.exec(s.trim());
  if (!m) throw argumentError(`'${s}' is not a duration (like 90s, 15m, 6h, 7d)`);
  const ms = Number(m[1]) * (UNIT_MS[m[2] as string] as number);
  if (ms <= 0) throw argumentError(`duration '${s}' must be positive`);
  return ms;
}

export function parseTime(s: string, now: number): number {
  const t = s.trim();
  if (t === 'now') return now;
  const rel = /^now\s*-\s*(.+)$/.exec(t);
  if (rel) return now - parseDuration(rel[1] as string);
  // RFC 3339 needs a date, a time and a zone; Date.parse alone accepts too much.
  if (!/^\d{4}-\d{2}-\d{2}[Tt ]\d{2}:\d{2}(:\d{2}(\.\d+)?)?([Zz]|[+-]\d{2}:\d{2})$/.test(t)) {
    throw argumentError(`'${s}' is not a time (RFC 3339 like 2026-11-22T10:00:00Z, now, or now-1h)`);
  }
  const ms = Date.parse(t);
  if (Number.isNaN(ms)) throw argumentError(`'${s}' is not a valid time`);
  return ms;
}

export interface TimeRange {
  startMs: number;
  endMs: number;
  /** True for `since D` (and the default): the end follows now. */
  live: boolean;
}

/** `since D` | `from T to T` (either end may be given alone) with a default lookback. */
export function parseRange(options: Record<string, string[]>, now: number, defaultMs: number): TimeRange {
  const since = options.since?.[0];
  const from = options.from?.[0];
  const to = options.to?.[0];
  if (since !== undefined && (from !== undefined || to !== undefined)) {
    throw argumentError("give either 'since DURATION' or 'from TIME to TIME', not both");
  }
  if (since !== undefined) return { startMs: now - parseDuration(since), endMs: now, live: true };
  if (from === undefined && to === undefined) return { startMs: now - defaultMs, endMs: now, live: true };
  const endMs = to !== undefined ? parseTime(to, now) : now;
  const startMs = from !== undefined ? parseTime(from, now) : endMs - defaultMs;
  if (startMs >= endMs) throw argumentError("'from' must be before 'to'");
  return { startMs, endMs, live: to === undefined };
}
