// patches/@alcalzone+ansi-tokenize+0.2.5.patch (issue 19): Ink's tokenizer of styled lines makes
// its Intl.Segmenter at first need (the first of a process costs ~22 ms), and splits a string
// whose characters are each a grapheme cluster of their own (printable ASCII, ESC, BEL, Latin-1,
// U+2010–2027, box drawing and blocks) a character at a time. These check that this split is
// the segmenter's, and that the tokens are those of the segmenter's path: the same string
// followed by a CJK character (outside the class, a cluster of its own) takes that path.
import { existsSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { pathToFileURL } from 'node:url';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';

// The tokenizer Ink itself imports (an ESM-only package, which require.resolve cannot find).
const inkBuild = dirname(createRequire(import.meta.url).resolve('ink'));
const tokenizer = [join(inkBuild, '../node_modules'), join(inkBuild, '../..')]
  .map((dir) => join(dir, '@alcalzone/ansi-tokenize/build/index.js'))
  .find((file) => existsSync(file));
const { tokenize } = (await import(
  pathToFileURL(tokenizer ?? 'no @alcalzone/ansi-tokenize beside ink').href
)) as {
  tokenize(line: string): unknown[];
};

/** The patch's class, as installed (so the test checks what runs). */
const installed = readFileSync(join(dirname(tokenizer ?? ''), 'tokenize.js'), 'utf8');
const classSource = /const SINGLE_CLUSTERS = \/(\^\[[^\]]+\]\*\$)\/;/.exec(installed)?.[1];
const SINGLE = new RegExp(classSource ?? 'patch not applied');
const members: string[] = [];
for (let c = 0; c <= 0xffff; c++)
  if (SINGLE.test(String.fromCharCode(c))) members.push(String.fromCharCode(c));
const graphemes = new Intl.Segmenter(undefined, { granularity: 'grapheme' });
const split = (s: string) => [...graphemes.segment(s)].map((g) => g.segment);

const sgr = fc.constantFrom(
  '\x1b[31m',
  '\x1b[39m',
  '\x1b[1;4m',
  '\x1b[38;5;208m',
  '\x1b[48;2;1;2;3m',
  '\x1b[0m',
  '\x1b[',
);
const link = fc.constantFrom('\x1b]8;;https://example.net\x07', '\x1b]8;;\x07');
const member = fc.constantFrom(...members);
const other = fc.constantFrom(
  '日',
  '\u0301',
  '👍',
  '🇫🇷',
  '\u200d',
  '\r\n',
  '\t',
  'e\u0301',
  '\u{1f468}\u200d\u{1f469}',
);

describe('ansi-tokenize: a string of single clusters is split without Intl.Segmenter', () => {
  it('the class is what the patch says (ASCII, ESC, BEL, Latin-1, U+2010–2027, box drawing): 377 characters', () => {
    expect(classSource).toBeDefined();
    expect(members).toHaveLength(377);
    for (const ch of 'a ~\x1b\x07é─█…') expect(members).toContain(ch);
    for (const ch of '\r\n\t\u0300\u200d') expect(members).not.toContain(ch);
  });

  it('every pair of them is two clusters to the segmenter (all 142,129 pairs)', () => {
    const joined: string[] = [];
    for (const a of members) for (const b of members) if (split(a + b).length !== 2) joined.push(a + b);
    expect(joined).toEqual([]);
  });

  it('any string of them is one cluster per character', () => {
    fc.assert(
      fc.property(fc.array(member, { maxLength: 60 }), (chars) => {
        expect(split(chars.join(''))).toEqual(chars);
      }),
      { numRuns: 2000 },
    );
  });

  it('tokens of styled lines equal the segmenter path (the line and a CJK character after it)', () => {
    fc.assert(
      fc.property(fc.array(fc.oneof(member, member, sgr, link), { maxLength: 40 }), (parts) => {
        const line = parts.join('');
        expect(SINGLE.test(line)).toBe(true);
        expect(tokenize(line)).toEqual(tokenize(`${line}日`).slice(0, -1));
      }),
      { numRuns: 2000 },
    );
  });

  it('and so do the tokens of any line (wide, combining, emoji, ZWJ, CRLF: the segmenter path in both)', () => {
    fc.assert(
      fc.property(fc.array(fc.oneof(member, sgr, link, other), { maxLength: 30 }), (parts) => {
        const line = parts.join('');
        expect(tokenize(line)).toEqual(tokenize(`${line}日`).slice(0, -1));
      }),
      { numRuns: 1000 },
    );
  });
});
