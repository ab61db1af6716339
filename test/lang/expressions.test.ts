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
    ['metrics range up since yesterday', 'up since yesterday', {}],
    ['metrics query up{a="since 1h"}', 'up{a="since 1h"}', {}],
    ['metrics query x{le=~"1(\\\\.0)?"} # note', 'x{le=~"1(\\\\.0)?"} # note', {}],
    ['logs search "error"', '"error"', {}],
    [`logs search '"foo":"bar"'`, `'"foo":"bar"'`, {}],
    [`metrics query 'rate(x{a="b"}[5m])' at now`, 'rate(x{a="b"}[5m])', { at: ['now'] }],
    ['metrics query "up{a=\\"b\\"}"', 'up{a="b"}', {}],
    ['logs search _time:day_range[08:00, 18:00) error', '_time:day_range[08:00, 18:00) error', {}],
    ['logs search a\\b c', 'a\\b c', {}],
    ['metrics q up', 'up', {}],
    ['logs hist error step 60', 'error', { step: ['60'] }],
  ])('%s', async (line, expr, options) => {
    expect(await call(line)).toEqual({ expr, options });
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
