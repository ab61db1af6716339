// The pure parts of the panes that lead to the fix: the addresses a record offers, the
// field ↔ label mapping both ways, `b`'s steps, and the log cursor the view follows.
import { describe, expect, it } from 'vitest';
import { blockStep } from '../../src/panes/logs/block-flow.js';
import { initLogState, logReducer, type LogState, selectedEntry } from '../../src/panes/logs/log-reducer.js';
import { recordAddresses } from '../../src/panes/logs/record-addresses.js';
import { chartForRecord, DEFAULT_PANE_LINKS, logQueryForLabels } from '../../src/panes/pane-links.js';
import { decodeProfile } from '../../src/config/profile-schema.js';
import { rec } from './logs/fake-source.js';

const deny = {
  _time: '2026-01-10T12:00:00.5Z',
  _msg: 'deny tcp 203.0.113.45:51234 -> 100.66.0.5:22 rule block-inbound',
  service_name: 'firewall',
  host: 'bras-1',
  customer_id: 'c1005',
};

describe('recordAddresses', () => {
  it('offers the source of a deny line first, then its destination', () => {
    expect(recordAddresses(deny)).toEqual(['203.0.113.45', '100.66.0.5']);
  });
  it('takes fields whose value is an address (v4, v6, a network), and no version numbers', () => {
    const r = {
      _time: 'x',
      src_ip: '198.51.100.9',
      peer: '2001:db8::1',
      net: '10.0.0.0/8',
      _msg: 'v1.2.3.4.5 and 1.2.3.4',
    };
    expect(recordAddresses(r)).toEqual(['198.51.100.9', '2001:db8::1', '10.0.0.0/8', '1.2.3.4']);
    expect(recordAddresses({ _time: 'x', _msg: '999.1.1.1 bras-1' })).toEqual([]);
  });
});

describe('pane links', () => {
  it('c: the customer’s traffic from 15 minutes before the record, never past now', () => {
    const t = Date.parse(deny._time);
    expect(chartForRecord(deny, DEFAULT_PANE_LINKS, t + 3600_000)).toEqual({
      pane: 'chart',
      expression: 'rate(bytes_down{customer_id="c1005"}[5m])',
      startMs: t - 900_000,
      endMs: t + 900_000,
      live: false,
    });
    expect(chartForRecord(deny, DEFAULT_PANE_LINKS, t + 1000)).toMatchObject({ endMs: t + 1000 });
    const { customer_id: _, ...hostOnly } = deny;
    expect(chartForRecord(hostOnly, DEFAULT_PANE_LINKS, t)).toMatchObject({
      expression: 'cpu_usage_percent{host="bras-1"}',
    });
    expect(chartForRecord({ _time: deny._time }, DEFAULT_PANE_LINKS, t)).toHaveProperty('reason');
  });
  it('L: the series’ labels as exact field filters (quoted), or every record', () => {
    expect(logQueryForLabels({ __name__: 'x', customer_id: 'c1', host: 'a"b' }, DEFAULT_PANE_LINKS)).toBe(
      'customer_id:="c1" host:="a\\"b"',
    );
    expect(logQueryForLabels({ grp: 'business' }, DEFAULT_PANE_LINKS)).toBe('*');
  });
  it('the profile’s paneLinks is checked field by field', () => {
    const links = [{ field: 'src', label: 'source', expression: 'up{$matchers}' }];
    expect(decodeProfile('p', { paneLinks: links }, 'f').paneLinks).toEqual(links);
    expect(() => decodeProfile('p', { paneLinks: {} }, 'f')).toThrow(/'paneLinks' must be an array/);
    expect(() => decodeProfile('p', { paneLinks: [{ field: 'a', label: 'b' }] }, 'f')).toThrow(
      /paneLinks'\[0\]: 'expression' must be a non-empty string/,
    );
  });
});

describe('b, step by step', () => {
  it('address menu, lists, list menu, preview, y, done', () => {
    let r = blockStep(null, { type: 'start', addresses: ['a', 'b'] });
    r = blockStep(r.flow, { type: 'move', by: 1 });
    r = blockStep(r.flow, { type: 'accept' });
    expect(r.flow).toEqual({ step: 'lists', address: 'b' });
    r = blockStep(r.flow, { type: 'lists', lists: ['x', 'y'], preferred: 'y' });
    expect(r.flow).toMatchObject({ step: 'list', selected: 1 });
    r = blockStep(r.flow, { type: 'accept' });
    r = blockStep(r.flow, { type: 'preview', line: 'L', request: 'R' });
    r = blockStep(r.flow, { type: 'yes' });
    expect(r.flow).toEqual({ step: 'sending', address: 'b', list: 'y', line: 'L' });
    expect(blockStep(r.flow, { type: 'cancel' }).flow).toBe(r.flow);
    expect(blockStep(r.flow, { type: 'done', note: 'ok' })).toEqual({ flow: null, note: 'ok' });
  });
  it('one address skips its menu; none says so', () => {
    expect(blockStep(null, { type: 'start', addresses: ['a'] }).flow).toEqual({
      step: 'lists',
      address: 'a',
    });
    expect(blockStep(null, { type: 'start', addresses: [] })).toEqual({
      flow: null,
      note: 'no address in this record',
    });
  });
});

describe('the log cursor', () => {
  const loaded = (n: number): LogState => {
    let s = logReducer(initLogState({ follow: false }), { type: 'viewport', rows: 5 });
    s = logReducer(s, {
      type: 'page-loaded',
      offset: 0,
      records: Array.from({ length: n }, (_, i) => rec(i)),
    });
    return s;
  };
  it('moves within the view, and the view follows it past the edge', () => {
    let s = loaded(20);
    expect(selectedEntry(s)?.record.message).toBe('message 19');
    s = logReducer(s, { type: 'cursor', by: 4 });
    expect(s).toMatchObject({ cursor: 4, scroll: 0, selecting: true });
    s = logReducer(s, { type: 'cursor', by: 1 });
    expect(s).toMatchObject({ cursor: 5, scroll: 1 });
    s = logReducer(s, { type: 'cursor', by: 100 });
    expect(s).toMatchObject({ cursor: 19, scroll: 15 });
    expect(selectedEntry(s)?.record.message).toBe('message 0');
  });
  it('follows the view on PgDn and End', () => {
    let s = logReducer(loaded(20), { type: 'top' });
    expect(s).toMatchObject({ cursor: 19, scroll: 15 });
    s = logReducer(s, { type: 'page', direction: 1 });
    expect(s).toMatchObject({ scroll: 10, cursor: 14 });
    s = logReducer(s, { type: 'bottom' });
    expect(s).toMatchObject({ scroll: 0, cursor: 0, selecting: false });
  });
});
