// RFC 3339 on the wire, epoch milliseconds inside. Response timestamps carry nanoseconds:
// the fraction is truncated to milliseconds.

const RFC3339 = /^(\d{4}-\d{2}-\d{2})[Tt ](\d{2}:\d{2}:\d{2})(?:\.(\d+))?([Zz]|[+-]\d{2}:\d{2})$/;

/** Epoch ms of an RFC 3339 string, or undefined when it is not one. */
export function parseTime(text: unknown): number | undefined {
  if (typeof text !== 'string') return undefined;
  const fast = parseUtc(text);
  if (fast !== undefined) return fast;
  const m = RFC3339.exec(text.trim());
  if (!m) return undefined;
  const frac = m[3] ? `.${m[3].slice(0, 3).padEnd(3, '0')}` : '';
  const zone = m[4] === 'z' ? 'Z' : m[4];
  const ms = Date.parse(`${m[1]}T${m[2]}${frac}${zone}`);
  return Number.isNaN(ms) ? undefined : ms;
}

export function formatTime(ms: number): string {
  return new Date(ms).toISOString();
}

const digit = (s: string, i: number) => s.charCodeAt(i) - 48;
const two = (s: string, i: number) => digit(s, i) * 10 + digit(s, i + 1);

/**
 * The form servers send, `YYYY-MM-DDTHH:MM:SS[.fraction]Z`, without a regex or a Date.parse of a
 * rebuilt string (a range answer holds ~100,000 of them). Undefined for any other form, which
 * the general path then reads (or refuses) as before.
 */
function parseUtc(s: string): number | undefined {
  const n = s.length;
  if (n < 20 || s[4] !== '-' || s[7] !== '-' || s[10] !== 'T' || s[13] !== ':' || s[16] !== ':')
    return undefined;
  if (s[n - 1] !== 'Z') return undefined;
  for (const i of [0, 1, 2, 3, 5, 6, 8, 9, 11, 12, 14, 15, 17, 18]) {
    const d = digit(s, i);
    if (d < 0 || d > 9) return undefined;
  }
  let ms = 0;
  if (n > 20) {
    if (s[19] !== '.' || n === 21) return undefined;
    for (let i = 20; i < n - 1; i++) {
      const d = digit(s, i);
      if (d < 0 || d > 9) return undefined;
      if (i < 23) ms += d * 10 ** (22 - i);
    }
  }
  const year = digit(s, 0) * 1000 + digit(s, 1) * 100 + two(s, 2);
  const [month, day, hh, mm, ss] = [two(s, 5), two(s, 8), two(s, 11), two(s, 14), two(s, 17)];
  if (month < 1 || month > 12 || day < 1 || hh > 23 || mm > 59 || ss > 59) return undefined;
  const t = Date.UTC(year, month - 1, day, hh, mm, ss, ms);
  // Day 31 of a 30-day month rolls over in Date.UTC; Date.parse refuses it: so do we.
  if (new Date(t).getUTCDate() !== day) return undefined;
  return year < 100 ? undefined : t;
}
