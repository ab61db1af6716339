import { describe, expect, it } from 'vitest';
import { ManualClock } from '../../../sim/clock.js';
import { MatchList } from '../../../sim/router/match-list.js';
import { call, del, get, post, sim } from './sim-http.js';

const ML = '/api/ipv4/firewall/match-list';
const members = async (s: Awaited<ReturnType<typeof sim>>, list: string) =>
  (await get(s, `${ML}/${list}/action/match`)).body.NodeInfo?.SetValues ?? null;
const monitor = async (s: Awaited<ReturnType<typeof sim>>, list: string) =>
  String((await post(s, `${ML}/${list}`, { Actions: ['SHOW'] })).body.NodeInfo?.ShowOutput);

describe('router sim: match-lists', () => {
  it('adds, refreshes and expires entries by the list timeout on the injected clock', async () => {
    const clock = new ManualClock();
    const s = await sim({ clock });
    const created = await post(s, `${ML}/scanners`, { Options: { timeout: [100] } });
    expect(created.body.Message?.[0]).toBe('Match-list scanners created (key net, timeout 100 s)');
    const path = `${ML}/scanners/action/match`;
    const add = await post(s, path, { Actions: ['SET'], Options: { net: ['10.1.1.1'] } });
    expect(add.body.Message?.[0]).toBe('Entry 10.1.1.1 added to match-list scanners (timeout 100 s)');
    await post(s, path, { Options: { net: ['10.2.0.0/16'] } });
    clock.advance(60_000);
    const again = await post(s, path, { Options: { net: ['10.1.1.1'] } });
    expect(again.body.Message?.[0]).toContain('refreshed');
    expect(await monitor(s, 'scanners')).toContain('10.1.1.1            timeout 100');
    clock.advance(40_000);
    // 10.2.0.0/16 reached its 100 s; 10.1.1.1 was restarted 40 s ago.
    expect(await members(s, 'scanners')).toEqual(['10.1.1.1']);
    clock.advance(60_000);
    expect(await members(s, 'scanners')).toBeNull();
  });

  it('UNSET with the key removes the entry', async () => {
    const s = await sim();
    const path = `${ML}/blacklist/action/match`;
    const r = await post(s, path, { Actions: ['UNSET'], Options: { net: ['203.0.113.7'] } });
    expect(r.body.Message?.[0]).toBe('Entry 203.0.113.7 removed from match-list blacklist');
    expect(await members(s, 'blacklist')).toEqual(['198.51.100.0/24']);
    // DELETE (the `no` form) may carry the key in an optional body too.
    const d = await call(s, 'DELETE', path, { Options: { net: ['198.51.100.0/24'] } });
    expect(d.body.Message?.[0]).toBe('Entry 198.51.100.0/24 removed from match-list blacklist');
    expect(await members(s, 'blacklist')).toBeNull();
  });

  it('the monitor reports header fields and per-member timeout, packets and bytes', async () => {
    const clock = new ManualClock();
    const s = await sim({ clock });
    const before = await monitor(s, 'blacklist');
    expect(before).toMatch(
      /^Match-list: blacklist\nKey: net\nNumber of entries: 2\nReferenced: 1\nSize in memory: \d+ bytes\nMax elements: 65536\nDefault timeout: 3600 s\nMembers:\n/,
    );
    expect(before).toMatch(/ {2}203\.0\.113\.7 +timeout 3480 {2}packets \d+ {2}bytes \d+/);
    const packets = (t: string) => Number(/203\.0\.113\.7 .*packets (\d+)/.exec(t)?.[1]);
    clock.advance(100_000);
    const after = await monitor(s, 'blacklist');
    expect(after).toContain('203.0.113.7         timeout 3380');
    expect(packets(after)).toBeGreaterThan(packets(before));
    const all = await post(s, ML, { Actions: ['SHOW'] });
    expect(all.body.NodeInfo).toMatchObject({
      ShowFormat: 'table',
      ShowOutput: [{ Name: 'blacklist', Key: 'net', Timeout: 3600, Entries: 2, Referenced: 1 }],
    });
  });

  it('net-port lists need port and protocol and show them per member', async () => {
    const s = await sim();
    await post(s, `${ML}/svc`, { Options: { key: ['net-port'] } });
    const path = `${ML}/svc/action/match`;
    const missing = await post(s, path, { Options: { net: ['10.0.0.5'] } });
    expect(missing.body.ErrorStatus).toBe(
      'Match-list svc has key net-port: options port and protocol are required',
    );
    await post(s, path, { Options: { net: ['10.0.0.5'], port: [22], protocol: ['tcp'] } });
    const info = (await get(s, path)).body.NodeInfo;
    expect(info?.SetValues).toEqual(['10.0.0.5,tcp:22']);
    expect(info?.SetOptions).toEqual([{ net: ['10.0.0.5'], port: ['22'], protocol: ['tcp'] }]);
    expect(await monitor(s, 'svc')).toContain('Key: net, port');
    const wrongKind = await post(s, `${ML}/blacklist/action/match`, {
      Options: { net: ['1.2.3.4'], port: [80] },
    });
    expect(wrongKind.status).toBe(400);
    expect((await del(s, `${ML}/svc`)).body.Message?.[0]).toBe('Match-list svc deleted');
  });

  it('a list refuses more than its capacity (65536 by default)', () => {
    expect(new MatchList('x', 10, 'net').capacity).toBe(65536);
    const small = new MatchList('tiny', 10, 'net', 2);
    small.add({ net: '10.0.0.1' }, 0);
    small.add({ net: '10.0.0.2' }, 0);
    small.add({ net: '10.0.0.2' }, 1000); // a refresh still fits
    expect(() => small.add({ net: '10.0.0.3' }, 1000)).toThrow('Match-list tiny is full (2 elements)');
    // Once entries expire there is room again.
    small.add({ net: '10.0.0.3' }, 10_500);
    expect(small.members(10_500).map((m) => m.net)).toEqual(['10.0.0.2', '10.0.0.3']);
  });
});

// At full capacity (65,536 entries): match-list.size.test.ts.
describe('router sim: match-lists, expiry and the monitor', () => {
  const ip = (i: number) => `10.${(i >> 16) & 255}.${(i >> 8) & 255}.${i & 255}`;

  it('a lowered timeout keeps expiry exact (the order is rebuilt)', () => {
    const l = new MatchList('t', 100, 'net');
    l.add({ net: '10.0.0.1' }, 0);
    l.timeout = 10;
    l.add({ net: '10.0.0.2' }, 1000); // expires at 11 s, before 10.0.0.1 (100 s)
    expect(l.members(12_000).map((m) => m.net)).toEqual(['10.0.0.1']);
  });

  it('the monitor of a full list names every member with its counters, moving with the clock', async () => {
    const clock = new ManualClock();
    const s = await sim({ clock });
    await post(s, `${ML}/big`, { Options: { timeout: [3600] } });
    const path = `${ML}/big/action/match`;
    for (let i = 0; i < 200; i++) await post(s, path, { Options: { net: [ip(i)] } });
    clock.advance(30_000);
    const text = await monitor(s, 'big');
    expect(text).toContain('Number of entries: 200');
    expect(text).toContain('Max elements: 65536');
    expect(text).toMatch(/Size in memory: \d+ bytes/);
    const rows = text.split('\n').filter((r) => /^ {2}10\./.test(r));
    expect(rows).toHaveLength(200);
    expect(rows[0]).toMatch(/^ {2}10\.0\.0\.0 +timeout 3570 {2}packets [1-9]\d* {2}bytes [1-9]\d*$/);
  });
});
