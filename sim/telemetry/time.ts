// RFC 3339 in and out, and duration literals (5m, 1h30m) shared by MetricsQL and LogsQL.

const RFC3339 =
  /^(\d{4})-(\d{2})-(\d{2})[Tt](\d{2}):(\d{2}):(\d{2})(?:\.(\d{1,9}))?(?:([Zz])|([+-])(\d{2}):(\d{2}))$/;

/** Epoch milliseconds of an RFC 3339 timestamp, or undefined when it is not one. */
export function parseRfc3339(s: string): number | undefined {
  const m = RFC3339.exec(s);
  if (!m) return undefined;
  const [y, mo, d, h, mi, se] = [m[1], m[2], m[3], m[4], m[5], m[6]].map(Number) as [
    number,
    number,
    number,
    number,
    number,
    number,
  ];
  if (mo < 1 || mo > 12 || d < 1 || h > 23 || mi > 59 || se > 59) return undefined;
  const base = Date.UTC(y, mo - 1, d, h, mi, se);
  if (new Date(base).getUTCDate() !== d) return undefined; // 2026-02-30
  const fracMs = m[7] ? Math.floor(Number(m[7].padEnd(9, '0')) / 1e6) : 0;
  let offset = 0;
  if (!m[8]) {
    const oh = Number(m[10]);
    const om = Number(m[11]);
    if (oh > 23 || om > 59) return undefined;
    offset = (m[9] === '-' ? -1 : 1) * (oh * 60 + om) * 60_000;
  }
  return base + fracMs - offset;
}

/** UTC RFC 3339 with nanosecond precision: 2026-11-22T12:00:00.000000000Z. */
export function formatMs(ms: number): string {
  return new Date(ms).toISOString().slice(0, -1) + '000000Z';
}

/** Same, from whole seconds plus nanoseconds (log records carry sub-millisecond times). */
export function formatSecNanos(sec: number, nanos: number): string {
  return new Date(sec * 1000).toISOString().slice(0, 19) + '.' + String(nanos).padStart(9, '0') + 'Z';
}

const UNIT_MS: Record<string, number> = {
  ms: 1,
  s: 1000,
  m: 60_000,
  h: 3_600_000,
  d: 86_400_000,
  w: 604_800_000,
  y: 31_536_000_000,
};
const DURATION = /^(?:\d+(?:\.\d+)?(?:ms|s|m|h|d|w|y))+$/;

/** Milliseconds of a duration literal such as 5m, 1h30m, 1.5d; undefined when malformed. */
export function parseDuration(s: string): number | undefined {
  if (!DURATION.test(s)) return undefined;
  let total = 0;
  for (const part of s.matchAll(/(\d+(?:\.\d+)?)(ms|s|m|h|d|w|y)/g)) {
    total += Number(part[1]) * (UNIT_MS[part[2] ?? ''] ?? 0);
  }
  return Math.round(total);
}

export const DAY_MS = 86_400_000;
