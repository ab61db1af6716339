// The monitor pane's `d` removes a member at once: while lines are staged (candidate mode) it is
// refused with "commit or discard first" and nothing is sent; outside candidate mode it goes to
// the router as before.
import { describe, expect, it } from 'vitest';
import { monitorSource } from '../../../src/features/match-list/monitor-source.js';

describe("the monitor's d in candidate mode", () => {
  it('is refused before anything is sent', async () => {
    const sent: unknown[] = [];
    const router = {
      send: async (r: unknown) => {
        sent.push(r);
        throw new Error('not in this test');
      },
    };
    const source = monitorSource(router as never, 'blacklist', undefined, { lines: () => [] });
    await expect(source.remove!('203.0.113.7', new AbortController().signal)).rejects.toThrow(
      'd removes at once: in candidate mode, commit or discard first',
    );
    expect(sent).toEqual([]);
    // Outside candidate mode it reads the list's shape from the router, as before.
    const outside = monitorSource(router as never, 'blacklist', undefined, { lines: () => undefined });
    await expect(outside.remove!('203.0.113.7', new AbortController().signal)).rejects.toThrow(
      'not in this test',
    );
    expect(sent.length).toBeGreaterThan(0);
  });
});
