// THE duration/time grammar (src/lang/time.ts): the readers, the throwing parsers, the one
// since/from/to rule, and that built-in options and log timestamps use nothing else.
import { describe, expect, it } from 'vitest';
import { parseTime as parseWireTime } from '../../src/api/telemetry/time.js';
import { isRoutershError } from '../../src/errors.js';
import { builtinByName, MetadataCache, resolveLine, valueCheckOf } from '../../src/lang/index.js';
import {
  checkDuration,
  checkStep,
  checkTime,
  parseDuration,
  parseRange,
  parseStep,
  parseTime,
  readDuration,
  readStep,
  readTime,
} from '../../src/lang/time.js';
import { logTimeMs } from '../../src/api/telemetry/log-time.js';
import { gardenTree, treeFetch } from './fixtures.js';

const S = 1000;
const M = 60 * S;
const H = 60 * M;
const D = 24 * H;
const NOW = Date.parse('2026-11-22T12:00:00Z');

const value = <T>(r: { ok: true; value: T } | { ok: false; why: string }) => (r.ok ? r.value : r.why);

describe('DURATION', () => {
  it.each([
    ['90s', 90 * S],
    ['15m', 15 * M],
    ['6h', 6 * H],
    ['7d', 7 * D],
    ['2w', 14 * D],
    ['1h30m', 90 * M],
    ['1d12h', 36 * H],
    ['500ms', 500],
    ['1m30s250ms', 90 * S + 250],
    ['0h5m', 5 * M],
  ])('%s = %i ms', (text, ms) => {
    expect(readDuration(text)).toEqual({ ok: true, value: ms });
    expect(parseDuration(text)).toBe(ms);
  });

  it.each(['', '15', 'm', '1y', '1.5h', '30m1h', '1h1h', '-5m', ' 5m', '5 m', '5M', 'now'])(
    'refuses %j',
    (text) => {
      expect(readDuration(text).ok).toBe(false);
    },
  );

  it('is more than zero and finite', () => {
    expect(value(readDuration('0m'))).toMatch(/more than 0/);
    expect(value(readDuration(`${'9'.repeat(400)}d`))).toMatch(/too large/);
  });

  it('throws argumentError (code argument) through the parser', () => {
    try {
      parseDuration('5x');
      expect.unreachable();
    } catch (e) {
      expect(isRoutershError(e) && e.code).toBe('argument');
      expect((e as Error).message).toMatch(/^invalid value '5x': expected a duration like 90s/);
    }
  });
});

describe('STEP: a duration of whole seconds, or bare seconds', () => {
  it.each([
    ['300', 300],
    ['5m', 300],
    ['30s', 30],
    ['1m30s', 90],
    ['1h', 3600],
    ['1', 1],
  ])('%s = %i s', (text, seconds) => {
    expect(readStep(text)).toEqual({ ok: true, value: seconds });
    expect(parseStep(text)).toBe(seconds);
  });
  it.each(['0', '0s', '500ms', '1500ms', '-1', '1.5', 'x'])('refuses %j', (text) => {
    expect(readStep(text).ok).toBe(false);
  });
});

describe('TIME', () => {
  it.each([
    ['now', NOW],
    ['now-1h', NOW - H],
    ['now-1h30m', NOW - 90 * M],
    ['2026-11-22T03:40:00Z', Date.parse('2026-11-22T03:40:00Z')],
    ['2026-11-22t03:40:00z', Date.parse('2026-11-22T03:40:00Z')],
    ['2026-11-22T03:40:00.5+01:00', Date.parse('2026-11-22T02:40:00.500Z')],
    ['2026-11-22T03:40:00.123456789Z', Date.parse('2026-11-22T03:40:00.123Z')],
  ])('%s', (text, ms) => {
    expect(readTime(text, NOW)).toEqual({ ok: true, value: ms });
    expect(parseTime(text, NOW)).toBe(ms);
  });
  it.each([
    'yesterday',
    'now-',
    'now - 1h',
    'now+1h',
    'now-1.5h',
    '2026-11-22',
    '2026-11-22T03:40Z',
    '2026-11-22T03:40:00',
    '2026-13-40T03:40:00Z',
  ])('refuses %j', (text) => {
    expect(readTime(text, NOW).ok).toBe(false);
  });
  it('reads RFC 3339 with the wire parser, and nothing else', () => {
    for (const t of ['2026-11-22T03:40:00Z', '2026-11-22T03:40:00.5+01:00', '2026-11-22', 'x']) {
      const wire = parseWireTime(t);
      expect(readTime(t, NOW).ok).toBe(wire !== undefined);
      if (wire !== undefined) expect(parseTime(t, NOW)).toBe(wire);
    }
  });
});

describe('RANGE: one rule for since / from / to', () => {
  it('since D ends now and is live; nothing is the default lookback', () => {
    expect(parseRange({ since: ['6h'] }, NOW, H)).toEqual({ startMs: NOW - 6 * H, endMs: NOW, live: true });
    expect(parseRange({}, NOW, H)).toEqual({ startMs: NOW - H, endMs: NOW, live: true });
  });
  it('from T alone runs from T to now (live); from T to T is fixed', () => {
    expect(parseRange({ from: ['now-2h'] }, NOW, H)).toEqual({
      startMs: NOW - 2 * H,
      endMs: NOW,
      live: true,
    });
    expect(parseRange({ from: ['now-2h'], to: ['now-1h'] }, NOW, H)).toEqual({
      startMs: NOW - 2 * H,
      endMs: NOW - H,
      live: false,
    });
  });
  it.each([
    [{ to: ['now'] }, /'to' needs 'from'/],
    [{ since: ['1h'], from: ['now-2h'] }, /either/],
    [{ since: ['1h'], to: ['now'] }, /either/],
    [{ from: ['now'], to: ['now-1h'] }, /'from' must be before 'to'/],
    [{ since: ['0m'] }, /more than 0/],
    [{ from: ['soon'] }, /expected a time/],
  ])('%j is refused with an argument error', (o, message) => {
    let err: unknown;
    try {
      parseRange(o, NOW, H);
    } catch (e) {
      err = e;
    }
    expect(isRoutershError(err) && err.code).toBe('argument');
    expect((err as Error).message).toMatch(message);
  });
});

describe('built-in options are checked by this grammar (no second pattern)', () => {
  const opt = (cmd: string, sub: string, name: string) => {
    const node = builtinByName(cmd)!.subNodes.find((n) => n.name === sub)!;
    const holder = node.subNodes[0] ?? node;
    return holder.possibleOptions.find((o) => o.name === name)!;
  };
  it('since / step / at / from / to carry the readers of time.ts', () => {
    expect(valueCheckOf(opt('metrics', 'range', 'since'))).toBe(checkDuration);
    expect(valueCheckOf(opt('logs', 'search', 'since'))).toBe(checkDuration);
    expect(valueCheckOf(opt('metrics', 'range', 'step'))).toBe(checkStep);
    expect(valueCheckOf(opt('logs', 'histogram', 'step'))).toBe(checkStep);
    for (const o of [
      opt('metrics', 'query', 'at'),
      opt('metrics', 'range', 'from'),
      opt('metrics', 'range', 'to'),
    ])
      expect(valueCheckOf(o)).toBe(checkTime);
  });

  const garden = (line: string) =>
    resolveLine(line, { cache: new MetadataCache(treeFetch(gardenTree())) }, new AbortController().signal);

  it('lines the old patterns refused now resolve: 1h30m, step 5m, from alone', async () => {
    expect(await garden('metrics range up since 1h30m step 5m')).toMatchObject({
      kind: 'builtin',
      name: 'metrics range',
      options: { since: ['1h30m'], step: ['5m'] },
    });
    expect(await garden('metrics range up step 300')).toMatchObject({ options: { step: ['300'] } });
    expect(await garden('logs histogram x step 1m')).toMatchObject({ options: { step: ['1m'] } });
    expect(await garden('metrics range up from now-2h')).toMatchObject({ options: { from: ['now-2h'] } });
    expect(await garden('metrics query up at now-1h30m')).toMatchObject({ options: { at: ['now-1h30m'] } });
  });

  it('a wrong value is refused while the line is checked, with the grammar’s reason', async () => {
    const cases: Array<[string, RegExp]> = [
      // A trailing clause whose value does not parse is expression text; after ` -- ` the
      // words are clauses, checked with the grammar's reason.
      ['metrics range up -- since 0m', /'since': a duration must be more than 0/],
      ['metrics range up -- since 1.5h', /'since': expected a duration/],
      ['metrics range up -- step 500ms', /'step': a step is whole seconds/],
      ['metrics range up -- step 0', /'step': a step must be more than 0/],
      ['metrics range up -- from 2026-11-22', /'from': expected a time/],
      ['logs search x -- limit 0', /'limit': expected a whole number more than 0/],
      ['metrics range up to now', /'to' needs 'from'/],
    ];
    for (const [line, message] of cases) {
      const r = await garden(line);
      expect(r.kind, line).toBe('error');
      if (r.kind === 'error') expect(r.error.message, line).toMatch(message);
    }
  });
});

describe('log timestamps use the one RFC 3339 parser', () => {
  it('keeps sub-millisecond order and refuses what is not RFC 3339', () => {
    const a = logTimeMs('2026-01-10T12:00:00.123456Z');
    const b = logTimeMs('2026-01-10T12:00:00.123457Z');
    expect(b).toBeGreaterThan(a);
    expect(Math.floor(a)).toBe(Date.parse('2026-01-10T12:00:00.123Z'));
    // Date.parse reads these (the last one in local time); the wire parser does not.
    for (const t of ['2026-01-10', 'Jan 10 2026', '2026-01-10T12:00:00']) expect(logTimeMs(t)).toBeNaN();
  });
});
