// Times for axes, titles and log lines. `utc` is injectable so tests and scripts are deterministic;
// the interactive panes show local time like every other terminal tool.

export interface TimeFormatOptions {
  utc?: boolean | undefined;
}

const TWO_DAYS_MS = 2 * 24 * 3600 * 1000;

interface Parts {
  month: number;
  day: number;
  hours: number;
  minutes: number;
  seconds: number;
  millis: number;
}

function parts(ms: number, utc: boolean): Parts {
  const d = new Date(ms);
  return utc
    ? {
        month: d.getUTCMonth() + 1,
        day: d.getUTCDate(),
        hours: d.getUTCHours(),
        minutes: d.getUTCMinutes(),
        seconds: d.getUTCSeconds(),
        millis: d.getUTCMilliseconds(),
      }
    : {
        month: d.getMonth() + 1,
        day: d.getDate(),
        hours: d.getHours(),
        minutes: d.getMinutes(),
        seconds: d.getSeconds(),
        millis: d.getMilliseconds(),
      };
}

const p2 = (n: number) => String(n).padStart(2, '0');

/** Axis label: `hh:mm` when the whole range is ≤ 2 days, `MM-DD hh:mm` beyond. */
export function formatAxisTime(ms: number, rangeMs: number, opts: TimeFormatOptions = {}): string {
  const p = parts(ms, opts.utc === true);
  const hm = `${p2(p.hours)}:${p2(p.minutes)}`;
  return rangeMs <= TWO_DAYS_MS ? hm : `${p2(p.month)}-${p2(p.day)} ${hm}`;
}

/** `hh:mm:ss` (status lines: last refresh, last poll). */
export function formatClock(ms: number, opts: TimeFormatOptions = {}): string {
  const p = parts(ms, opts.utc === true);
  return `${p2(p.hours)}:${p2(p.minutes)}:${p2(p.seconds)}`;
}

/** `hh:mm:ss.mmm` (log lines). */
export function formatClockMs(ms: number, opts: TimeFormatOptions = {}): string {
  const p = parts(ms, opts.utc === true);
  return `${formatClock(ms, opts)}.${String(p.millis).padStart(3, '0')}`;
}

/** A duration as the CLI writes it: 90s, 15m, 6h, 7d, 1h30m. */
export function formatDuration(ms: number): string {
  const s = Math.round(ms / 1000);
  if (s < 60) return `${s}s`;
  const units: Array<[number, string]> = [
    [86400, 'd'],
    [3600, 'h'],
    [60, 'm'],
    [1, 's'],
  ];
  let rest = s;
  let out = '';
  let used = 0;
  for (const [size, unit] of units) {
    const n = Math.floor(rest / size);
    if (n > 0 && used < 2) {
      out += `${n}${unit}`;
      rest -= n * size;
      used++;
    }
  }
  return out;
}
