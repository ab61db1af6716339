// Expressions are read raw (CLI.md): after metrics query|range and logs search|histogram the
// rest of the line is the expression byte for byte; trailing clauses only at the end, outside
// quotes and brackets, never after a `|`, only when their value parses; ` -- ` for the rest.
import { describe, expect, it } from 'vitest';
import {
  classifyLineSync,
  completeSync,
  isInsideQuote,
  isLiteralAt,
  MetadataCache,
  resolveLine,
  scanLine,
} from '../../src/lang/index.js';
import { pastedLines } from '../../src/run/paste.js';
import { gardenTree, treeFetch } from './fixtures.js';

const signal = new AbortController().signal;
const cache = () => new MetadataCache(treeFetch(gardenTree()));
const resolve = (line: string) => resolveLine(line, { cache: cache() }, signal);
async function call(line: string) {
  const r = await resolve(line);
  if (r.kind !== 'builtin') throw new Error(`${line}: ${JSON.stringify(r.kind === 'error' ? r.error : r)}`);
  return { expr: r.args[0], options: r.options };
}

describe('the issue’s lines, as typed', () => {
  it.each([
    [
      'metrics range rate(pkts_down{grp="business"}[5m]) since 1h',
      'rate(pkts_down{grp="business"}[5m])',
      { since: ['1h'] },
    ],
    ['metrics query sum by (grp) (pkts_down)', 'sum by (grp) (pkts_down)', {}],
    ['logs search level:error host:bras-1', 'level:error host:bras-1', {}],
    ['logs search _msg:"customer terminated"', '_msg:"customer terminated"', {}],
    ['logs search error | limit 5', 'error | limit 5', {}],
    ['logs search error since 1h limit 50', 'error', { since: ['1h'], limit: ['50'] }],
    ['logs search * | field_values user_id limit 10', '* | field_values user_id limit 10', {}],
    [
      'logs search * | field_values user_id limit 10 -- since 1h',
      '* | field_values user_id limit 10',
      { since: ['1h'] },
    ],
    ['logs search * | limit 5 -- limit 50 all', '* | limit 5', { limit: ['50'], all: [] }],
    [
      'logs search error | stats by (host) count() since 1h',
      'error | stats by (host) count()',
      { since: ['1h'] },
    ],
    ['logs histogram error by host step 5m', 'error', { by: ['host'], step: ['5m'] }],
    ['logs histogram error | stats by host', 'error | stats by host', {}],
    [
      'metrics range up from now-2h to now-1h step 5m',
      'up',
      { from: ['now-2h'], to: ['now-1h'], step: ['5m'] },
    ],
    ['metrics query up{a="since 1h"}', 'up{a="since 1h"}', {}],
    ['metrics query x{le=~"1(\\\\.0)?"} # note', 'x{le=~"1(\\\\.0)?"} # note', {}],
    ['logs search "error"', '"error"', {}],
    [`logs search '"foo":"bar"'`, `'"foo":"bar"'`, {}],
    [`metrics query 'rate(x{a="b"}[5m])' at now`, 'rate(x{a="b"}[5m])', { at: ['now'] }],
    ['metrics query "up{a=\\"b\\"}"', 'up{a="b"}', {}],
    // Wrapped whole in one pair of quotes: only the pair goes, the inside stays byte for byte.
    ['metrics query "{Foo="bAR"}"', '{Foo="bAR"}', {}],
    ['metrics query "b\\x7Ca"', 'b\\x7Ca', {}],
    [`metrics range 'rate(x{a='b'}[5m]) / 2' since 1h`, "rate(x{a='b'}[5m]) / 2", { since: ['1h'] }],
    ['metrics range "sum by (a) (x{b="c d"})" -- since 1h', 'sum by (a) (x{b="c d"})', { since: ['1h'] }],
    ['metrics query "foo\\"bar"', '"foo\\"bar"', {}],
    // A backslash escapes a character of a name: `\{` is no bracket.
    ['metrics query foo\\-bar\\{{a="b"}', 'foo\\-bar\\{{a="b"}', {}],
    ['metrics range "foo\\-bar\\{{a="b"}" since 1h', 'foo\\-bar\\{{a="b"}', { since: ['1h'] }],
    // One blank separates; the others are the expression's own.
    ['metrics query   up ', '  up ', {}],
    ['metrics range x{a="b"}  since 1h', 'x{a="b"} ', { since: ['1h'] }],
    ['logs search  error  -- limit 5', ' error ', { limit: ['5'] }],
    ['logs search _time:day_range[08:00, 18:00) error', '_time:day_range[08:00, 18:00) error', {}],
    ['logs search a\\b c', 'a\\b c', {}],
    ['metrics q up', 'up', {}],
    ['logs hist error step 60', 'error', { step: ['60'] }],
  ])('%s', async (line, expr, options) => {
    expect(await call(line)).toEqual({ expr, options });
  });

  // Kept as they were: strings side by side are no wrapper; the one ambiguous case, a string
  // literal alone, reads as wrapped, and wrapped once more it is one (docs/telemetry.md).
  it.each([
    ['metrics query "a" + x + "b"', '"a" + x + "b"'],
    ['metrics query "a" + "b"', '"a" + "b"'],
    ['metrics query "this is a string"', 'this is a string'],
    [`metrics query '"this is a string"'`, '"this is a string"'],
  ])('kept: %s', async (line, expr) => {
    expect(await call(line)).toEqual({ expr, options: {} });
  });

  it('an unbalanced quote or bracket is a local error with its column', async () => {
    for (const [line, message, column] of [
      ['metrics query sum(rate(x[5m])', "unbalanced '(' in the expression", 17],
      ['metrics query up{a="b}', "unbalanced '\"' in the expression", 19],
      ['logs search error)', "unbalanced ')' in the expression", 17],
    ] as const) {
      const r = await resolve(line);
      expect(r.kind, line).toBe('error');
      if (r.kind === 'error')
        expect([r.error.message, r.error.column], line).toEqual([
          `${message} at column ${column + 1}`,
          column,
        ]);
    }
  });

  it('a clause where it is not read is a local hint, nothing sent', async () => {
    for (const [line, message, column] of [
      [
        'metrics query up since 1h',
        "'since' is a clause of 'metrics range', not of 'metrics query' (which takes at TIME): nothing sent",
        17,
      ],
      [
        'metrics range up at now',
        "'at' is a clause of 'metrics query', not of 'metrics range' (which takes since DURATION, from TIME, to TIME, step DURATION): nothing sent",
        17,
      ],
      [
        'metrics query up at yesterday',
        "invalid value 'yesterday' for 'at': expected a time: RFC 3339 (2026-11-22T10:00:00Z), now, or now-1h",
        20,
      ],
      [
        'metrics range up since yesterday',
        "invalid value 'yesterday' for 'since': expected a duration like 90s, 15m, 6h, 7d, 1h30m",
        23,
      ],
      [
        'metrics query "up" since 1h',
        "'since' is a clause of 'metrics range', not of 'metrics query' (which takes at TIME): nothing sent",
        19,
      ],
      [
        'metrics query up -- step 5m',
        "'step' is a clause of 'metrics range', not of 'metrics query' (which takes at TIME): nothing sent",
        20,
      ],
    ] as const) {
      const r = await resolve(line);
      expect(r.kind, line).toBe('error');
      if (r.kind === 'error') expect([r.error.message, r.error.column], line).toEqual([message, column]);
    }
    // Words in a comment are the comment's.
    expect(await call('metrics query 1s # Equivalent to 1.')).toEqual({
      expr: '1s # Equivalent to 1.',
      options: {},
    });
  });

  it('a LogsQL clause before a pipe is searched for, with a warning', async () => {
    const r = await resolve('logs search level:error since 1h | limit 3');
    expect(r.kind).toBe('builtin');
    if (r.kind !== 'builtin') return;
    expect(r.args).toEqual(['level:error since 1h | limit 3']);
    expect(r.warning).toBe(
      "'since 1h' before the '|' is part of the query, searched for as words: clauses go at the end, after ' -- ' (… -- since 1h)",
    );
    for (const line of [
      'logs search level:error | limit 3 -- since 1h',
      'logs search error since 1h',
      'logs search a | b since 1h',
    ]) {
      const ok = await resolve(line);
      expect(ok.kind === 'builtin' && ok.warning, line).toBe(undefined);
    }
  });

  it('an expression command needs an expression before its clauses', async () => {
    const r = await resolve('logs search since 1h');
    expect(r.kind === 'error' && r.error.message).toMatch(/needs a value/);
  });

  it('router lines keep the word language', () => {
    // `#` after the first word is text (a comment starts only at the beginning of a line).
    expect(scanLine('plant s1 tag "a b" # c').tokens.map((t) => t.text)).toEqual([
      'plant',
      's1',
      'tag',
      'a b',
      '#',
      'c',
    ]);
    expect(scanLine('logs fields "a b"').tokens.map((t) => t.text)).toEqual(['logs', 'fields', 'a b']);
  });

  it('colours a valid expression as one value and its clauses as options', () => {
    const c = classifyLineSync('logs search _msg:"a b" | limit 5 -- since 1h', { cache: cache() });
    expect(c.kind).toBe('builtin');
    if (c.kind === 'builtin')
      expect(c.words.map((w) => w.role)).toEqual(['builtin', 'builtin', 'value', 'option', 'option-value']);
  });
});

describe('? inside an expression’s quoted string is text', () => {
  it.each([
    ['logs search error | extract_regexp "(', true],
    ['metrics query x{le=~"1(\\\\.0)', true],
    ['metrics query x{le=~"1"} ', false],
    ['logs search `a b', true],
    ['metrics query rate(', false],
  ])('%s', (line, inside) => {
    expect(isInsideQuote(line, line.length)).toBe(inside);
    expect(isLiteralAt(line, line.length)).toBe(inside);
  });
});

describe('completion inside raw expressions', () => {
  it('the partial is the expression typed so far; clauses complete as options', () => {
    const view = { cache: cache() };
    const a = completeSync('metrics query sum by (grp) (pk', 30, view);
    expect(a !== 'pending' && [a.replaceFrom, a.replaceTo]).toEqual([14, 30]);
    const b = completeSync('metrics range up since ', 23, view);
    expect(b !== 'pending' && b.hint).toMatch(/^since/);
    const c = completeSync('metrics range up ', 17, view);
    expect(c !== 'pending' && c.candidates.map((x) => x.display)).toContain('step');
  });
});

describe('paste joins a multi-line expression', () => {
  it('keeps newlines, splits real commands', () => {
    const text =
      'metrics query sum by (job) (\n  rate(x[5m])\n)\nlogs search error\n  | stats count()\nshow plant';
    expect(pastedLines(text)).toEqual([
      { n: 1, text: 'metrics query sum by (job) (\n  rate(x[5m])\n)' },
      { n: 4, text: 'logs search error\n  | stats count()' },
      { n: 6, text: 'show plant' },
    ]);
  });
});
