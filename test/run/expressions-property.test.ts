// Property: expressions drawn from small PromQL and LogsQL grammars (quoted label values with
// escapes, strings in all three quotes, =~ regexes with ?, names with MetricsQL's escapes,
// functions, by (…), binary operators, ranges, offset; LogsQL words, phrases, field:value,
// _time:5m, pipes with limit N, AND/OR/NOT, -word), typed raw or (MetricsQL) wrapped whole in
// one pair of quotes, with and without trailing clauses, reach the server (a node:http server
// on 127.0.0.1 that records the JSON body) byte for byte, through runLine and the real client;
// every prefix of such a line completes without throwing.
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { classifyLineSync, complete, MetadataCache, type ValueCompleter } from '../../src/lang/index.js';
import { metricsSlot } from '../../src/lang/expr-context.js';
import { type ExprRig, spanMs, startExprRig } from '../helpers/expr-rig.js';
import { gardenTree, treeFetch } from '../lang/fixtures.js';

let rig: ExprRig;
beforeAll(async () => {
  rig = await startExprRig();
});
afterAll(() => rig.close());

const RESERVED = new Set([
  ...['since', 'from', 'to', 'step', 'at', 'limit', 'all', 'by', 'and', 'or', 'unless', 'offset'],
  ...['bool', 'without', 'on', 'ignoring', 'not', 'if', 'in', 'as'],
]);
const ident = fc.stringMatching(/^[a-z_][a-z0-9_]{0,6}$/).filter((s) => !RESERVED.has(s.toLowerCase()));
/** A metric name, sometimes with MetricsQL's escapes (`foo\-bar`, `a\{b`: no bracket there). */
const metricName = fc.oneof(
  { weight: 4, arbitrary: ident },
  fc
    .tuple(ident, fc.constantFrom('\\-', '\\{', '\\}', '\\.', '\\(', '\\ '), ident)
    .map(([a, e, b]) => `${a}${e}${b}`),
);
const strChar = fc.constantFrom(
  'a',
  'Z',
  '0',
  ' ',
  '?',
  '|',
  '#',
  "'",
  ',',
  '.',
  '*',
  '(',
  ')',
  '[',
  '{',
  '\\\\',
  '\\"',
  '$',
  '-',
);
const dq = fc.oneof(
  fc.array(strChar, { maxLength: 8 }).map((cs) => `"${cs.join('')}"`),
  // Single-quoted and backtick strings, with the other quotes inside.
  fc.array(fc.constantFrom('a', ' ', '"', "\\'", '|', '{'), { maxLength: 6 }).map((cs) => `'${cs.join('')}'`),
  fc.array(fc.constantFrom('a', ' ', '"', "'", '\\'), { maxLength: 6 }).map((cs) => `\`${cs.join('')}\``),
);
const regex = fc.constantFrom('"1(\\\\.0)?"', '"a|b"', '"(?i)err.*"', '".+?"', '"x?"');
const matcher = fc.oneof(
  fc.tuple(ident, fc.constantFrom('=', '!='), dq).map(([l, o, v]) => `${l}${o}${v}`),
  fc.tuple(ident, fc.constantFrom('=~', '!~'), regex).map(([l, o, v]) => `${l}${o}${v}`),
);
const selector = fc
  .tuple(metricName, fc.array(matcher, { maxLength: 3 }), fc.constantFrom('', ', ', ','))
  .map(([m, ms, sep]) => (ms.length ? `${m}{${ms.join(sep || ',')}}` : m));
const dur = fc.constantFrom('5m', '1h', '30s', '1d');

const promql: fc.Arbitrary<string> = fc.letrec<{ e: string }>((tie) => ({
  e: fc.oneof(
    { depthSize: 'small', withCrossShrink: true },
    selector,
    fc.tuple(selector, dur).map(([s, d]) => `rate(${s}[${d}])`),
    fc.tuple(selector, dur).map(([s, d]) => `${s} offset ${d}`),
    fc
      .tuple(
        fc.constantFrom('sum', 'max', 'count'),
        fc.array(ident, { minLength: 1, maxLength: 3 }),
        tie('e'),
      )
      .map(([f, ls, x]) => `${f} by (${ls.join(', ')}) (${x})`),
    fc
      .tuple(tie('e'), fc.constantFrom(' + ', ' / ', ' > ', ' and ', ' or ', ' unless ', '*'), tie('e'))
      .map(([a, o, b]) => `${a}${o}${b}`),
    fc.tuple(fc.integer({ min: 1, max: 9 }), tie('e')).map(([k, x]) => `topk(${k}, ${x})`),
    fc.tuple(tie('e'), dur).map(([x, d]) => `max_over_time((${x})[${d}:])`),
  ),
})).e;

const word = ident.map((w) => w.replace(/^_+/, 'w'));
const phrase = fc.array(strChar, { minLength: 1, maxLength: 8 }).map((cs) => `"${cs.join('')}"`);
const term = fc.oneof(
  word,
  phrase,
  fc.tuple(word, word).map(([f, v]) => `${f}:${v}`),
  fc.tuple(word, phrase).map(([f, v]) => `${f}:${v}`),
  fc.constantFrom('_time:5m', '*', 'level:error', 'host:bras-1'),
  word.map((w) => `-${w}`),
  word.map((w) => `NOT ${w}`),
);
const filter: fc.Arbitrary<string> = fc.letrec<{ f: string }>((tie) => ({
  f: fc.oneof(
    { depthSize: 'small', withCrossShrink: true },
    term,
    fc.tuple(tie('f'), fc.constantFrom(' ', ' AND ', ' OR '), tie('f')).map(([a, o, b]) => `${a}${o}${b}`),
    tie('f').map((x) => `(${x})`),
  ),
})).f;
const pipe = fc.oneof(
  fc.integer({ min: 1, max: 99 }).map((n) => ` | limit ${n}`),
  word.map((w) => ` | stats by (${w}) count() hits`),
  fc.tuple(word, fc.integer({ min: 1, max: 99 })).map(([w, n]) => ` | field_values ${w} limit ${n}`),
  fc.constantFrom(' | sort by (_time) desc', ' | fields _time, _msg', ' | extract_regexp "(?P<ip>[0-9.]+)"'),
);
const logsql = fc.tuple(filter, fc.array(pipe, { maxLength: 2 })).map(([f, ps]) => f + ps.join(''));

const HOUR = 3_600_000;

describe('raw expressions reach the server byte for byte', () => {
  it('MetricsQL after metrics query, and metrics range with since/step clauses', async () => {
    await fc.assert(
      fc.asyncProperty(promql, fc.boolean(), async (e, clauses) => {
        const line = clauses ? `metrics range ${e} since 2h step 5m` : `metrics query ${e}`;
        const { outcome, body } = await rig.send(line);
        expect(outcome.kind, `${line}: ${JSON.stringify(outcome)}`).toBe('text');
        expect(body?.expression, line).toBe(e);
        if (clauses) {
          expect(body?.step_seconds).toBe(300);
          expect(spanMs(body)).toBeGreaterThanOrEqual(2 * HOUR);
        }
      }),
      { numRuns: 300 },
    );
  });

  it('MetricsQL wrapped whole in one pair of quotes, its own quotes as they are, has only the pair removed', async () => {
    await fc.assert(
      fc.asyncProperty(promql, fc.constantFrom('"', "'"), fc.boolean(), async (e, q, clauses) => {
        const line = clauses ? `metrics range ${q}${e}${q} since 2h step 5m` : `metrics query ${q}${e}${q}`;
        const { outcome, body } = await rig.send(line);
        expect(outcome.kind, `${line}: ${JSON.stringify(outcome)}`).toBe('text');
        expect(body?.expression, line).toBe(e);
        if (clauses) expect(body?.step_seconds).toBe(300);
      }),
      { numRuns: 300 },
    );
  });

  it('every prefix of a MetricsQL line, raw or wrapped, completes and classifies without throwing', async () => {
    const cache = new MetadataCache(treeFetch(gardenTree()));
    const slots: string[] = [];
    const valueCompleter: ValueCompleter = async (_slot, partial) => {
      slots.push(metricsSlot(partial).kind);
      return [];
    };
    const signal = new AbortController().signal;
    await fc.assert(
      fc.asyncProperty(promql, fc.constantFrom('', '"', "'"), async (e, q) => {
        const line = `metrics range ${q}${e}${q} since 1h`;
        for (let i = 0; i <= line.length; i++) {
          const prefix = line.slice(0, i);
          expect(() => classifyLineSync(prefix, { cache })).not.toThrow();
          await complete(prefix, i, { cache, valueCompleter }, signal);
        }
      }),
      { numRuns: 60 },
    );
    expect(slots.length).toBeGreaterThan(0);
  });

  it('LogsQL after logs search, with since/limit (or -- since after pipes)', async () => {
    await fc.assert(
      fc.asyncProperty(logsql, fc.constantFrom('', ' since 2h', ' -- since 2h limit 7'), async (q, tail) => {
        const line = `logs search ${q}${tail}`;
        const { outcome, body } = await rig.send(line);
        expect(outcome.kind, `${line}: ${JSON.stringify(outcome)}`).toBe('text');
        expect(body?.query, line).toBe(q);
        if (tail) expect(spanMs(body), line).toBe(2 * HOUR);
        if (tail.includes('limit')) expect(body?.limit).toBe(7);
      }),
      { numRuns: 300 },
    );
  });
});
