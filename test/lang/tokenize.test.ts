import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { isInsideQuote, quoteWord, scanLine, tokenize } from '../../src/lang/index.js';

const texts = (line: string) => tokenize(line).map((t) => t.text);

describe('tokenize', () => {
  it('splits on blanks and reports columns', () => {
    expect(tokenize('  show  interface\teth0 ')).toEqual([
      { text: 'show', start: 2, end: 6, quoted: false, closed: true },
      { text: 'interface', start: 8, end: 17, quoted: false, closed: true },
      { text: 'eth0', start: 18, end: 22, quoted: false, closed: true },
    ]);
  });
  it('double and single quotes, adjacent segments form one word', () => {
    expect(texts(`logs fields "level:error host:a" 'it''s' a"b c"d`)).toEqual([
      'logs',
      'fields',
      'level:error host:a',
      'its',
      'ab cd',
    ]);
    const t = tokenize(`x "a b"`)[1]!;
    expect(t).toEqual({ text: 'a b', start: 2, end: 7, quoted: true, closed: true });
  });
  it('backslash escapes outside quotes and inside double quotes, not single quotes', () => {
    expect(texts(String.raw`a\ b "q\"x\\" 'r\n' end\\`)).toEqual(['a b', 'q"x\\', 'r\\n', 'end\\']);
    expect(texts('trailing\\')).toEqual(['trailing\\']);
  });
  it('an unclosed quote gives closed: false and keeps the text', () => {
    const s = scanLine('metrics labels "rate(x');
    expect(s.tokens[2]).toEqual({ text: 'rate(x', start: 15, end: 22, quoted: true, closed: false });
    expect(s.atNewWord).toBe(false);
    expect(scanLine('a "b ').atNewWord).toBe(false);
  });
  it("'#' begins a comment only as the first non-blank of a line; elsewhere it is text", () => {
    const s = scanLine('plant s1 # water later');
    expect(s.tokens.map((t) => t.text)).toEqual(['plant', 's1', '#', 'water', 'later']);
    expect(s.comment).toBeUndefined();
    expect(texts('interface eth0 description rack #3')).toEqual([
      'interface',
      'eth0',
      'description',
      'rack',
      '#3',
    ]);
    expect(scanLine(' \t# note').comment).toBe(2);
    expect(texts('a#b "#c" \\#d')).toEqual(['a#b', '#c', '#d']);
    expect(scanLine('#only').comment).toBe(0);
  });
  it('reports whether the line ends at a new word', () => {
    expect(scanLine('').atNewWord).toBe(true);
    expect(scanLine('show').atNewWord).toBe(false);
    expect(scanLine('show ').atNewWord).toBe(true);
    expect(scanLine('a\\ ').atNewWord).toBe(false);
    expect(scanLine('"a" ').atNewWord).toBe(true);
  });
  it('columns are UTF-16 indexes', () => {
    const t = tokenize('🌱 "é x" z');
    expect(t.map((x) => [x.start, x.end])).toEqual([
      [0, 2],
      [3, 8],
      [9, 10],
    ]);
  });
});

describe('isInsideQuote / quoteWord', () => {
  it('knows when the cursor is inside an open quote', () => {
    const line = 'logs search "what? now" x';
    expect(isInsideQuote(line, 17)).toBe(true);
    expect(isInsideQuote(line, 23)).toBe(false);
    expect(isInsideQuote(line, 5)).toBe(false);
    expect(isInsideQuote("a 'b", 4)).toBe(true);
  });
  it('quotes only what would not survive as one word, and round-trips', () => {
    expect(quoteWord('eth0')).toBe('eth0');
    for (const w of ['hello world', 'say "hi"', 'back\\slash', '#tag', '', "it's"]) {
      const q = quoteWord(w);
      expect(q).not.toBe(w);
      expect(tokenize(q).map((t) => t.text)).toEqual([w]);
    }
  });
});

describe("the '#' rule, as properties (issue 10)", () => {
  const word = fc.stringMatching(/^[a-z0-9#]{1,6}$/);
  const blanks = fc.stringMatching(/^[ \t]{0,3}$/);

  it('after the first word, # is text: every word is kept, whatever it holds', () => {
    fc.assert(
      fc.property(
        fc.stringMatching(/^[a-z][a-z0-9#]{0,5}$/),
        fc.array(word, { maxLength: 6 }),
        (first, rest) => {
          const line = [first, ...rest].join(' ');
          const s = scanLine(line);
          expect(s.comment).toBeUndefined();
          expect(s.tokens.map((t) => t.text)).toEqual([first, ...rest]);
        },
      ),
    );
  });

  it('# as the first non-blank of a line makes the whole line a comment', () => {
    fc.assert(
      fc.property(blanks, fc.string({ maxLength: 20 }), (lead, text) => {
        const s = scanLine(`${lead}#${text}`);
        expect(s.tokens).toEqual([]);
        expect(s.comment).toBe(lead.length);
      }),
    );
  });
});
