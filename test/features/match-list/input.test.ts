import { describe, expect, it } from 'vitest';
import type { OptionInfo } from '../../../src/api/router/types.js';
import { parseMatchListArgs } from '../../../src/features/match-list/args.js';
import { readFeed } from '../../../src/features/match-list/feed.js';
import { entryId, parseInput } from '../../../src/features/match-list/input.js';
import { canonicalNet } from '../../../src/lang/ip.js';
import { planSync, planText } from '../../../src/features/match-list/plan.js';
import { progressLine } from '../../../src/features/match-list/progress.js';

const opt = (name: string, inputRe: string): OptionInfo => ({
  name,
  inputRe,
  count: 1,
  availableInSet: true,
  availableInUnSet: true,
  availableInShow: false,
  key: name === 'net',
});
/** A list taking any value: only the feed's own rules apply. */
const anyList = {
  key: opt('net', '\\S+'),
  port: opt('port', '\\d+'),
  protocol: opt('protocol', '(tcp|udp)'),
};
const feed = (text: string) =>
  readFeed(text, anyList, { allow: { broad: true, ownAddress: true }, own: undefined });

describe('match-list input', () => {
  it('reads one entry a line: comments, blanks and duplicates (canonical form) removed', async () => {
    const r = await feed(
      '# feed\n10.0.0.1\n\n  10.0.0.2   # trailing\n10.0.0.1/32\n10.1.2.3/8\n10.0.0.0/8\n',
    );
    expect(r.good.map((e) => [e.line, e.net])).toEqual([
      [2, '10.0.0.1'],
      [4, '10.0.0.2'],
      [6, '10.1.2.3/8'],
    ]);
    expect(r.duplicates).toBe(2);
    expect(r.invalid).toEqual([]);
  });

  it('net-port lines: `net proto:port` and the members spelling `net,proto:port`', async () => {
    const r = await feed('10.0.0.5 tcp:22\n10.0.0.5,tcp:22\n10.0.0.5 udp:53\n10.0.0.6 tcp\n');
    expect(r.good).toEqual([
      { line: 1, net: '10.0.0.5', protocol: 'tcp', port: '22' },
      { line: 3, net: '10.0.0.5', protocol: 'udp', port: '53' },
    ]);
    expect(r.duplicates).toBe(1);
    expect(r.invalid).toMatchObject([{ line: 4, text: '10.0.0.6 tcp' }]);
  });

  it('CSV: a column by header name or by number, RFC 4180 quotes', async () => {
    const csv =
      '# export\nfirst_seen,ip,score\n2026-01-01,192.0.2.1,9\n2026-01-02,"192.0.2.2",3\n2026-01-03,,1\n';
    expect((await parseInput(csv, { csv: 'ip' })).entries.map((e) => [e.line, e.net])).toEqual([
      [3, '192.0.2.1'],
      [4, '192.0.2.2'],
    ]);
    expect((await parseInput('x,192.0.2.9\n', { csv: '2' })).entries[0]?.net).toBe('192.0.2.9');
    expect((await parseInput('"a, ""b""",192.0.2.8\n', { csv: '2' })).entries[0]?.net).toBe('192.0.2.8');
    expect((await parseInput(csv, { csv: 'addr' })).bad[0]?.reason).toBe(
      "no column named 'addr' in the header",
    );
  });

  it('canonical nets: host bits cleared, /32 dropped, IPv6 as RFC 5952 writes it', () => {
    expect(canonicalNet('10.1.2.3/8')).toBe('10.0.0.0/8');
    expect(canonicalNet('10.1.2.3/32')).toBe('10.1.2.3');
    expect(canonicalNet('2001:db8::/32')).toBe('2001:db8::/32');
    expect(canonicalNet('2001:0DB8:0:0:0:0:0:0001/128')).toBe('2001:db8::1');
    expect(canonicalNet('2001:db8:ffff::1/32')).toBe('2001:db8::/32');
    expect(canonicalNet('010.0.0.1')).toBe('010.0.0.1');
    expect(canonicalNet('not-an-address')).toBe('not-an-address');
    expect(entryId({ net: '10.1.1.1/32', port: '22', protocol: 'tcp' })).toBe('10.1.1.1 tcp:22');
  });
});

describe('match-list args', () => {
  it('parses each sub-command with its flags and defaults', () => {
    expect(parseMatchListArgs(['import', 'bl', '-'])).toEqual({
      cmd: 'import',
      list: 'bl',
      file: '-',
      concurrency: 16,
      keepGoing: false,
      json: false,
      allowBroad: false,
      allowOwnAddress: false,
    });
    expect(
      parseMatchListArgs(['sync', 'bl', 'f', '--dry-run', '--csv=ip', '--concurrency', '4']),
    ).toMatchObject({
      cmd: 'sync',
      dryRun: true,
      csv: 'ip',
      concurrency: 4,
    });
    expect(parseMatchListArgs(['export', 'bl', '--json'])).toEqual({ cmd: 'export', list: 'bl', json: true });
  });

  it('refuses what does not fit, naming it', () => {
    expect(() => parseMatchListArgs(['import', 'bl'])).toThrow('match-list import takes LIST and FILE');
    expect(() => parseMatchListArgs(['export', 'bl', '--dry-run'])).toThrow('unknown flag --dry-run');
    expect(() => parseMatchListArgs(['import', 'bl', 'f', '--concurrency', '0'])).toThrow(
      '--concurrency must be',
    );
    expect(() => parseMatchListArgs(['drop'])).toThrow("unknown sub-command 'drop'");
  });
});

describe('match-list sync plan and progress', () => {
  it('adds exactly the missing entries and removes exactly the extra members', async () => {
    const entries = (await parseInput('10.0.0.1\n10.0.0.2\n10.9.9.9/8\n')).entries;
    const members = [{ net: '10.0.0.1' }, { net: '10.0.0.0/8' }, { net: '192.0.2.1' }];
    const plan = planSync(entries, members);
    expect(plan.add.map((e) => e.net)).toEqual(['10.0.0.2']);
    expect(plan.remove).toEqual([{ net: '192.0.2.1' }]);
    expect(plan.unchanged).toBe(2);
    expect(planText(plan, (e) => e.net)).toBe('+ 10.0.0.2\n- 192.0.2.1');
  });

  it('progress shows count, percentage, rate and ETA', () => {
    expect(progressLine(500, 2000, 250)).toBe('[#####...............] 500/2000 25%  2000/s  ETA 0.8s');
    expect(progressLine(0, 10, 0)).toContain('ETA ?');
  });
});
