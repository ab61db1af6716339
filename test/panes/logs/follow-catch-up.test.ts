// catchUp pages past the API's offset cap by narrowing the window, and reports what a page
// budget could not reach as a gap.
import { describe, expect, it } from 'vitest';
import type { LogRecord } from '../../../src/api/telemetry/types.js';
import { catchUp } from '../../../src/panes/logs/follow-catch-up.js';
import { logTimeMs } from '../../../src/api/telemetry/log-time.js';
import { BASE, fakeLogSource, rec } from './fake-source.js';

const records = (n: number) => Array.from({ length: n }, (_, i) => rec(i));
const run = (
  source: ReturnType<typeof fakeLogSource>,
  over: { maxPages?: number; offsetMax?: number } = {},
) => {
  const got: LogRecord[] = [];
  return catchUp({
    source,
    fromMs: BASE,
    endMs: BASE + 10_000_000,
    limit: 10,
    offsetMax: over.offsetMax ?? 20,
    maxPages: over.maxPages ?? 1000,
    signal: new AbortController().signal,
    onPage: (r) => got.push(...r),
  }).then((r) => ({ ...r, got }));
};

describe('catchUp', () => {
  it('fetches everything past the offset cap by narrowing the window to older records', async () => {
    const source = fakeLogSource(records(95));
    const r = await run(source);
    expect(r.gap).toBeNull();
    expect(new Set(r.got.map((x) => x.message)).size).toBe(95);
    // Offsets never pass the cap.
    expect(Math.max(...source.calls.map((c) => c.offset ?? 0))).toBeLessThanOrEqual(20);
    expect(source.calls.some((c) => (c.endMs ?? 0) < BASE + 10_000_000)).toBe(true);
  });

  it('stops at the page budget and returns the unread window as the gap', async () => {
    const r = await run(fakeLogSource(records(95)), { maxPages: 3 });
    expect(r.pages).toBe(3);
    expect(r.got.map((x) => x.message).at(-1)).toBe('message 65');
    // Records 0…65 lie in the gap (65 was read, the others not).
    expect(r.gap).toEqual({ startMs: BASE, endMs: Math.ceil(logTimeMs(rec(65)._time)) });
  });

  it('ends when the server does not advance next_offset', async () => {
    const source = fakeLogSource(records(30));
    source.search = async (q) => ({ records: [rec(1)], nextOffset: q.offset ?? 0 });
    const r = await run(source);
    expect(r.pages).toBe(1);
    expect(r.gap).toBeNull();
  });
});
