// The progress line of a long import: count, rate and ETA. Pure text; the caller decides
// where it goes (stderr on a terminal) and how often.

const seconds = (s: number): string =>
  s >= 60 ? `${Math.floor(s / 60)}m${String(Math.round(s % 60)).padStart(2, '0')}s` : `${s.toFixed(1)}s`;

export function progressLine(done: number, total: number, elapsedMs: number): string {
  const rate = elapsedMs > 0 ? (done * 1000) / elapsedMs : 0;
  const eta = rate > 0 ? (total - done) / rate : Number.NaN;
  const pct = total > 0 ? Math.floor((done * 100) / total) : 100;
  const width = 20;
  const fill = Math.round((pct * width) / 100);
  const bar = `[${'#'.repeat(fill)}${'.'.repeat(width - fill)}]`;
  return `${bar} ${done}/${total} ${pct}%  ${Math.round(rate)}/s  ETA ${Number.isNaN(eta) ? '?' : seconds(eta)}`;
}

/** Calls `emit` at most every `everyMs` (and always for the last item). */
export function throttled(total: number, now: () => number, emit: (line: string) => void, everyMs = 100) {
  const start = now();
  let last = Number.NEGATIVE_INFINITY;
  return (done: number) => {
    const t = now();
    if (done < total && t - last < everyMs) return;
    last = t;
    emit(progressLine(done, total, t - start));
  };
}
