// What a refresh reuses: the parser gives back the same data for the same output and the same
// member for an unchanged line at the same place (a changed line is read again, a table header
// that changed reads the lines under it again); the rows on show after a read, a sort or a
// filter are the ones a plain sort of everything gives, whatever the view before them reused.
import { describe, expect, it } from 'vitest';
import {
  initMonitorState,
  type MonitorAction,
  monitorReducer,
  visibleMembers,
} from '../../../src/panes/monitor/monitor-reducer.js';
import { monitorParser } from '../../../src/features/match-list/monitor-parser.js';
import { type MonitorMember, parseMonitor } from '../../../src/features/match-list/parse-monitor.js';

const text = (rows: Array<[string, number, number]>) =>
  [
    'Match-list: bl',
    'Number of entries: 3',
    'Members:',
    ...rows.map(([a, t, p]) => `  ${a.padEnd(18)}  timeout ${t}  packets ${p}  bytes ${p * 10}`),
  ].join('\n');

describe('monitorParser', () => {
  it('gives back the same data for the same output, nothing parsed', async () => {
    const parse = monitorParser();
    const out = text([['10.0.0.1', 30, 1]]);
    const a = await parse(out);
    expect(await parse(`${out}`)).toBe(a);
    expect(await parse(out.replace('30', '29'))).not.toBe(a);
  });

  it('reuses an unchanged line at the same place, reads a changed one', async () => {
    const parse = monitorParser();
    const a = await parse(
      text([
        ['10.0.0.1', 30, 1],
        ['10.0.0.2', 30, 2],
        ['10.0.0.3', 30, 3],
      ]),
    );
    const b = await parse(
      text([
        ['10.0.0.1', 30, 1],
        ['10.0.0.2', 29, 7],
        ['10.0.0.3', 30, 3],
      ]),
    );
    expect(b.members[0]).toBe(a.members[0]);
    expect(b.members[2]).toBe(a.members[2]);
    expect(b.members[1]).toEqual({ address: '10.0.0.2', timeout: 29, packets: 7, bytes: 70 });
    expect(b).toEqual(
      parseMonitor(
        text([
          ['10.0.0.1', 30, 1],
          ['10.0.0.2', 29, 7],
          ['10.0.0.3', 30, 3],
        ]),
      ),
    );
  });

  it('reads the lines under a table header again when the header changed', async () => {
    const parse = monitorParser();
    const a = await parse('Address  Packets  Bytes\n10.0.0.1  5  50');
    expect(a.members[0]).toEqual({ address: '10.0.0.1', packets: 5, bytes: 50 });
    const b = await parse('Address  Bytes  Packets\n10.0.0.1  5  50');
    expect(b.members[0]).toEqual({ address: '10.0.0.1', packets: 50, bytes: 5 });
  });

  it('lets other work run while it reads a long output, and stops when aborted', async () => {
    const rows = Array.from({ length: 20_000 }, (_, i): [string, number, number] => [
      `10.0.${i >> 8}.${i & 255}`,
      9,
      i,
    ]);
    const out = text(rows);
    let turns = 0;
    const timer = setInterval(() => turns++, 0);
    const d = await monitorParser()(out);
    clearInterval(timer);
    expect(d).toEqual(parseMonitor(out));
    expect(turns).toBeGreaterThan(0);
    const c = new AbortController();
    const parsing = monitorParser()(out, c.signal);
    c.abort();
    await expect(parsing).rejects.toThrow();
  });
});

// A plain sort of everything: what the rows must be, however they were computed.
const key = (a: string) => a.replace(/\d+/g, (d) => d.padStart(5, '0')).toLowerCase();
const byAddr = (a: MonitorMember, b: MonitorMember) => (key(a.address) < key(b.address) ? -1 : 1);
function expected(members: MonitorMember[], sort: string, filter: string): string[] {
  const rows = members.filter((m) => m.address.toLowerCase().includes(filter)).sort(byAddr);
  const n = (v: number | undefined) => v ?? -1;
  if (sort === 'timeout') rows.sort((a, b) => n(a.timeout) - n(b.timeout));
  if (sort === 'packets') rows.sort((a, b) => n(b.packets) - n(a.packets));
  if (sort === 'bytes') rows.sort((a, b) => n(b.bytes) - n(a.bytes));
  return rows.map((m) => m.address);
}

describe('the rows on show across reads', () => {
  // A pseudo-random list that changes between reads: counters move, members come and go.
  let seed = 7;
  const rnd = (n: number) => {
    seed = (seed * 1103515245 + 12345) % 2 ** 31;
    return seed % n;
  };
  const read = (size: number): MonitorMember[] =>
    Array.from({ length: size }, (_, i) => ({
      address: `10.${rnd(3)}.${rnd(20)}.${i}`,
      timeout: rnd(5),
      packets: rnd(4),
      ...(rnd(5) ? { bytes: rnd(1000) } : {}),
    }));

  it('match a plain sort after every read, sort and filter', () => {
    let s = initMonitorState(0);
    let members = read(40);
    const step = (a: MonitorAction) => {
      s = monitorReducer(s, a);
    };
    for (let round = 0; round < 30; round++) {
      // Same addresses with new counters, or a new list, or a member gone.
      const r = rnd(3);
      if (r === 0) members = members.map((m) => ({ ...m, packets: rnd(4), timeout: rnd(5) }));
      else if (r === 1) members = read(30 + rnd(20));
      else members = members.slice(1);
      step({ type: 'loaded', data: { header: {}, members, other: [] }, at: round * 1000 });
      if (rnd(2)) step({ type: 'sortNext' });
      if (rnd(3) === 0) {
        step({ type: 'promptOpen' });
        step({ type: 'promptInput', text: `.${rnd(3)}` });
        if (rnd(2)) step({ type: 'promptApply' });
        else step({ type: 'promptCancel' });
      }
      expect(visibleMembers(s).map((m) => m.address)).toEqual(expected(members, s.sort, s.filter));
    }
  });
});
