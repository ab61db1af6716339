// The monitor pane's pure state: local countdown, sort cycle, live `/` filter (Esc restores
// the one before), selection kept in range and on screen; and its frame.
import { describe, expect, it } from 'vitest';
import { monitorFrame } from '../../../src/panes/monitor/monitor-frame.js';
import {
  initMonitorState,
  type MonitorAction,
  type MonitorState,
  monitorReducer,
  remaining,
  visibleMembers,
} from '../../../src/panes/monitor/monitor-reducer.js';
import type { MonitorData } from '../../../src/features/match-list/parse-monitor.js';

const DATA: MonitorData = {
  header: {
    name: 'bl',
    entries: 3,
    references: 1,
    memory: '1 KiB',
    maxElements: 65536,
    defaultTimeout: '3600 s',
  },
  members: [
    { address: '10.0.0.10', timeout: 100, packets: 5, bytes: 500 },
    { address: '10.0.0.9', timeout: 30, packets: 50, bytes: 100 },
    { address: '192.168.1.0/24', timeout: 3000, packets: 1, bytes: 9000 },
  ],
  other: ['Key: net'],
};
const run = (...actions: MonitorAction[]) =>
  actions.reduce(
    monitorReducer,
    monitorReducer(initMonitorState(0), { type: 'loaded', data: DATA, at: 1000 }),
  );
const addrs = (s: MonitorState) => visibleMembers(s).map((m) => m.address);

describe('monitorReducer', () => {
  it('counts timeouts down from the read, not below zero', () => {
    const s = run({ type: 'tick', at: 1000 + 29_500 });
    expect(remaining(DATA.members[1]!, s)).toBe(1);
    expect(remaining(DATA.members[1]!, run({ type: 'tick', at: 1000 + 60_000 }))).toBe(0);
    // A new read restarts the count from its values.
    const r = monitorReducer(s, { type: 'loaded', data: DATA, at: 40_000 });
    expect(remaining(DATA.members[1]!, r)).toBe(30);
  });

  it('s cycles address ▲, timeout ▲, packets ▼, bytes ▼ (addresses in numeric order)', () => {
    expect(addrs(run())).toEqual(['10.0.0.9', '10.0.0.10', '192.168.1.0/24']);
    expect(addrs(run({ type: 'sortNext' }))).toEqual(['10.0.0.9', '10.0.0.10', '192.168.1.0/24']);
    expect(run({ type: 'sortNext' }).sort).toBe('timeout');
    expect(addrs(run({ type: 'sortNext' }, { type: 'sortNext' }))).toEqual([
      '10.0.0.9',
      '10.0.0.10',
      '192.168.1.0/24',
    ]);
    expect(addrs(run({ type: 'sortNext' }, { type: 'sortNext' }, { type: 'sortNext' }))).toEqual([
      '192.168.1.0/24',
      '10.0.0.10',
      '10.0.0.9',
    ]);
    expect(run(...Array<MonitorAction>(4).fill({ type: 'sortNext' })).sort).toBe('address');
  });

  it('/ filters as typed; Enter keeps it, Esc restores the one before', () => {
    const typing = run({ type: 'promptOpen' }, { type: 'promptInput', text: '10.0' });
    expect(addrs(typing)).toEqual(['10.0.0.9', '10.0.0.10']);
    const applied = monitorReducer(typing, { type: 'promptApply' });
    expect(applied.filter).toBe('10.0');
    expect(addrs(applied)).toHaveLength(2);
    const cancelled = monitorReducer(
      monitorReducer(monitorReducer(applied, { type: 'promptOpen' }), { type: 'promptInput', text: '.1' }),
      { type: 'promptCancel' },
    );
    expect(cancelled.filter).toBe('10.0');
    expect(addrs(cancelled)).toHaveLength(2);
    expect(
      addrs(run({ type: 'promptOpen' }, { type: 'promptInput', text: 'x' }, { type: 'promptBackspace' })),
    ).toHaveLength(3);
  });

  it('keeps the selection within the rows and on screen', () => {
    const s = run({ type: 'viewport', rows: 2 }, { type: 'move', by: 5 });
    expect(s.selected).toBe(2);
    expect(s.top).toBe(1);
    expect(run({ type: 'move', by: -3 }).selected).toBe(0);
    const narrowed = monitorReducer(s, { type: 'promptOpen' });
    expect(monitorReducer(narrowed, { type: 'promptInput', text: '192' }).selected).toBe(0);
  });

  it('keeps the last data on a failed read and says why', () => {
    const s = run({ type: 'failed', message: 'timeout', at: 2000 });
    expect(s.data).toBe(DATA);
    expect(monitorFrame(s, { list: 'bl', width: 100, height: 20 }).status).toMatch(
      /^error: timeout · .*q back$/,
    );
  });
});

describe('monitorReducer: d', () => {
  it('asks about the selected member; y marks it removing, removed drops it; n forgets', () => {
    const asked = run({ type: 'move', by: 1 }, { type: 'removeAsk' });
    expect(asked.confirm).toBe('10.0.0.10');
    expect(monitorFrame(asked, { list: 'bl', width: 80, height: 20 }).status).toBe(
      'remove 10.0.0.10 from bl? y/n',
    );
    expect(monitorReducer(asked, { type: 'removeCancel' }).confirm).toBeNull();
    const going = monitorReducer(asked, { type: 'removeConfirm' });
    expect(going).toMatchObject({ confirm: null, notice: 'removing 10.0.0.10…' });
    const gone = monitorReducer(going, { type: 'removed', address: '10.0.0.10', message: 'Entry removed' });
    expect(addrs(gone)).toEqual(['10.0.0.9', '192.168.1.0/24']);
    expect(monitorFrame(gone, { list: 'bl', width: 80, height: 20 }).status).toMatch(
      /^Entry removed · .*q back$/,
    );
    expect(
      run({ type: 'promptOpen' }, { type: 'promptInput', text: 'zzz' }, { type: 'removeAsk' }).confirm,
    ).toBeNull();
  });
});

describe('monitorFrame', () => {
  it('lays out the header, the text not understood, the table and the status within the width', () => {
    const f = monitorFrame(run({ type: 'tick', at: 11_000 }), { list: 'bl', width: 80, height: 20 });
    expect(f.title).toBe('monitor match-list bl · read 10s ago');
    expect(f.header).toEqual(
      [
        'entries 3 · references 1 · memory 1 KiB · max elements 65536 · default timeout 3600 s',
        'Key: net',
      ].map((l) => l.slice(0, 80)),
    );
    expect(f.tableHead).toMatch(/^ADDRESS▲\s+TIMEOUT\s+PACKETS\s+BYTES$/);
    expect(f.rows[0]).toMatch(/^10\.0\.0\.9\s+20s\s+50\s+100$/);
    expect(f.rows[2]).toMatch(/^192\.168\.1\.0\/24\s+49m50s\s+1\s+9000$/);
    expect(f.status).toMatch(/^3 members · sort address/);
    for (const l of [f.title, ...f.header, f.tableHead, ...f.rows, f.status])
      expect(l.length).toBeLessThanOrEqual(80);
  });
});
