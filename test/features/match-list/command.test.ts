// match-list import/export/sync against the router simulator over HTTP, through the real client.
import { describe, expect, it } from 'vitest';
import { RouterClient } from '../../../src/api/router/client.js';
import { parseMatchListArgs } from '../../../src/features/match-list/args.js';
import { runMatchList } from '../../../src/features/match-list/command.js';
import { ManualClock } from '../../../sim/clock.js';
import type { RouterSim } from '../../../sim/router/index.js';
import { sim } from '../../sim/router/sim-http.js';

const ip = (i: number) => `10.${(i >> 16) & 255}.${(i >> 8) & 255}.${i & 255}`;

async function rig(o: { clock?: ManualClock } = {}) {
  const s = await sim(o.clock ? { clock: o.clock } : {});
  const client = new RouterClient({
    baseUrl: s.url,
    user: 'admin',
    password: 'admin',
    auth: 'basic',
    timeoutMs: 10_000,
  });
  const files = new Map<string, string>();
  const run = (words: string[]) =>
    runMatchList(parseMatchListArgs(words), {
      router: client,
      readInput: async (f) => files.get(f) ?? '',
      now: () => performance.now(),
    });
  const writes = () => s.requests.filter((r) => r.method !== 'GET').length;
  return { s, client, files, run, writes };
}

const members = async (s: RouterSim) => {
  const res = await fetch(`${s.url}/api/ipv4/firewall/match-list/blacklist/action/match`, {
    headers: { authorization: `Basic ${Buffer.from('admin:admin').toString('base64')}` },
  });
  const body = (await res.json()) as { NodeInfo?: { SetValues?: string[] | null } };
  return body.NodeInfo?.SetValues ?? [];
};

describe('match-list import (router sim over HTTP)', () => {
  // 100 lines show the counting; the cost of large imports is the bench's (match-list import).
  it('imports 100 lines with comments and duplicates; entries already present count as refreshed', async () => {
    const r = await rig();
    const lines = ['# threat feed', '203.0.113.7'];
    for (let i = 0; i < 100; i++) lines.push(ip(i), ...(i % 10 === 0 ? ['', `${ip(i)}  # again`] : []));
    r.files.set('feed', lines.join('\n'));
    const out = await r.run(['import', 'blacklist', 'feed', '--json']);
    expect(out.error).toBeUndefined();
    expect(out.json).toMatchObject({ entries: 101, duplicates: 10, added: 100, refreshed: 1, failed: 0 });
    expect(out.text).toMatch(/^match-list blacklist: 100 added, 1 refreshed, 0 failed; 10 duplicates in/);
    expect(r.writes()).toBe(101);
    expect(await members(r.s)).toHaveLength(102);
  });

  it('a bad line is refused with its line number and nothing is sent; --keep-going sends the rest', async () => {
    const r = await rig();
    const lines = Array.from({ length: 100 }, (_, i) => ip(i));
    lines[49] = '10.0.1.300';
    r.files.set('feed', lines.join('\n'));
    await expect(r.run(['import', 'blacklist', 'feed'])).rejects.toThrow(
      /1 bad line in the input for match-list blacklist; nothing sent[\s\S]*line 50: '10\.0\.1\.300' is not a valid net/,
    );
    expect(r.writes()).toBe(0);
    const out = await r.run(['import', 'blacklist', 'feed', '--keep-going']);
    expect(out.json).toMatchObject({ added: 99, failed: 0, invalid: [{ line: 50, text: '10.0.1.300' }] });
    expect(r.writes()).toBe(99);
  });

  it('reads a CSV column by its header name', async () => {
    const r = await rig();
    r.files.set('feed.csv', 'seen,ip,score\n2026-11-01,192.0.2.1,5\n2026-11-02,"192.0.2.0/28",7\n');
    const out = await r.run(['import', 'blacklist', 'feed.csv', '--csv', 'ip']);
    expect(out.json).toMatchObject({ added: 2, refreshed: 0 });
    expect(await members(r.s)).toEqual(expect.arrayContaining(['192.0.2.1', '192.0.2.0/28']));
  });

  it('a re-import restarts the timeout of entries already present', async () => {
    const clock = new ManualClock();
    const r = await rig({ clock });
    r.files.set('feed', '192.0.2.1\n');
    await r.run(['import', 'blacklist', 'feed']);
    clock.advance(3000_000);
    const again = await r.run(['import', 'blacklist', 'feed']);
    expect(again.json).toMatchObject({ added: 0, refreshed: 1 });
    clock.advance(1000_000); // 4000 s after the first add, 1000 s after the refresh
    expect(await members(r.s)).toEqual(['192.0.2.1']);
  });

  it('entries the router refuses are counted as failed with their line', async () => {
    const r = await rig();
    await fetch(`${r.s.url}/api/ipv4/firewall/match-list/svc`, {
      method: 'POST',
      headers: { authorization: `Basic ${Buffer.from('admin:admin').toString('base64')}` },
      body: JSON.stringify({ Options: { key: ['net-port'] } }),
    });
    r.files.set('feed', '10.0.0.5 tcp:22\n10.0.0.6\n');
    const out = await r.run(['import', 'svc', 'feed', '--json']);
    expect(out.json).toMatchObject({ added: 1, failed: 1, failures: [{ line: 2, entry: '10.0.0.6' }] });
    expect(out.error?.code).toBe('command_failed');
  });

  it('an unknown list is named before anything is sent', async () => {
    const r = await rig();
    r.files.set('feed', '10.0.0.1\n');
    await expect(r.run(['import', 'nope', 'feed'])).rejects.toThrow('match-list nope does not exist');
    expect(r.writes()).toBe(0);
  });
});

describe('match-list export and sync (router sim over HTTP)', () => {
  it('export round-trips through import into another list', async () => {
    const r = await rig();
    r.files.set('feed', '10.0.0.1\n10.0.0.0/8\n');
    await r.run(['import', 'blacklist', 'feed']);
    const exported = await r.run(['export', 'blacklist']);
    expect(exported.text.split('\n').filter(Boolean).sort()).toEqual(
      ['10.0.0.0/8', '10.0.0.1', '198.51.100.0/24', '203.0.113.7'].sort(),
    );
    const json = await r.run(['export', 'blacklist', '--json']);
    expect(json.json).toContainEqual({ net: '10.0.0.0/8' });
    // The export is a valid feed: syncing it back changes nothing.
    r.files.set('round', exported.text);
    const before = r.writes();
    const sync = await r.run(['sync', 'blacklist', 'round']);
    expect(sync.json).toMatchObject({ added: 0, removed: 0 });
    expect(r.writes()).toBe(before);
  });

  it('sync adds and removes exactly the difference; --dry-run shows it and sends no write', async () => {
    const r = await rig();
    r.files.set('want', '203.0.113.7\n192.0.2.1\n192.0.2.2\n');
    const dry = await r.run(['sync', 'blacklist', 'want', '--dry-run']);
    expect(dry.text).toMatch(
      /^\+ 192\.0\.2\.1\n\+ 192\.0\.2\.2\n- 198\.51\.100\.0\/24\nmatch-list blacklist \(dry run\): 2 added, 1 removed/,
    );
    expect(r.writes()).toBe(0);
    const real = await r.run(['sync', 'blacklist', 'want']);
    expect(real.json).toMatchObject({ added: 2, removed: 1, failed: 0 });
    expect(r.writes()).toBe(3);
    expect(r.s.requests.filter((q) => q.method === 'POST').map((q) => JSON.parse(q.body).Actions[0])).toEqual(
      ['SET', 'SET', 'UNSET'],
    );
    expect((await members(r.s)).sort()).toEqual(['192.0.2.1', '192.0.2.2', '203.0.113.7']);
  });
});
