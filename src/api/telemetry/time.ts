// RFC 3339 on the wire, epoch milliseconds inside. Response timestamps carry nanoseconds:
// the fraction is truncated to milliseconds.

const RFC3339 = /^(\d{4}-\d{2}-\d{2})[Tt ](\d{2}:\d{2}:\d{2})(?:\.(\d+))?([Zz]|[+-]\d{2}:\d{2})$/;

/** Epoch ms of an RFC 3339 string, or undefined when it is not one. */
export function parseTime(text: unknown): number | undefined {
  if (typeof text !== 'string') return undefined;
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
