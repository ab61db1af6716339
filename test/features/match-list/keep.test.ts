// sync --keep against the router sim on a manual clock: the rounds re-add entries before the
// list's timeout runs out, follow a feed that changes, and stop when the signal aborts.
import { describe, expect, it } from 'vitest';
import { RouterClient } from '../../../src/api/router/client.js';
import { parseMatchListArgs } from '../../../src/features/match-list/args.js';
import { runMatchList } from '../../../src/features/match-list/command.js';
import { keepInterval } from '../../../src/features/match-list/keep.js';
import { ManualClock } from '../../../sim/clock.js';
import { sim } from '../../sim/router/sim-http.js';

const ML = '/api/ipv4/firewall/match-list';
const auth = { authorization: `Basic ${Buffer.from('admin:admin').toString('base64')}` };

describe('match-list sync --keep', () => {
  it('re-adds at half the timeout, so entries outlive the timeout; follows the file; stops on abort', async () => {
    const clock = new ManualClock();
    const s = await sim({ clock });
    await fetch(`${s.url}${ML}/feed`, {
      method: 'POST',
      headers: auth,
      body: JSON.stringify({ Options: { timeout: [100] } }),
    });
    const client = new RouterClient({
      baseUrl: s.url,
      user: 'admin',
      password: 'admin',
      auth: 'basic',
      timeoutMs: 5000,
    });
    let file = '192.0.2.1\n192.0.2.2\n';
    const controller = new AbortController();
    const reports: string[] = [];
    const waits: number[] = [];
    let round = 0;
    const r = await runMatchList(parseMatchListArgs(['sync', 'feed', 'f', '--keep']), {
      router: client,
      readInput: async () => file,
      now: () => clock.now(),
      signal: controller.signal,
      report: (l) => reports.push(l),
      sleep: async (ms) => {
        waits.push(ms);
        clock.advance(ms);
        round++;
        if (round === 3) file = '192.0.2.1\n192.0.2.3\n'; // the feed changed
        if (round === 5) controller.abort();
        return !controller.signal.aborted;
      },
    });
    expect(waits[0]).toBe(50_000);
    expect(reports[0]).toMatch(/^match-list feed: 2 added, 0 removed, 0 failed/);
    expect(reports.slice(1)).toEqual([
      '2026-11-22T12:00:50Z round 1: 2 refreshed, 0 added, 0 removed, 0 failed',
      '2026-11-22T12:01:40Z round 2: 2 refreshed, 0 added, 0 removed, 0 failed',
      '2026-11-22T12:02:30Z round 3: 1 refreshed, 1 added, 1 removed, 0 failed',
      '2026-11-22T12:03:20Z round 4: 2 refreshed, 0 added, 0 removed, 0 failed',
    ]);
    expect(r.text).toContain('kept in sync for 4 rounds');
    // 250 s after the first add, well past the 100 s timeout: both current entries are there.
    const res = await fetch(`${s.url}${ML}/feed/action/match`, { headers: auth });
    const members = ((await res.json()) as { NodeInfo: { SetValues: string[] } }).NodeInfo.SetValues;
    expect(members.sort()).toEqual(['192.0.2.1', '192.0.2.3']);
    await client.close();
  });

  it('waits at least a second between rounds', () => {
    expect(keepInterval(1)).toBe(1000);
    expect(keepInterval(3600)).toBe(1_800_000);
  });

  it('refuses --keep with --dry-run or stdin', () => {
    expect(() => parseMatchListArgs(['sync', 'l', 'f', '--keep', '--dry-run'])).toThrow('do not go together');
    expect(() => parseMatchListArgs(['sync', 'l', '-', '--keep'])).toThrow('give a file, not -');
  });
});
