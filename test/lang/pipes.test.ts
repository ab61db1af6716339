// Output pipes at the end of a line: parsed outside quotes and outside metrics/logs
// expressions, checked against the one table, and completed after `|`.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { completePipe, splitPipes } from '../../src/lang/pipes.js';
import { loadRegexEngine } from '../../src/lang/regex.js';
import { quoteWord, scanLine } from '../../src/lang/tokenize.js';

describe('splitPipes', () => {
  it('splits trailing pipes off the command; a unique prefix names a pipe', () => {
    expect(splitPipes('show interface | no-more')).toMatchObject({
      command: 'show interface',
      pipes: [{ spec: { name: 'no-more' }, args: [] }],
    });
    expect(splitPipes('show interface | no-m').pipes.map((p) => p.spec.name)).toEqual(['no-more']);
    expect(splitPipes('show interface').pipes).toEqual([]);
  });

  it('a | in quotes, inside a word, or in a metrics/logs expression is not a pipe', () => {
    expect(splitPipes('interface eth0 description "a | b"')).toMatchObject({
      command: 'interface eth0 description "a | b"',
      pipes: [],
    });
    expect(splitPipes('interface eth0 description a|b').pipes).toEqual([]);
    const expr = 'logs search "error" | stats count() since 1h';
    expect(splitPipes(expr)).toMatchObject({ command: expr, pipes: [] });
    const m = 'metrics query sum(rate(x[5m])) | no-more';
    expect(splitPipes(m).command).toBe(m);
  });

  it('an unknown pipe, a missing name or an extra word is an error at its column', () => {
    const line = 'show interface | bogus';
    const e = splitPipes(line).error;
    expect(e?.message).toMatch(
      /unknown pipe 'bogus' \(pipes: match, except, count, last, json, save, no-more, refresh, graph\)/,
    );
    expect(line.slice(e!.column, e!.column + e!.length)).toBe('bogus');
    expect(splitPipes('show interface |').error?.message).toMatch(/pipe name is missing/);
    expect(splitPipes('show interface | no-more x').error?.message).toMatch(
      /takes no argument, not also 'x'/,
    );
    expect(splitPipes('show | no-more | zz').error?.message).toMatch(/unknown pipe 'zz'/);
  });
});

describe('completePipe', () => {
  it('offers pipe names after |, and leaves the command part to the command completion', () => {
    const after = completePipe('show interface | ', 17);
    expect(after?.candidates.map((c) => c.text)).toEqual([
      'match',
      'except',
      'count',
      'last',
      'json',
      'save',
      'no-more',
      'refresh',
      'graph',
    ]);
    expect(after?.candidates.every((c) => (c.description ?? '') !== '')).toBe(true);
    const partial = completePipe('show interface | no', 19);
    expect(partial).toMatchObject({ replaceFrom: 17, replaceTo: 19, commonPrefix: 'no-more' });
    expect(completePipe('show interface | x', 18)?.hint).toMatch(/unknown pipe 'x'/);
    expect(completePipe('show interface | no-more', 4)).toBeUndefined();
    expect(completePipe('show interface', 14)).toBeUndefined();
  });
});

describe('pipes with an argument (issue 10)', () => {
  it('match, except, last and save take one word; count and json none; they chain left to right', () => {
    const p = splitPipes(
      'show interface | match "UP|DOWN" | except lo | last 2 | count | json | save out.txt',
    );
    expect(p.error).toBeUndefined();
    expect(p.command).toBe('show interface');
    expect(p.pipes.map((x) => [x.spec.name, ...x.args])).toEqual([
      ['match', 'UP|DOWN'],
      ['except', 'lo'],
      ['last', '2'],
      ['count'],
      ['json'],
      ['save', 'out.txt'],
    ]);
  });

  it('a bad regex is one line naming its column; a missing or wrong argument is refused', async () => {
    await loadRegexEngine(); // RE2 loads on demand (runPiped loads it for a line with pipes)
    const line = 'show interface | match a{2,1}';
    const e = splitPipes(line).error!;
    expect(e.message).toBe("'match': bad regex: invalid repeat count at column 25");
    expect(line.slice(e.column, e.column + 5)).toBe('{2,1}');
    expect(splitPipes('show interface | except "(x"').error?.message).toMatch(/missing closing \)/);
    expect(splitPipes('show interface | match').error?.message).toBe("'match' needs REGEX");
    expect(splitPipes('show interface | last ten').error?.message).toMatch(
      /expected a number of lines, not 'ten'/,
    );
    expect(splitPipes('show interface | last 0').error).toBeDefined();
    expect(splitPipes('show interface | match a b').error?.message).toMatch(
      /takes one argument \(REGEX\), not also 'b'/,
    );
    expect(splitPipes('show interface | count 3').error?.message).toMatch(/takes no argument/);
    // RE2 has no lookaround: refused here, never run on a backtracking engine.
    expect(splitPipes('show x | match (?=a)').error?.message).toMatch(/bad regex/);
  });

  it('completion after a pipe name that takes an argument names the argument', () => {
    expect(completePipe('show interface | match ', 23)?.hint).toMatch(
      /^match <regex>: only the lines matching/,
    );
    expect(completePipe('show interface | last ', 22)?.hint).toMatch(/^last <n>/);
    expect(completePipe('show interface | match UP ', 26)?.hint).toMatch(/'\|' for another pipe/);
  });
});

// Words that are not `|` and hold no quote: a line of them has nothing to split.
const plainWord = fc.stringMatching(/^[a-zA-Z0-9_.:/-]{1,8}$/);
const anyText = fc.string({
  unit: fc.constantFrom('a', ' ', '|', '"', "'", '\\', '#', 'x', '\t'),
  maxLength: 24,
});

describe('the pipe split, as properties', () => {
  it('a line without an unquoted | (as a word of its own) is never split', () => {
    fc.assert(
      fc.property(anyText, (line) => {
        const bars = scanLine(line).tokens.filter((t) => t.text === '|' && !t.quoted);
        fc.pre(bars.length === 0);
        const p = splitPipes(line);
        expect(p).toMatchObject({ command: line, pipes: [] });
      }),
    );
  });

  it('a | inside quotes is text: quoted words with bars never make a pipe', () => {
    fc.assert(
      fc.property(
        fc.array(
          fc.oneof(
            plainWord,
            fc.string({ maxLength: 6 }).map((w) => `${w}|${w}`),
          ),
          { minLength: 1, maxLength: 5 },
        ),
        (ws) => {
          const line = [
            'show',
            ...ws.map((w) => (w.includes('|') ? `"${w.replace(/["\\]/g, '')}"` : quoteWord(w))),
          ].join(' ');
          const p = splitPipes(line);
          expect(p.pipes).toEqual([]);
          expect(p.command).toBe(line);
          const q = splitPipes(`show "|" '|' x\\|`);
          expect(q.pipes).toEqual([]);
        },
      ),
    );
  });

  it('command | count: the command is what precedes the first bare |', () => {
    fc.assert(
      fc.property(fc.array(plainWord, { minLength: 1, maxLength: 5 }), (ws) => {
        const cmd = ws.join(' ');
        expect(splitPipes(`${cmd} | count`)).toMatchObject({
          command: cmd,
          pipes: [{ spec: { name: 'count' } }],
        });
      }),
    );
  });
});

describe('a line is read once', () => {
  it("splitPipes hands on the command's tokens, the very ones the line's reading made", async () => {
    const { scanLine, resolveLine } = await import('../../src/lang/index.js');
    const { MetadataCache } = await import('../../src/lang/index.js');
    const { gardenTree, treeFetch } = await import('./fixtures.js');
    const line = 'show plant | count';
    const scan = scanLine(line);
    const piped = splitPipes(line, scan);
    expect(piped.command).toBe('show plant');
    expect(piped.scan?.tokens[0]).toBe(scan.tokens[0]);
    const cache = new MetadataCache(treeFetch(gardenTree()));
    const res = await resolveLine(piped.command, { cache }, new AbortController().signal, {
      scan: piped.scan,
    });
    if (res.kind === 'empty') throw new Error('empty');
    // The resolver read no line of its own: its words are those tokens.
    expect(res.words.map((w) => w.token)).toEqual(scan.tokens.slice(0, 2));
    expect(res.words[0]?.token).toBe(scan.tokens[0]);
  });
});

describe('| refresh [SECONDS]', () => {
  it('takes seconds 1-3600, or none (the default, 2)', () => {
    expect(splitPipes('show interface | refresh').pipes.map((p) => [p.spec.name, p.args])).toEqual([
      ['refresh', []],
    ]);
    expect(
      splitPipes('show interface | match UP | refresh 5').pipes.map((p) => [p.spec.name, p.args]),
    ).toEqual([
      ['match', ['UP']],
      ['refresh', ['5']],
    ]);
    expect(splitPipes('show interface | refresh 3600').error).toBeUndefined();
    for (const bad of ['0', '3601', '1.5', '-1', 'soon'])
      expect(splitPipes(`show interface | refresh ${bad}`).error?.message).toMatch(
        new RegExp(`'refresh': expected seconds, 1-3600, not '${bad.replace('.', '\\.')}'`),
      );
    expect(splitPipes('show interface | refresh 2 3').error?.message).toMatch(/takes one argument/);
  });
});
