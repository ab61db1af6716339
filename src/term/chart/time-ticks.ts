// Time-axis ticks on round times, as charting tools place them: every 1/2/5/10/15/30 s or min,
// 1/2/3/6/12 h, 1/2/7 d — the finest interval whose labels do not collide — aligned to the
// clock of the zone the chart is read in (local, or UTC when asked), DST included.
import { formatAxisTime, formatClock } from '../format-time.js';

const SEC = 1000;
const MIN = 60 * SEC;
const HOUR = 60 * MIN;
const DAY = 24 * HOUR;

export const TICK_INTERVALS: readonly number[] = [
  ...[1, 2, 5, 10, 15, 30].map((n) => n * SEC),
  ...[1, 2, 5, 10, 15, 30].map((n) => n * MIN),
  ...[1, 2, 3, 6, 12].map((n) => n * HOUR),
  ...[1, 2, 7, 14, 30].map((n) => n * DAY),
];

/** Columns kept blank between two labels. */
const LABEL_GAP = 2;

export interface TickOptions {
  utc?: boolean | undefined;
}

/** The text under a tick: hh:mm:ss below a minute, MM-DD for whole days, else hh:mm (MM-DD hh:mm past 2 days). */
export function tickLabel(ms: number, intervalMs: number, spanMs: number, o: TickOptions = {}): string {
  if (intervalMs < MIN) return formatClock(ms, o);
  if (intervalMs >= DAY) return formatAxisTime(ms, Number.POSITIVE_INFINITY, o).slice(0, 5);
  return formatAxisTime(ms, spanMs, o);
}

/** The finest interval whose labels fit `columns` columns over `spanMs` without touching. */
export function tickInterval(spanMs: number, columns: number, o: TickOptions = {}): number {
  for (const interval of TICK_INTERVALS) {
    const width = tickLabel(0, interval, spanMs, o).length + LABEL_GAP;
    if ((interval * columns) / Math.max(1, spanMs) >= width) return interval;
  }
  return TICK_INTERVALS[TICK_INTERVALS.length - 1]!;
}

/** The midnight starting the day of `ms` on the chart's clock. */
function midnight(ms: number, utc: boolean): Date {
  const d = new Date(ms);
  if (utc) d.setUTCHours(0, 0, 0, 0);
  else d.setHours(0, 0, 0, 0);
  return d;
}

/**
 * `d` moved to the start of the day `days` later. A midnight that DST skips (America/Santiago's
 * clocks go from 23:59 to 01:00) is made as 01:00, the day's first time: the days after it start
 * at their own midnight again, not at 01:00 (their ticks were an hour late, 01:00 and 13:00).
 */
function nextDay(d: Date, days: number, utc: boolean): void {
  if (utc) d.setUTCDate(d.getUTCDate() + days);
  else {
    d.setDate(d.getDate() + days);
    d.setHours(0, 0, 0, 0);
  }
}

/**
 * Ticks of an interval shorter than a day, built from each day's clock fields (so a day that
 * DST makes 23 or 25 hours long keeps 03:00, 06:00 …); a time the change skips is left out.
 * A day of 24 hours on one offset (all but a few a year) is its midnight plus the time of day:
 * asking the zone for each tick took ~2 µs (thousands a chart, every refresh of every panel).
 */
function withinDayTicks(startMs: number, endMs: number, interval: number, utc: boolean): number[] {
  const out: number[] = [];
  const day = midnight(startMs, utc);
  while (day.getTime() <= endMs) {
    const dayMs = day.getTime();
    const [y, mo, d] = utc
      ? [day.getUTCFullYear(), day.getUTCMonth(), day.getUTCDate()]
      : [day.getFullYear(), day.getMonth(), day.getDate()];
    nextDay(day, 1, utc);
    const plain = utc || plainDay(dayMs, day.getTime());
    // Skip most of the day before start (an hour early, in case DST shortened the morning).
    const k0 = Math.max(0, Math.floor((startMs - dayMs - HOUR) / interval));
    for (let k = k0; k * interval < DAY; k++) {
      const tod = k * interval;
      const h = Math.floor(tod / HOUR);
      if (plain) {
        const t = dayMs + tod;
        if (t > endMs) break;
        if (t >= startMs) out.push(t);
        continue;
      }
      const m = Math.floor((tod % HOUR) / MIN);
      const sec = Math.floor((tod % MIN) / SEC);
      const t = new Date(y, mo, d, h, m, sec).getTime();
      // A time the change skips (02:45 when clocks jump to 03:45) is made as a later one: left
      // out, and never the end of the day's ticks (the jump's first real time may still be ≤ end).
      if (new Date(t).getHours() !== h) continue;
      if (t > endMs) break;
      if (t >= startMs) out.push(t);
    }
  }
  return out;
}

/** A local day of 24 hours whose offset is the same at its start, middle and end. */
function plainDay(dayMs: number, nextMs: number): boolean {
  if (nextMs - dayMs !== DAY) return false;
  const offset = new Date(dayMs).getTimezoneOffset();
  return (
    new Date(dayMs + DAY / 2).getTimezoneOffset() === offset &&
    new Date(nextMs - 1).getTimezoneOffset() === offset
  );
}

/** The first midnight at or after `ms`, then every `days` days (calendar days: DST-safe). */
function dayTicks(startMs: number, endMs: number, days: number, utc: boolean): number[] {
  const d = midnight(startMs, utc);
  if (d.getTime() < startMs) nextDay(d, 1, utc);
  const out: number[] = [];
  for (; d.getTime() <= endMs; nextDay(d, days, utc)) out.push(d.getTime());
  return out;
}

/** Round times in [startMs, endMs] every `interval` ms on the chart's clock. */
export function timeTicks(startMs: number, endMs: number, interval: number, o: TickOptions = {}): number[] {
  const utc = o.utc === true;
  if (interval >= DAY) return dayTicks(startMs, endMs, Math.round(interval / DAY), utc);
  return withinDayTicks(startMs, endMs, interval, utc);
}
