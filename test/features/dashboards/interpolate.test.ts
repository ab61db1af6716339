// biome-ignore-all lint/suspicious/noTemplateCurlyInString: Grafana's ${name} syntax is what these strings hold.
// interpolate: Grafana's variable syntax and formats, the built-ins, multi values and All as
// Grafana's Prometheus data source writes them, the LogsQL rule (docs/dashboards.md, "Grafana
// import"); properties: regex-escaped alternations match exactly the chosen values under RE2
// (the engine family Prometheus and VictoriaMetrics use), and unknown `$name`s are never touched.
import fc from 'fast-check';
import { RE2JS } from 're2js';
import { describe, expect, it } from 'vitest';
import {
  type Chosen,
  durationText,
  type InterpContext,
  interpolate,
  rateIntervalSeconds,
  withStep,
} from '../../../src/features/dashboards/interpolate.js';
import type { Variable } from '../../../src/contract/dashboard.js';

const ctx = (
  variables: Variable[],
  chosen: Record<string, Chosen>,
  more: Partial<InterpContext> = {},
): InterpContext => ({ variables, chosen, stepSeconds: 30, rangeSeconds: 3600, ...more });

const host: Variable = { name: 'host', kind: 'label', label: 'host' };
const hosts: Variable = { name: 'hosts', kind: 'label', label: 'host', multi: true, includeAll: true };
const one = (v: string): Chosen => ({ values: [v], all: false });
const many = (...v: string[]): Chosen => ({ values: v, all: false });

describe('interpolate: variables as Grafana writes them', () => {
  it('substitutes $name, ${name} and [[name]], longest name first', () => {
    const c = ctx([host, { name: 'hostname', kind: 'list', values: ['n'] }], {
      host: one('h1'),
      hostname: one('n1'),
    });
    expect(interpolate('a{h="$host",n="$hostname"} ${host}x [[host]]', c)).toBe('a{h="h1",n="n1"} h1x h1');
  });

  it('a single-valued variable: escaped for the string it stands in (its backslashes and that quote)', () => {
    expect(interpolate('x{h="$host"}', ctx([host], { host: one('a\\b\'c.d"') }))).toBe(
      'x{h="a\\\\b\'c.d\\""}',
    );
    expect(interpolate("x{h='$host'}", ctx([host], { host: one('a\'b"') }))).toBe("x{h='a\\'b\"'}");
  });

  it('multi or includeAll: each value regex-escaped for a PromQL string, several as (a|b)', () => {
    const c = ctx([hosts], { hosts: many('a.b', 'c') });
    expect(interpolate('x{h=~"$hosts"}', c)).toBe('x{h=~"(a\\\\.b|c)"}');
    expect(interpolate('x{h=~"$hosts"}', ctx([hosts], { hosts: one('a+') }))).toBe('x{h=~"a\\\\+"}');
  });

  it('All: the allValue as written, else every value', () => {
    const withAll: Variable = { ...hosts, allValue: '.*' };
    expect(interpolate('x{h=~"$hosts"}', ctx([withAll], { hosts: { values: ['a', 'b'], all: true } }))).toBe(
      'x{h=~".*"}',
    );
    expect(interpolate('x{h=~"$hosts"}', ctx([hosts], { hosts: { values: ['a', 'b'], all: true } }))).toBe(
      'x{h=~"(a|b)"}',
    );
  });

  it('formats, as Grafana documents them', () => {
    const c = ctx([hosts], { hosts: many('test1', 'test.2') });
    const f = (fmt: string) => interpolate(`\${hosts:${fmt}}`, c);
    expect(f('csv')).toBe('test1,test.2');
    expect(f('pipe')).toBe('test1|test.2');
    expect(f('json')).toBe('["test1","test.2"]');
    expect(f('glob')).toBe('{test1,test.2}');
    expect(f('raw')).toBe('{test1,test.2}');
    expect(f('regex')).toBe('(test1|test\\.2)');
    expect(f('doublequote')).toBe('"test1","test.2"');
    expect(f('singlequote')).toBe("'test1','test.2'");
    expect(f('sqlstring')).toBe("'test1','test.2'");
    expect(f('distributed')).toBe('test1,hosts=test.2');
    expect(f('lucene')).toBe('("test1" OR "test.2")');
    expect(f('percentencode')).toBe('%7Btest1%2Ctest.2%7D');
    expect(f('queryparam')).toBe('var-hosts=test1&var-hosts=test.2');
    expect(f('text')).toBe('test1 + test.2');
    expect(f('nonsense')).toBe('{test1,test.2}');
    expect(interpolate('[[hosts:csv]]', c)).toBe('test1,test.2');
  });

  it('titles (language text): values as they are, several as {a,b}', () => {
    const c = ctx([hosts], { hosts: many('a.b', 'c') }, { language: 'text' });
    expect(interpolate('Traffic of $hosts', c)).toBe('Traffic of {a.b,c}');
    expect(interpolate('Traffic of $hosts', ctx([hosts], { hosts: one('a.b') }, { language: 'text' }))).toBe(
      'Traffic of a.b',
    );
  });

  it('built-ins from the step and the window', () => {
    const c = ctx([], {}, { stepSeconds: 30, rangeSeconds: 3600 });
    expect(interpolate('$__interval ${__interval_ms} $__range $__range_s $__range_ms', c)).toBe(
      '30s 30000 3600s 3600 3600000',
    );
    // max(30 + 15, 4 × 15) = 60 s; max(120 + 15, 60) = 135 s; written in seconds, as Grafana does
    expect(interpolate('rate(x[$__rate_interval])', c)).toBe('rate(x[60s])');
    expect(interpolate('rate(x[$__rate_interval])', ctx([], {}, { stepSeconds: 120 }))).toBe('rate(x[135s])');
    expect(interpolate('$__rate_interval', ctx([], {}, { stepSeconds: 30, scrapeSeconds: 30 }))).toBe('120s');
    expect(interpolate('$__rate_interval', ctx([], {}, { stepSeconds: 0.5 }))).toBe('60s');
    expect(interpolate('$__rate_interval', ctx([], {}, { stepSeconds: 50.5 }))).toBe('65500ms');
    expect(rateIntervalSeconds(300)).toBe(315);
    expect(durationText(90)).toBe('1m30s');
    expect(durationText(0.25)).toBe('250ms');
  });

  it('leaves unknown names, field paths and $__auto as written', () => {
    const c = ctx([host], { host: one('h') });
    expect(interpolate('$nope ${nope} [[nope]] ${host.name} $__auto ${nope:csv}', c)).toBe(
      '$nope ${nope} [[nope]] ${host.name} $__auto ${nope:csv}',
    );
  });
});

describe('interpolate: hostile expressions', () => {
  it('many unclosed ${a: are left as written (linear work: an unbounded format would scan to the end from each)', () => {
    const text = '${a:'.repeat(100_000);
    expect(interpolate(text, ctx([host], { host: one('h') }))).toBe(text);
  });
});

describe('interpolate: LogsQL (the stated rule)', () => {
  const tenant: Variable = {
    name: 'tenant',
    kind: 'list',
    values: ['a', 'b'],
    multi: true,
    includeAll: true,
  };
  const logs = (expr: string, c: Chosen, v: Variable = tenant) =>
    interpolate(expr, ctx([v], { [v.name]: c }, { language: 'logsql' }));

  it('inside in(…): the values quoted; All: *', () => {
    expect(logs('tenant:in($tenant)', many('a', 'b"c'))).toBe('tenant:in("a","b\\"c")');
    expect(logs('tenant:in($tenant)', { values: ['a', 'b'], all: true })).toBe('tenant:in(*)');
    expect(logs('tenant:in($tenant)', { values: ['a'], all: true }, { ...tenant, allValue: '*' })).toBe(
      'tenant:in(*)',
    );
  });

  it('after a field: in("a","b"); after ~: a regex alternation; elsewhere ("a" OR "b")', () => {
    expect(logs('tenant:$tenant | limit 5', many('a', 'b'))).toBe('tenant:in("a","b") | limit 5');
    expect(logs('tenant:~"$tenant"', many('a.b', 'c'))).toBe('tenant:~"(a\\\\.b|c)"');
    expect(logs('error $tenant', many('a', 'b'))).toBe('error ("a" OR "b")');
    expect(logs('error $tenant', { values: ['a', 'b'], all: true })).toBe('error *');
  });

  it('a single-valued variable: its value as chosen', () => {
    const hash: Variable = { name: 'query_hash', kind: 'list', values: ['*'] };
    expect(logs('query_hash:$query_hash', one('*'), hash)).toBe('query_hash:*');
  });
});

// ---- properties ----

/** Values of letters, digits and every regex character (not `"`: a PromQL string's own quote). */
const value = fc.string({
  unit: fc.constantFrom(...'ab01.*+?^$()[]{}|\\/-_ é'.split('')),
  minLength: 0,
  maxLength: 8,
});

/** A PromQL double-quoted string's text, unquoted as Go's strconv.Unquote does: an unknown escape is an error. */
const ESCAPES: Record<string, string> = { '\\': '\\', '"': '"', "'": "'", n: '\n', t: '\t', r: '\r' };
const unquote = (s: string) =>
  s.replace(/\\(.)/gs, (_, c: string) => {
    const out = ESCAPES[c];
    if (out === undefined) throw new Error(`invalid escape \\${c} in a PromQL string`);
    return out;
  });

describe('interpolate: properties', () => {
  it('a multi value round-trips: the alternation matches exactly the chosen values (RE2)', () => {
    fc.assert(
      fc.property(fc.uniqueArray(value, { minLength: 1, maxLength: 5 }), value, (chosen, other) => {
        const out = interpolate('x{h=~"$hosts"}', ctx([hosts], { hosts: { values: chosen, all: false } }));
        const inner = /^x\{h=~"(.*)"\}$/s.exec(out)?.[1];
        expect(inner).toBeDefined();
        const re = RE2JS.compile(`^(?:${unquote(inner ?? '')})$`);
        for (const v of chosen) expect(re.matches(v)).toBe(true);
        if (!chosen.includes(other)) expect(re.matches(other)).toBe(false);
      }),
      { numRuns: 300 },
    );
  });

  it('no $name of an unknown variable is changed; known ones are replaced in place', () => {
    // Text that never names `x` nor a built-in (no `x`, no `_`), around references to `x`.
    const text = fc.string({ unit: fc.constantFrom(...'$ab1{}[]:().|"=~ \\'.split('')), maxLength: 12 });
    const ref = fc.constantFrom('$x', '${x}', '[[x]]');
    fc.assert(
      fc.property(fc.array(text, { minLength: 1, maxLength: 5 }), ref, (pieces, r) => {
        const x: Variable = { name: 'x', kind: 'list', values: ['V'] };
        const c = ctx([x], { x: one('V') });
        // Unknown names only: unchanged.
        for (const p of pieces) expect(interpolate(p, c)).toBe(p);
        // Around references: no `{` or `[` (an open `${a:` would take `${x}` into its format),
        // and `$x` must not run on into a word of the next piece.
        const sep = pieces.map((p) => p.replace(/[{[]/g, '.'));
        const safe = r === '$x' ? sep.map((p) => p.replace(/^\w/, '.')) : sep;
        expect(interpolate(safe.join(r), c)).toBe(safe.join('V'));
      }),
      { numRuns: 300 },
    );
  });
});

// ---- issue 36: escaping for where a value lands, titles, the step ----

describe('interpolate: a value escaped for where it lands', () => {
  it('a " in --var cannot end the PromQL string (the measured injection)', () => {
    const grp: Variable = { name: 'grp', kind: 'list', values: ['x'] };
    const out = interpolate(
      'sum(pkts_down{grp="$grp"})',
      ctx([grp], { grp: one('q"} or vector(1) or up{a="') }),
    );
    expect(out).toBe('sum(pkts_down{grp="q\\"} or vector(1) or up{a=\\""})');
    expect(unquote(/grp="((?:[^"\\]|\\.)*)"/.exec(out)?.[1] ?? '')).toBe('q"} or vector(1) or up{a="');
  });

  it("inside '…' its quote and backslash; inside `…` (no escapes) its backticks dropped; bare as chosen", () => {
    const v: Variable = { name: 'v', kind: 'list', values: ['x'] };
    const c = ctx([v], { v: one('a\'b"c\\d`e') });
    expect(interpolate("x{a='$v'}", c)).toBe("x{a='a\\'b\"c\\\\d`e'}");
    expect(interpolate('x{a=`$v`}', c)).toBe('x{a=`a\'b"c\\de`}');
    expect(interpolate('topk($v, x)', c)).toBe('topk(a\'b"c\\d`e, x)');
  });

  it('a multi value in a regex: metacharacters escaped, then the string’s own escaping', () => {
    const c = ctx([hosts], { hosts: many('127.0.0.1:18428', 'a"b') });
    expect(interpolate('x{h=~"$hosts"}', c)).toBe('x{h=~"(127\\\\.0\\\\.0\\\\.1:18428|a\\"b)"}');
  });

  it('formats are escaped for the string too: ${v:regex} and ${v:pipe} inside "…"', () => {
    const c = ctx([hosts], { hosts: many('a.b', 'c"d') });
    expect(interpolate('x{h=~"${hosts:regex}"}', c)).toBe('x{h=~"(a\\\\.b|c\\"d)"}');
    expect(interpolate('x{h=~"${hosts:pipe}"}', c)).toBe('x{h=~"a.b|c\\"d"}');
    expect(interpolate('${hosts:csv}', c)).toBe('a.b,c"d');
  });

  it('a $ inside a # comment is not escaped (a comment is not a string)', () => {
    const v: Variable = { name: 'v', kind: 'list', values: ['x'] };
    expect(interpolate('# "$v\nx{a="$v"}', ctx([v], { v: one('"') }))).toBe('# ""\nx{a="\\""}');
  });

  it('All sent as .* when the values were too many (Chosen.wildcard)', () => {
    const c = ctx([hosts], { hosts: { values: ['a', 'b'], all: true, wildcard: 'cut at 2' } });
    expect(interpolate('x{h=~"$hosts"}', c)).toBe('x{h=~".*"}');
  });

  it('every single value round-trips through "…" and \'…\' (Go-style unquoting)', () => {
    const any = fc.string({ unit: fc.constantFrom(...'ab"\'\\`\n\t$.{}'.split('')), maxLength: 12 });
    const v: Variable = { name: 'v', kind: 'list', values: ['x'] };
    fc.assert(
      fc.property(any, (s) => {
        const dq = interpolate('x{a="$v"}', ctx([v], { v: one(s) }));
        expect(unquote(/^x\{a="(.*)"\}$/s.exec(dq)?.[1] ?? '!')).toBe(s);
        const sq = interpolate("x{a='$v'}", ctx([v], { v: one(s) }));
        expect(unquote(/^x\{a='(.*)'\}$/s.exec(sq)?.[1] ?? '!')).toBe(s);
      }),
      { numRuns: 300 },
    );
  });
});

describe('interpolate: titles and the step', () => {
  it('a title shows the value as chosen, never regex-escaped', () => {
    const inst: Variable = {
      name: 'instance',
      kind: 'label',
      label: 'instance',
      multi: true,
      includeAll: true,
    };
    const c = ctx([inst], { instance: one('127.0.0.1:18428') }, { language: 'text' });
    expect(interpolate('RSS memory usage ($instance)', c)).toBe('RSS memory usage (127.0.0.1:18428)');
  });

  it('without a step, $__interval and $__rate_interval wait for the source (withStep)', () => {
    const c: InterpContext = { variables: [], chosen: {}, rangeSeconds: 3600 };
    const text = interpolate('rate(x[$__rate_interval]) $__interval $__range', c);
    expect(text).toBe('rate(x[$__rate_interval]) $__interval 3600s');
    expect(withStep(text, 300)).toBe('rate(x[315s]) 5m 3600s');
    expect(withStep(text, 30, 30)).toBe('rate(x[120s]) 30s 3600s');
  });
});
